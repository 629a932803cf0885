package org.jpio.checkpoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON of a checkpoint manifest (RFC 8259), read into plain values: objects as ordered maps, arrays as
 * lists, strings, integers as Long, other numbers as Double, true/false, and {@link #NULL}. Only what a
 * manifest needs, so that jpio carries no JSON library; every error names the character position.
 */
final class Json {
    /** JSON's null, distinct from a missing member. */
    static final Object NULL = new Object() {
        @Override public String toString() { return "null"; }
    };

    private final String text;
    private int at;

    private Json(String text) { this.text = text; }

    /** The one value of {@code text}; IllegalArgumentException naming the position of the first problem. */
    static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.at != text.length()) throw p.error("text after the value");
        return v;
    }

    /** {@code s} as a JSON string literal. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        return b.append('"').toString();
    }

    private Object value() {
        space();
        if (at >= text.length()) throw error("a value is missing");
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> word("true", Boolean.TRUE);
            case 'f' -> word("false", Boolean.FALSE);
            case 'n' -> word("null", NULL);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        at++;
        space();
        if (peek('}')) { at++; return m; }
        while (true) {
            space();
            if (!peek('"')) throw error("a member name (string) is expected");
            String key = string();
            space();
            expect(':');
            if (m.put(key, value()) != null) throw error("member \"" + key + "\" appears twice");
            space();
            if (peek(',')) { at++; continue; }
            expect('}');
            return m;
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        at++;
        space();
        if (peek(']')) { at++; return l; }
        while (true) {
            l.add(value());
            space();
            if (peek(',')) { at++; continue; }
            expect(']');
            return l;
        }
    }

    private String string() {
        at++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (at >= text.length()) throw error("unterminated string");
            char c = text.charAt(at++);
            if (c == '"') return b.toString();
            if (c < 0x20) throw error("control character in a string");
            if (c != '\\') { b.append(c); continue; }
            if (at >= text.length()) throw error("unterminated escape");
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) throw error("short \\u escape");
                    try {
                        b.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw error("unknown escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = at;
        if (peek('-')) at++;
        while (at < text.length() && "0123456789+-.eE".indexOf(text.charAt(at)) >= 0) at++;
        String s = text.substring(start, at);
        if (s.isEmpty() || s.equals("-")) throw error("a value is expected");
        try {
            if (s.indexOf('.') < 0 && s.indexOf('e') < 0 && s.indexOf('E') < 0) return Long.parseLong(s);
            return Double.parseDouble(s);
        } catch (NumberFormatException x) {
            throw error("bad number " + s);
        }
    }

    private Object word(String w, Object v) {
        if (!text.startsWith(w, at)) throw error("unknown word");
        at += w.length();
        return v;
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private boolean peek(char c) { return at < text.length() && text.charAt(at) == c; }

    private void expect(char c) {
        if (!peek(c)) throw error("'" + c + "' is expected");
        at++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("JSON: " + what + " at character " + at);
    }
}
