package org.jpio.npy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpio.io.ElementType;

/**
 * The descriptor of a numpy {@code .npy} file (format versions 1.0, 2.0 and 3.0; spec in docs/FORMATS.md):
 * element type, byte order, shape, C or Fortran order, and where the data starts. Immutable.
 *
 * <p>Java's eight primitives map to dtypes {@code b1 i1 u2 i2 i4 i8 f4 f8} (char is unsigned 16-bit,
 * boolean one byte 0/1 as numpy's bool_).
 */
public record NpyHeader(ElementType type, ByteOrder order, boolean fortranOrder, long[] shape, int dataOffset, int version) {

    static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    /** numpy aligns the data to 64 bytes so that memory maps of it are aligned for any dtype. */
    static final int ALIGN = 64;

    public NpyHeader {
        shape = shape.clone();
        for (long d : shape) if (d < 0) throw new IllegalArgumentException("negative dimension in shape=" + Arrays.toString(shape));
    }

    /** A header for writing: the smallest version that can hold it, data aligned to 64 bytes. */
    public static NpyHeader of(ElementType type, ByteOrder order, boolean fortranOrder, long... shape) {
        String dict = dict(type, order, fortranOrder, shape);
        int version = dict.length() + 1 + 10 < 65536 ? 1 : 2;
        int prefix = version == 1 ? 10 : 12;
        int total = (prefix + dict.length() + 1 + ALIGN - 1) / ALIGN * ALIGN;
        return new NpyHeader(type, order, fortranOrder, shape, total, version);
    }

    @Override public long[] shape() { return shape.clone(); }

    /** Number of elements (product of the shape; 1 for a 0-d array). */
    public long elementCount() {
        long n = 1;
        for (long d : shape) n = Math.multiplyExact(n, d);
        return n;
    }

    public long dataBytes() { return Math.multiplyExact(elementCount(), type.size()); }

    /** numpy's dtype string, e.g. {@code <i4}, {@code |b1}. */
    public String descr() { return descr(type, order); }

    static String descr(ElementType t, ByteOrder order) {
        char endian = t.size() == 1 ? '|' : order == ByteOrder.LITTLE_ENDIAN ? '<' : '>';
        return "" + endian + t.numpyKind() + t.size();
    }

    private static String dict(ElementType t, ByteOrder order, boolean fortran, long[] shape) {
        StringBuilder s = new StringBuilder("{'descr': '").append(descr(t, order)).append("', 'fortran_order': ")
                .append(fortran ? "True" : "False").append(", 'shape': (");
        for (int i = 0; i < shape.length; i++) s.append(i > 0 ? ", " : "").append(shape[i]);
        if (shape.length == 1) s.append(',');
        return s.append("), }").toString();
    }

