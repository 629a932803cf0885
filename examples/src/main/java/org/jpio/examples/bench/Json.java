package org.jpio.examples.bench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A flat JSON object built field by field and printed on one line (the benchmarks' --json output). */
public final class Json {
    private final Map<String, String> fields = new LinkedHashMap<>();

    public Json put(String key, String value) {
        fields.put(key, value == null ? "null" : quote(value));
        return this;
    }

    public Json put(String key, long value) {
        fields.put(key, Long.toString(value));
        return this;
    }

    public Json put(String key, boolean value) {
        fields.put(key, Boolean.toString(value));
        return this;
    }

    /** Numbers keep 3 decimals; NaN (not measured) becomes null. */
    public Json put(String key, double value) {
        fields.put(key, Double.isFinite(value) ? String.format(Locale.ROOT, "%.3f", value) : "null");
        return this;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("{");
        fields.forEach((k, v) -> b.append(b.length() > 1 ? "," : "").append(quote(k)).append(':').append(v));
        return b.append('}').toString();
    }

    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }
}
