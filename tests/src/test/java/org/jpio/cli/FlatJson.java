package org.jpio.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the benchmarks' one-line JSON objects (flat: strings, numbers, booleans, null); fails on anything else. */
final class FlatJson {
    private static final Pattern FIELD = Pattern.compile("\"([^\"]+)\":(\"(?:[^\"\\\\]|\\\\.)*\"|-?[0-9.eE+-]+|true|false|null)(,|})");

    private FlatJson() { }

    static Map<String, String> parse(String line) {
        if (!line.startsWith("{") || !line.endsWith("}")) throw new IllegalArgumentException("not a JSON object: " + line);
        Map<String, String> m = new LinkedHashMap<>();
        Matcher f = FIELD.matcher(line);
        int at = 1;
        while (at < line.length() && f.find(at) && f.start() == at) {
            String v = f.group(2);
            m.put(f.group(1), v.startsWith("\"") ? v.substring(1, v.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\") : v);
            at = f.end();
        }
        if (at != line.length()) throw new IllegalArgumentException("cannot parse JSON at char " + at + ": " + line);
        return m;
    }
}