    /** The header bytes: magic, version, length, the dict padded with spaces, a final newline. */
    public byte[] encode() {
        byte[] dict = dict(type, order, fortranOrder, shape).getBytes(StandardCharsets.US_ASCII);
        int prefix = version == 1 ? 10 : 12;
        int headerLen = dataOffset - prefix;
        if (headerLen < dict.length + 1) throw new IllegalStateException("header does not fit in dataOffset=" + dataOffset);
        ByteBuffer b = ByteBuffer.allocate(dataOffset).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).put((byte) version).put((byte) 0);
        if (version == 1) b.putShort((short) headerLen); else b.putInt(headerLen);
        b.put(dict);
        while (b.position() < dataOffset - 1) b.put((byte) ' ');
        b.put((byte) '\n');
        return b.array();
    }

    /**
     * Parses a header from the first bytes of a file ({@code source} names the file in errors). Needs at
     * most {@link #prefixLength(byte[], String)} bytes; IllegalArgumentException names what is wrong.
     */
    public static NpyHeader parse(byte[] bytes, String source) {
        int prefix = prefixLength(bytes, source);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = bytes[6];
        long headerLen = version == 1 ? Short.toUnsignedInt(b.getShort(8)) : Integer.toUnsignedLong(b.getInt(8));
        if (bytes.length < prefix + headerLen)
            throw new IllegalArgumentException("truncated .npy header: file=" + source + " header_len=" + headerLen);
        String dict = new String(bytes, prefix, (int) headerLen, version == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        DictParser p = new DictParser(dict, source);
        String descr = null;
        Boolean fortran = null;
        long[] shape = null;
        p.expect('{');
        while (!p.peek('}')) {
            String key = p.string();
            p.expect(':');
            switch (key) {
                case "descr" -> descr = p.string();
                case "fortran_order" -> fortran = p.bool();
                case "shape" -> shape = p.tuple();
                default -> throw new IllegalArgumentException("unexpected key '" + shown(key) + "' in .npy header: file=" + source);
            }
            if (!p.peek('}')) p.expect(',');
        }
        if (descr == null || fortran == null || shape == null)
            throw new IllegalArgumentException(".npy header lacks descr, fortran_order or shape: file=" + source + " header=" + shown(dict.trim()));
        ElementType type = typeOf(descr, source);
        ByteOrder order = descr.charAt(0) == '>' ? ByteOrder.BIG_ENDIAN
                : descr.charAt(0) == '<' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.nativeOrder();
        return new NpyHeader(type, order, fortran, shape, (int) (prefix + headerLen), version);
    }

    /** Bytes before the dict (10 for version 1.0, 12 for 2.0 and 3.0), after checking magic and version. */
    static int prefixLength(byte[] bytes, String source) {
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, 6), MAGIC))
            throw new IllegalArgumentException("not a .npy file (no \\x93NUMPY magic): file=" + source);
        int major = bytes[6];
        if (major < 1 || major > 3)
            throw new IllegalArgumentException("unsupported .npy format version " + major + "." + bytes[7] + ": file=" + source);
        return major == 1 ? 10 : 12;
    }

    private static ElementType typeOf(String descr, String source) {
        if (descr.length() >= 3 && "<>|=".indexOf(descr.charAt(0)) >= 0) {
            String code = descr.substring(1);
            for (ElementType t : ElementType.values())
                if (code.equals("" + t.numpyKind() + t.size())) return t;
            if (code.equals("?")) return ElementType.BOOLEAN;
        }
        throw new IllegalArgumentException("dtype '" + shown(descr) + "' has no Java primitive type (b1 i1 u2 i2 i4 i8 f4 f8): file=" + source);
    }

    /** At most this many characters of a header are quoted in an error. */
    static final int SHOWN = 120;

    /**
     * Header text as an error quotes it: control and other unprintable characters escaped (a garbage header
     * is binary), and cut after {@link #SHOWN} characters, saying how long it was.
     */
    static String shown(String text) {
        StringBuilder b = new StringBuilder();
        int n = Math.min(text.length(), SHOWN);
        for (int k = 0; k < n; k++) {
            char c = text.charAt(k);
            if (c == '\\') b.append("\\\\");
            else if (c >= 0x20 && c < 0x7f) b.append(c);
            else if (c < 0x100) b.append(String.format("\\x%02x", (int) c));
            else if (Character.isLetterOrDigit(c)) b.append(c);
            else b.append(String.format("\\u%04x", (int) c));
        }
        if (text.length() > SHOWN) b.append("... (").append(text.length()).append(" characters in all)");
        return b.toString();
    }

    @Override public boolean equals(Object o) {
        return o instanceof NpyHeader h && h.type == type && h.order.equals(order) && h.fortranOrder == fortranOrder
                && Arrays.equals(h.shape, shape) && h.dataOffset == dataOffset && h.version == version;
    }

    @Override public int hashCode() { return Arrays.hashCode(shape) * 31 + type.hashCode(); }

    @Override public String toString() {
        return "NpyHeader[descr=" + descr() + " fortran_order=" + fortranOrder + " shape=" + Arrays.toString(shape)
                + " dataOffset=" + dataOffset + " version=" + version + ".0]";
    }

    /** A parser for the small subset of Python literal syntax that .npy headers use. */
    private static final class DictParser {
        private final String s;
        private final String source;
        private int i;

        DictParser(String s, String source) { this.s = s; this.source = source; }

        private void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        boolean peek(char c) { ws(); return i < s.length() && s.charAt(i) == c; }

        void expect(char c) {
            if (!peek(c)) throw error("expected '" + c + "'");
            i++;
        }

        String string() {
            ws();
            if (i >= s.length() || (s.charAt(i) != '\'' && s.charAt(i) != '"')) throw error("expected a string");
            char q = s.charAt(i++);
            int end = s.indexOf(q, i);
            if (end < 0) throw error("unterminated string");
            String v = s.substring(i, end);
            i = end + 1;
            return v;
        }

        boolean bool() {
            ws();
            if (s.startsWith("True", i)) { i += 4; return true; }
            if (s.startsWith("False", i)) { i += 5; return false; }
            throw error("expected True or False");
        }

        long[] tuple() {
            expect('(');
            List<Long> dims = new ArrayList<>();
            while (!peek(')')) {
                ws();
                int start = i;
                while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
                if (start == i) throw error("expected a dimension");
                try {
                    dims.add(Long.parseLong(s.substring(start, i)));
                } catch (NumberFormatException e) {
                    throw error("dimension " + shown(s.substring(start, i)) + " does not fit in a long");
                }
                if (i < s.length() && s.charAt(i) == 'L') i++; // Python 2 longs
                if (!peek(')')) expect(',');
            }
            i++;
            return dims.stream().mapToLong(Long::longValue).toArray();
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad .npy header: " + what + " at " + i + ": file=" + source + " header=" + shown(s.trim()));
        }
    }
}
