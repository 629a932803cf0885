package org.jpio.checkpoint;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The named values of a checkpoint besides its arrays (the simulated time, a parameter, a note): each a
 * long, a double (NaN and infinities included, every bit kept), a string or a boolean. Immutable; in the
 * order they were given. The step is not an attribute: every checkpoint has one ({@link Manifest#step()}).
 */
public final class Attributes {
    /** No attributes. */
    public static final Attributes NONE = new Attributes(Map.of());

    private final Map<String, Object> values;

    private Attributes(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** These attributes and {@code name = value} (replacing an earlier value of that name). */
    Attributes with(String name, Object value) {
        checkName(name);
        if (!(value instanceof Long || value instanceof Double || value instanceof String || value instanceof Boolean))
            throw new IllegalArgumentException("attribute " + name + ": value " + value + " must be a long, double, String or boolean");
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.put(name, value);
        return new Attributes(m);
    }

    static Attributes of(Map<String, Object> values) {
        Attributes a = NONE;
        for (Map.Entry<String, Object> e : values.entrySet()) a = a.with(e.getKey(), e.getValue());
        return a;
    }

    static void checkName(String name) {
        if (name == null || name.isEmpty() || name.length() > 200 || name.chars().anyMatch(c -> c < 0x20))
            throw new IllegalArgumentException("attribute name=" + (name == null ? null : Json.quote(name))
                    + " must be 1 to 200 characters without control characters");
    }

    public Set<String> names() { return values.keySet(); }

    public boolean has(String name) { return values.containsKey(name); }

    /** Every attribute, in order: Long, Double, String or Boolean values. */
    public Map<String, Object> asMap() { return values; }

    public long getLong(String name) { return get(name, Long.class); }

    public double getDouble(String name) { return get(name, Double.class); }

    public String getString(String name) { return get(name, String.class); }

    public boolean getBoolean(String name) { return get(name, Boolean.class); }

    private <T> T get(String name, Class<T> kind) {
        Object v = values.get(name);
        if (v == null) throw new IllegalArgumentException("no attribute " + name + " (attributes: " + values.keySet() + ")");
        if (!kind.isInstance(v))
            throw new IllegalArgumentException("attribute " + name + " is a " + kindOf(v) + " (" + v + "), not a " + kindOf(kind));
        return kind.cast(v);
    }

    /** The manifest's name of a value's kind: long, double, string, boolean. */
    static String kindOf(Object v) { return kindOf(v.getClass()); }

    private static String kindOf(Class<?> c) {
        return c == Long.class ? "long" : c == Double.class ? "double" : c == String.class ? "string" : "boolean";
    }

    @Override public boolean equals(Object o) {
        if (!(o instanceof Attributes a) || !a.values.keySet().equals(values.keySet())) return false;
        for (Map.Entry<String, Object> e : values.entrySet()) {
            Object mine = e.getValue(), theirs = a.values.get(e.getKey());
            boolean same = mine instanceof Double d && theirs instanceof Double t
                    ? Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(t) : mine.equals(theirs);
            if (!same) return false;
        }
        return true;
    }

    @Override public int hashCode() { return values.keySet().hashCode(); }

    @Override public String toString() { return values.toString(); }
}
