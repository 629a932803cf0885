package org.jpio.parallel;

import java.lang.reflect.Array;
import org.jpio.io.ElementType;

/** Element values derived from a position, so that any element's expected value is known everywhere. */
final class TestData {
    private TestData() { }

    /** The value stored for element number {@code i} (wraps in narrow types, as a cast does). */
    static Object value(ElementType t, long i) {
        long v = i + 1;
        switch (t) {
            case BOOLEAN: return (i % 3) == 0;
            case BYTE: return (byte) v;
            case CHAR: return (char) v;
            case SHORT: return (short) v;
            case INT: return (int) v;
            case LONG: return v * 1_000_003L;
            case FLOAT: return (float) v;
            case DOUBLE: return v + 0.5;
            default: throw new AssertionError(t);
        }
    }

    static void set(Object array, int k, ElementType t, long i) { Array.set(array, k, value(t, i)); }

    static boolean matches(Object array, int k, ElementType t, long i) { return Array.get(array, k).equals(value(t, i)); }
}
