package org.jpio.checkpoint;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.CRC32C;
import org.jpio.io.ElementType;

/**
 * The descriptor of a committed checkpoint: what {@code manifest.json} holds (docs/FORMATS.md, "Checkpoint
 * directories"). A checkpoint is valid only once its manifest is in place, so the manifest is written last
 * and published with the whole directory by one rename. It names the format version, the step, the step the
 * writing run restarted from (if it did), the attributes, every array's file, format, dtype, shape, byte
 * order and block checksums, and, for the record, the writer's rank count, communicator, host and jpio
 * version. Its last member is a CRC32C of the text before it, so a damaged manifest is told from a damaged
 * array.
 *
 * @param restartedFrom the step the writing run restarted from, or -1
 * @param created       when the checkpoint was committed, ISO-8601 UTC
 */
public record Manifest(int version, long step, long restartedFrom, String created, Writer writer, Attributes attributes, List<Entry> arrays,
                       List<SharedFile> files) {
    /**
     * The newest format version this jpio reads and writes; readers refuse newer ones. A checkpoint whose
     * arrays each have a file of their own is written as version 1 (what jpio wrote before version 2
     * existed); one whose arrays share a file (HDF5 datasets) as version 2, which adds the array's
     * {@code dataset}, checksums of the data bytes ({@code crc32c_of}) and the shared file's {@code files} entry.
     */
    public static final int VERSION = 2;
    /** What the {@code format} member of every manifest says. */
    public static final String FORMAT = "jpio-checkpoint";
    /** The manifest's file name inside a checkpoint directory. */
    public static final String FILE = "manifest.json";
    private static final String CRC_MEMBER = "  \"manifest_crc32c\": \"";

    /** Who wrote the checkpoint: for the record, never needed to read it. */
    public record Writer(int ranks, String comm, String host, String jpio) {
        public Writer {
            Objects.requireNonNull(comm, "comm");
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(jpio, "jpio");
        }
    }

    /**
     * One array: its file (relative to the checkpoint directory), its dataset inside a file that holds several
     * ("" for a file of its own), the format that wrote it, element type, shape, byte order, where its data
     * starts, the file's size, and the CRC32C of each {@code blockSize} bytes of what it checksums (the last
     * block may be shorter): the whole file, header included, for a file of its own; the data bytes alone,
     * from {@code dataPosition}, for a dataset (the shared file's other bytes are checksummed once, by its
     * {@link SharedFile} entry).
     */
    public record Entry(String name, String file, String dataset, String format, ElementType type, long[] shape, ByteOrder order,
                        long dataPosition, long fileSize, int blockSize, int[] crc32c) {
        public Entry {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(dataset, "dataset");
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(order, "order");
            shape = shape.clone();
            crc32c = crc32c.clone();
            if (blockSize < 1) throw new IllegalArgumentException("array " + name + ": block_size=" + blockSize + " must be >= 1");
            long summed = dataset.isEmpty() ? fileSize : bytesOf(type, shape);
            if (crc32c.length != BlockSums.blocks(summed, blockSize))
                throw new IllegalArgumentException("array " + name + ": " + crc32c.length + " checksums for " + (dataset.isEmpty() ? "file_size=" : "data bytes=")
                        + summed + " in blocks of " + blockSize + " (" + BlockSums.blocks(summed, blockSize) + " blocks)");
            if (!dataset.isEmpty() && (dataPosition < 0 || dataPosition > fileSize - summed))
                throw new IllegalArgumentException("array " + name + ": data_position=" + dataPosition + " length=" + summed + " is not inside file_size=" + fileSize);
        }

        /** An array in a file of its own (version 1). */
        public Entry(String name, String file, String format, ElementType type, long[] shape, ByteOrder order, long dataPosition, long fileSize,
                     int blockSize, int[] crc32c) {
            this(name, file, "", format, type, shape, order, dataPosition, fileSize, blockSize, crc32c);
        }

        @Override public long[] shape() { return shape.clone(); }

        /** Whether the checksums are of the data bytes alone (a dataset in a shared file), not of the whole file. */
        public boolean sumsData() { return !dataset.isEmpty(); }

        /** The file position of the first checksummed byte: the data's for a dataset, 0 for a file of its own. */
        public long sumsFrom() { return sumsData() ? dataPosition : 0; }

        /** Bytes checksummed: the data's for a dataset, the whole file's otherwise. */
        public long sumsLength() { return sumsData() ? dataBytes() : fileSize; }

        @Override public int[] crc32c() { return crc32c.clone(); }

        /** Bytes of the array's data. */
        public long dataBytes() { return bytesOf(type, shape); }

        private static long bytesOf(ElementType type, long[] shape) {
            long n = type.size();
            for (long s : shape) n = Math.multiplyExact(n, s);
            return n;
        }

        /** numpy's dtype string ({@code <f8}). */
        public String dtype() { return org.jpio.npy.NpyHeader.of(type, order, false, 0).descr(); }

        @Override public boolean equals(Object o) {
            return o instanceof Entry e && e.name.equals(name) && e.file.equals(file) && e.dataset.equals(dataset) && e.format.equals(format) && e.type == type
                    && Arrays.equals(e.shape, shape) && e.order.equals(order) && e.dataPosition == dataPosition
                    && e.fileSize == fileSize && e.blockSize == blockSize && Arrays.equals(e.crc32c, crc32c);
        }

        @Override public int hashCode() { return name.hashCode() * 31 + Arrays.hashCode(crc32c); }

        @Override public String toString() {
            return name + " (" + file + (sumsData() ? ":" + dataset : "") + ", " + format + " " + dtype() + " shape=" + Arrays.toString(shape) + ", " + fileSize + " bytes)";
        }
    }

    /**
     * A file several arrays share (an HDF5 file of datasets): its size and the CRC32C of its bytes outside
     * every array's data, in file order (the format's metadata: superblock, object headers, the attributes),
     * read back by one rank once the file is complete. The data bytes are checksummed by each array's entry.
     */
    public record SharedFile(String file, String format, long fileSize, int outsideDataCrc32c) {
        public SharedFile {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(format, "format");
        }
    }

    public Manifest {
        Objects.requireNonNull(created, "created");
        Objects.requireNonNull(writer, "writer");
        Objects.requireNonNull(attributes, "attributes");
        arrays = List.copyOf(arrays);
        files = List.copyOf(files);
        boolean shared = !files.isEmpty() || arrays.stream().anyMatch(Entry::sumsData);
        if (shared && version < 2)
            throw new IllegalArgumentException("version=" + version + " cannot hold arrays in a shared file (datasets): version 2 or later does");
    }

    /** A manifest of arrays in files of their own (written as version 1, or the version given). */
    public Manifest(int version, long step, long restartedFrom, String created, Writer writer, Attributes attributes, List<Entry> arrays) {
        this(version, step, restartedFrom, created, writer, attributes, arrays, List.of());
    }

    /** The version a manifest of these arrays and files is written as: 1 unless they share a file (2). */
    static int versionFor(List<Entry> arrays, List<SharedFile> files) {
        return !files.isEmpty() || arrays.stream().anyMatch(Entry::sumsData) ? 2 : 1;
    }

    /** The shared file {@code file}, or null. */
    public SharedFile sharedFile(String file) {
        for (SharedFile f : files) if (f.file.equals(file)) return f;
        return null;
    }

    /** The array named {@code name}, or null. */
    public Entry array(String name) {
        for (Entry e : arrays) if (e.name.equals(name)) return e;
        return null;
    }

    /** Bytes of every array file (a shared file once). */
    public long bytes() {
        long b = 0;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Entry e : arrays) if (seen.add(e.file)) b += e.fileSize;
        return b;
    }

    // ---- the text ---------------------------------------------------------------------------------------

    /** The manifest's text, as written to {@code manifest.json}: UTF-8, members in a fixed order, one per line. */
    public String toJson() {
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"format\": ").append(Json.quote(FORMAT)).append(",\n");
        b.append("  \"version\": ").append(version).append(",\n");
        b.append("  \"step\": ").append(step).append(",\n");
        b.append("  \"restarted_from\": ").append(restartedFrom < 0 ? "null" : Long.toString(restartedFrom)).append(",\n");
        b.append("  \"created\": ").append(Json.quote(created)).append(",\n");
        b.append("  \"writer\": {\"ranks\": ").append(writer.ranks).append(", \"comm\": ").append(Json.quote(writer.comm))
                .append(", \"host\": ").append(Json.quote(writer.host)).append(", \"jpio\": ").append(Json.quote(writer.jpio)).append("},\n");
        b.append("  \"attributes\": {");
        int i = 0;
        for (Map.Entry<String, Object> a : attributes.asMap().entrySet())
            b.append(i++ == 0 ? "\n" : ",\n").append("    ").append(Json.quote(a.getKey())).append(": ").append(attribute(a.getValue()));
        b.append(i == 0 ? "},\n" : "\n  },\n");
        b.append("  \"arrays\": [");
        for (int k = 0; k < arrays.size(); k++) b.append(k == 0 ? "\n" : ",\n").append(entry(arrays.get(k)));
        b.append(arrays.isEmpty() ? "],\n" : "\n  ],\n");
        if (version >= 2) {
            b.append("  \"files\": [");
            for (int k = 0; k < files.size(); k++) {
                SharedFile f = files.get(k);
                b.append(k == 0 ? "\n" : ",\n").append("    {\"file\": ").append(Json.quote(f.file)).append(", \"format\": ").append(Json.quote(f.format))
                        .append(", \"file_size\": ").append(f.fileSize).append(", \"outside_data_crc32c\": \"").append(hex(f.outsideDataCrc32c)).append("\"}");
            }
            b.append(files.isEmpty() ? "],\n" : "\n  ],\n");
        }
        String body = b.toString();
        return body + CRC_MEMBER + hex(crc(body)) + "\"\n}\n";
    }

    /** The attributes as the manifest writes them, one string (for ranks to compare). */
    static String attributesText(Attributes attributes) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, Object> a : attributes.asMap().entrySet()) b.append(Json.quote(a.getKey())).append(": ").append(attribute(a.getValue())).append(';');
        return b.toString();
    }

    private static String attribute(Object v) {
        String kind = Json.quote(Attributes.kindOf(v));
        String value;
        if (v instanceof String s) value = Json.quote(s);
        else if (v instanceof Double d && !Double.isFinite(d)) {
            value = Json.quote(d.isNaN() ? "NaN" : d > 0 ? "Infinity" : "-Infinity");
            if (d.isNaN()) value += ", \"bits\": " + Json.quote(Long.toHexString(Double.doubleToRawLongBits(d)));
        } else value = v.toString();
        return "{\"type\": " + kind + ", \"value\": " + value + "}";
    }

    private static String entry(Entry e) {
        StringBuilder b = new StringBuilder("    {\n");
        b.append("      \"name\": ").append(Json.quote(e.name)).append(",\n");
        b.append("      \"file\": ").append(Json.quote(e.file)).append(",\n");
        if (e.sumsData()) b.append("      \"dataset\": ").append(Json.quote(e.dataset)).append(",\n");
        b.append("      \"format\": ").append(Json.quote(e.format)).append(",\n");
        b.append("      \"dtype\": ").append(Json.quote(e.dtype())).append(",\n");
        b.append("      \"type\": ").append(Json.quote(e.type.name().toLowerCase(java.util.Locale.ROOT))).append(",\n");
        b.append("      \"shape\": [");
        for (int d = 0; d < e.shape.length; d++) b.append(d > 0 ? ", " : "").append(e.shape[d]);
        b.append("],\n");
        b.append("      \"byte_order\": ").append(Json.quote(e.order == ByteOrder.BIG_ENDIAN ? "big" : "little")).append(",\n");
        b.append("      \"fortran_order\": false,\n");
        b.append("      \"data_position\": ").append(e.dataPosition).append(",\n");
        b.append("      \"file_size\": ").append(e.fileSize).append(",\n");
        b.append("      \"block_size\": ").append(e.blockSize).append(",\n");
        if (e.sumsData()) b.append("      \"crc32c_of\": \"data\",\n");
        b.append("      \"crc32c\": [");
        for (int k = 0; k < e.crc32c.length; k++) b.append(k > 0 ? ", " : "").append('"').append(hex(e.crc32c[k])).append('"');
        return b.append("]\n    }").toString();
    }

    static String hex(int crc) { return String.format("%08x", crc); }

    private static int crc(String text) {
        CRC32C c = new CRC32C();
        c.update(text.getBytes(StandardCharsets.UTF_8));
        return (int) c.getValue();
    }

    /**
     * Reads a manifest's text; an IllegalArgumentException naming {@code source} and what is wrong: not
     * JSON, not a jpio checkpoint, a version newer than this jpio reads, a member missing or of the wrong
     * kind, or text that does not match its own checksum.
     */
    public static Manifest parse(String text, String source) {
        try {
            return read(text);
        } catch (IllegalArgumentException | ClassCastException | ArithmeticException e) {
            throw new IllegalArgumentException("manifest " + source + ": " + e.getMessage(), e);
        }
    }

    private static Manifest read(String text) {
        if (!(Json.parse(text) instanceof Map<?, ?> m)) throw new IllegalArgumentException("not a JSON object");
        if (!FORMAT.equals(m.get("format"))) throw new IllegalArgumentException("format=" + m.get("format") + " is not " + FORMAT);
        long version = number(m, "version");
        if (version < 1 || version > VERSION)
            throw new IllegalArgumentException("version=" + version + ": this jpio reads versions 1 to " + VERSION + " (written by a newer jpio?)");
        int at = text.lastIndexOf(CRC_MEMBER);
        String stated = string(m, "manifest_crc32c");
        if (at < 0 || !stated.equals(hex(crc(text.substring(0, at)))))
            throw new IllegalArgumentException("manifest_crc32c=" + stated + " does not match its text (crc32c of the text before it: "
                    + (at < 0 ? "member not on a line of its own" : hex(crc(text.substring(0, at)))) + "): the manifest is damaged");
        Map<?, ?> w = object(m, "writer");
        Writer writer = new Writer((int) number(w, "ranks"), string(w, "comm"), string(w, "host"), string(w, "jpio"));
        Map<String, Object> attrs = new LinkedHashMap<>();
        for (Map.Entry<?, ?> a : object(m, "attributes").entrySet()) attrs.put((String) a.getKey(), attributeValue((String) a.getKey(), (Map<?, ?>) a.getValue()));
        List<Entry> arrays = new ArrayList<>();
        for (Object o : list(m, "arrays")) arrays.add(entry((Map<?, ?>) o, version));
        List<SharedFile> files = new ArrayList<>();
        if (version >= 2)
            for (Object o : list(m, "files")) {
                Map<?, ?> f = (Map<?, ?>) o;
                files.add(new SharedFile(string(f, "file"), string(f, "format"), number(f, "file_size"), Integer.parseUnsignedInt(string(f, "outside_data_crc32c"), 16)));
            }
        for (Entry e : arrays) {
            SharedFile f = null;
            for (SharedFile x : files) if (x.file.equals(e.file)) f = x;
            if (e.sumsData() && (f == null || f.fileSize != e.fileSize))
                throw new IllegalArgumentException("array " + e.name + ": dataset " + e.dataset + " of file " + e.file + " has no entry of that file and size in \"files\"");
        }
        Object from = m.get("restarted_from");
        return new Manifest((int) version, number(m, "step"), from == Json.NULL || from == null ? -1 : (Long) from, string(m, "created"),
                writer, Attributes.of(attrs), arrays, files);
    }

    private static Object attributeValue(String name, Map<?, ?> a) {
        String kind = string(a, "type");
        Object v = a.get("value");
        return switch (kind) {
            case "long" -> (Long) v;
            case "string" -> (String) v;
            case "boolean" -> (Boolean) v;
            case "double" -> v instanceof Long l ? (double) l : v instanceof Double d ? d : switch ((String) v) {
                case "NaN" -> a.containsKey("bits") ? Double.longBitsToDouble(Long.parseUnsignedLong(string(a, "bits"), 16)) : Double.NaN;
                case "Infinity" -> Double.POSITIVE_INFINITY;
                case "-Infinity" -> Double.NEGATIVE_INFINITY;
                default -> throw new IllegalArgumentException("attribute " + name + ": double value " + v + " is not a number");
            };
            default -> throw new IllegalArgumentException("attribute " + name + ": unknown type=" + kind);
        };
    }

    private static Entry entry(Map<?, ?> a, long version) {
        String name = string(a, "name");
        List<Object> s = list(a, "shape");
        long[] shape = new long[s.size()];
        for (int d = 0; d < shape.length; d++) shape[d] = (Long) s.get(d);
        String order = string(a, "byte_order");
        if (!order.equals("little") && !order.equals("big")) throw new IllegalArgumentException("array " + name + ": byte_order=" + order + " is not little or big");
        if (!Boolean.FALSE.equals(a.get("fortran_order"))) throw new IllegalArgumentException("array " + name + ": fortran_order must be false");
        List<Object> c = list(a, "crc32c");
        int[] crc = new int[c.size()];
        for (int k = 0; k < crc.length; k++) crc[k] = Integer.parseUnsignedInt((String) c.get(k), 16);
        String dataset = version >= 2 && a.containsKey("dataset") ? string(a, "dataset") : "";
        String of = version >= 2 && a.containsKey("crc32c_of") ? string(a, "crc32c_of") : "file";
        if (!of.equals(dataset.isEmpty() ? "file" : "data"))
            throw new IllegalArgumentException("array " + name + ": crc32c_of=" + of + " with dataset=\"" + dataset + "\" (a dataset's checksums are of its data, a file's of the file)");
        Entry e = new Entry(name, string(a, "file"), dataset, string(a, "format"), ElementType.forName(string(a, "type")), shape,
                order.equals("big") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, number(a, "data_position"), number(a, "file_size"),
                Math.toIntExact(number(a, "block_size")), crc);
        if (!e.dtype().equals(string(a, "dtype")))
            throw new IllegalArgumentException("array " + name + ": dtype=" + string(a, "dtype") + " does not match type=" + string(a, "type")
                    + " and byte_order=" + order + " (" + e.dtype() + ")");
        return e;
    }

    private static Object member(Map<?, ?> m, String key) {
        Object v = m.get(key);
        if (v == null) throw new IllegalArgumentException("member \"" + key + "\" is missing");
        return v;
    }

    private static long number(Map<?, ?> m, String key) {
        if (!(member(m, key) instanceof Long l)) throw new IllegalArgumentException("member \"" + key + "\"=" + m.get(key) + " is not an integer");
        return l;
    }

    private static String string(Map<?, ?> m, String key) {
        if (!(member(m, key) instanceof String s)) throw new IllegalArgumentException("member \"" + key + "\"=" + m.get(key) + " is not a string");
        return s;
    }

    private static Map<?, ?> object(Map<?, ?> m, String key) {
        if (!(member(m, key) instanceof Map<?, ?> o)) throw new IllegalArgumentException("member \"" + key + "\" is not an object");
        return o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Map<?, ?> m, String key) {
        if (!(member(m, key) instanceof List<?> l)) throw new IllegalArgumentException("member \"" + key + "\" is not an array");
        return (List<Object>) l;
    }
}
