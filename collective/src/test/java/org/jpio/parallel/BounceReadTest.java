package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Independent.readRun, which reads a large run through a bounce buffer at the file offset's alignment:
 * runs at every skew modulo 64, longer than one bounce and not a multiple of it, into the middle of an
 * array, in both byte orders, hold exactly what ArrayFile wrote, and the array around them is untouched.
 */
class BounceReadTest {
    @TempDir Path dir;

    @ParameterizedTest
    @CsvSource({
        "INT, 0, BIG_ENDIAN", "INT, 16, LITTLE_ENDIAN", "INT, 44, BIG_ENDIAN",
        "DOUBLE, 8, LITTLE_ENDIAN", "DOUBLE, 56, BIG_ENDIAN", "SHORT, 2, LITTLE_ENDIAN",
        "BYTE, 63, BIG_ENDIAN", "BOOLEAN, 5, LITTLE_ENDIAN", "LONG, 24, BIG_ENDIAN"})
    void runReadThroughTheBounceBufferIsExact(ElementType t, int skew, String orderName) throws Exception {
        ByteOrder order = orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int count = (700 * 1024 >> t.shift()) + 3; // 2.7 bounces
        long off = 4096 + skew;
        Object data = t.newArray(count);
        for (int i = 0; i < count; i++) java.lang.reflect.Array.set(data, i, value(t, i));
        try (ArrayFile f = ArrayFile.open(dir.resolve("run.bin"), ArrayFileOptions.defaults().withOrder(order),
                StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            f.writeArray(off, data);
            Object back = t.newArray(count + 10);
            java.lang.reflect.Array.set(back, 4, value(t, -1));
            Independent.readRun(f, off, back, 5, count, t);
            assertEquals(value(t, -1), java.lang.reflect.Array.get(back, 4), "element before the run");
            for (int i = 0; i < count; i++) assertEquals(value(t, i), java.lang.reflect.Array.get(back, 5 + i), "element " + i);
            assertEquals(value(t, 0).getClass(), java.lang.reflect.Array.get(back, 5 + count).getClass());
            assertEquals(java.lang.reflect.Array.get(t.newArray(1), 0), java.lang.reflect.Array.get(back, 5 + count), "element after the run");
        }
    }

    /** A value per index that differs between neighbours and in every byte the type has. */
    private static Object value(ElementType t, int i) {
        long v = i * 0x9E3779B97F4A7C15L + 0x0102030405060708L;
        switch (t) {
            case BOOLEAN: return i % 3 == 0;
            case BYTE: return (byte) v;
            case CHAR: return (char) v;
            case SHORT: return (short) v;
            case INT: return (int) v;
            case LONG: return v;
            case FLOAT: return Float.intBitsToFloat((int) (v >>> 33)); // positive exponent bits: no NaN
            case DOUBLE: return (double) (v >> 11);
            default: throw new IllegalArgumentException("type=" + t);
        }
    }
}
