package org.jpio.format;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jpio.io.ElementType;

/**
 * Named values attached to a file, a group or an array (HDF5's attributes): a checkpoint's step, time and
 * units. Immutable, in insertion order. A value is one of
 * <ul>
 *   <li>a scalar of the eight primitive types, given boxed ({@code 42}, {@code 0.5}, {@code true}),</li>
 *   <li>a one-dimensional array of them ({@code new double[] {1, 2}}),</li>
 *   <li>a String, or a String[].</li>
 * </ul>
 * {@link #get} returns the same kind it was given (arrays as copies). Anything else is an
 * IllegalArgumentException naming the attribute and the value's class.
 */
public final class Attributes {
    /** One value: {@code type} null for strings; {@code data} a primitive array or a String[]; {@code scalar} for one value without a dimension. */
    record Value(ElementType type, Object data, boolean scalar) {
        int length() { return Array.getLength(data); }

        Object external() {
            if (scalar) return Array.get(data, 0);
            return data instanceof String[] s ? s.clone() : cloneArray(data);
        }

        boolean same(Value o) {
            return type == o.type && scalar == o.scalar && Arrays.deepEquals(new Object[] {data}, new Object[] {o.data});
        }

        @Override public String toString() {
            if (scalar) return data instanceof String[] s ? '"' + s[0] + '"' : String.valueOf(Array.get(data, 0));
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < length(); i++) {
                Object x = Array.get(data, i);
                b.append(i > 0 ? ", " : "").append(x instanceof String ? "\"" + x + "\"" : x);
            }
            return b.append(']').toString();
        }
    }

    private static final Attributes EMPTY = new Attributes(new LinkedHashMap<>());

    private final Map<String, Value> values;

    private Attributes(LinkedHashMap<String, Value> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    public static Attributes empty() { return EMPTY; }

    /** {@code of("step", 10L, "time", 0.5, "units", "s")}: names and values alternating. */
    public static Attributes of(Object... nameValue) {
        if (nameValue.length % 2 != 0) throw new IllegalArgumentException("attributes: names and values must alternate, got " + nameValue.length + " arguments");
        Attributes a = EMPTY;
        for (int i = 0; i < nameValue.length; i += 2) {
            if (!(nameValue[i] instanceof String name)) throw new IllegalArgumentException("attribute name at argument " + i + " is not a String: " + nameValue[i]);
            a = a.with(name, nameValue[i + 1]);
        }
        return a;
    }

    /** These attributes and {@code name = value} (replacing an attribute of that name). */
    public Attributes with(String name, Object value) {
        if (name == null || name.isEmpty() || name.indexOf('\0') >= 0)
            throw new IllegalArgumentException("attribute name must be a non-empty string without NUL characters: name=" + name);
        LinkedHashMap<String, Value> m = new LinkedHashMap<>(values);
        m.put(name, valueOf(name, value));
        return new Attributes(m);
    }

    /** Every attribute of these and then of {@code more} (which win on equal names). */
    public Attributes with(Attributes more) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>(values);
        m.putAll(more.values);
        return new Attributes(m);
    }

    /** The value of {@code name} in the kind it was given, or null when there is none. */
    public Object get(String name) {
        Value v = values.get(name);
        return v == null ? null : v.external();
    }

    public Set<String> names() { return values.keySet(); }

    public int size() { return values.size(); }

    public boolean isEmpty() { return values.isEmpty(); }

    /** Name to value, in insertion order, values as {@link #get} returns them. */
    public Map<String, Object> asMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(k, v.external()));
        return m;
    }

    Map<String, Value> values() { return values; }

    /** An attribute the way a format read it (no copy of {@code data}: the reader made it). */
    Attributes withValue(String name, Value v) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>(values);
        m.put(name, v);
        return new Attributes(m);
    }

    private static Value valueOf(String name, Object value) {
        if (value instanceof String s) return new Value(null, new String[] {s}, true);
        if (value instanceof String[] s) {
            for (String x : s) if (x == null) throw new IllegalArgumentException("attribute " + name + ": a String[] value must not hold null");
            return new Value(null, s.clone(), false);
        }
        if (value != null && value.getClass().isArray() && value.getClass().getComponentType().isPrimitive())
            return new Value(ElementType.of(value), cloneArray(value), false);
        if (value != null)
            for (ElementType t : ElementType.values()) {
                Object one = t.newArray(1);
                if (Array.get(one, 0).getClass() == value.getClass()) {  // the boxed class of t's primitive
                    Array.set(one, 0, value);
                    return new Value(t, one, true);
                }
            }
        throw new IllegalArgumentException("attribute " + name + ": value of class " + (value == null ? "null" : value.getClass().getTypeName())
                + " is not a boxed primitive, a primitive array, a String or a String[]");
    }

    private static Object cloneArray(Object a) {
        int n = Array.getLength(a);
        Object c = Array.newInstance(a.getClass().getComponentType(), n);
        System.arraycopy(a, 0, c, 0, n);
        return c;
    }

    // ---- bytes, for a broadcast from the rank that read them -------------------------------------------

    /** The attributes as bytes ({@link #decode} reverses it): name, kind, scalar flag, length and elements of each. */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(values.size());
            for (Map.Entry<String, Value> e : values.entrySet()) {
                Value v = e.getValue();
                writeString(out, e.getKey());
                out.writeByte(v.type == null ? -1 : v.type.ordinal());
                out.writeBoolean(v.scalar);
                out.writeInt(v.length());
                if (v.type == null) {
                    for (String s : (String[]) v.data) writeString(out, s);
                } else {
                    ByteBuffer b = ByteBuffer.allocate(v.length() * v.type.size());
                    v.type.put(b, v.data, 0, v.length());
                    out.write(b.array());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    public static Attributes decode(byte[] encoded) {
        LinkedHashMap<String, Value> m = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                String name = readString(in);
                int kind = in.readByte();
                boolean scalar = in.readBoolean();
                int len = in.readInt();
                if (kind < 0) {
                    String[] s = new String[len];
                    for (int k = 0; k < len; k++) s[k] = readString(in);
                    m.put(name, new Value(null, s, scalar));
                } else {
                    ElementType t = ElementType.values()[kind];
                    byte[] raw = new byte[len * t.size()];
                    in.readFully(raw);
                    Object data = t.newArray(len);
                    t.get(ByteBuffer.wrap(raw), data, 0, len);
                    m.put(name, new Value(t, data, scalar));
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("encoded attributes are truncated or corrupt: " + encoded.length + " bytes", e);
        }
        return new Attributes(m);
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    @Override public boolean equals(Object o) {
        if (!(o instanceof Attributes a) || !a.values.keySet().equals(values.keySet())) return false;
        for (Map.Entry<String, Value> e : values.entrySet()) if (!e.getValue().same(a.values.get(e.getKey()))) return false;
        return true;
    }

    @Override public int hashCode() { return values.keySet().hashCode(); }

    @Override public String toString() {
        StringBuilder b = new StringBuilder("{");
        values.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append('=').append(v));
        return b.append('}').toString();
    }
}
