package org.jpio.examples.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class SizesTest {
    @Test
    void parsesBinaryMultiples() {
        assertEquals(4096, Sizes.parse("4096"));
        assertEquals(64 * 1024, Sizes.parse("64k"));
        assertEquals(256L << 20, Sizes.parse("256m"));
        assertEquals(256L << 20, Sizes.parse("256MiB"));
        assertEquals(1L << 30, Sizes.parse("1G"));
        assertEquals(3L << 20, Sizes.parse(" 3mb "));
    }

    @Test
    void rejectsNonSizes() {
        for (String bad : new String[] {"", "m", "12x", "-1k", "1.5m", "99999999999t"})
            assertThrows(IllegalArgumentException.class, () -> Sizes.parse(bad), bad);
    }

    @Test
    void formatsWithTheLargestExactUnit() {
        assertEquals("256 MiB", Sizes.format(256L << 20));
        assertEquals("96 KiB", Sizes.format(96 * 1024));
        assertEquals("1000 B", Sizes.format(1000));
        assertEquals("0 B", Sizes.format(0));
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(2.0, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 2, 3}));
        assertEquals(Double.NaN, Stats.median(new double[0]));
    }

    @Test
    void jsonEscapesAndNulls() {
        String j = new Json().put("s", "a\"b\\c\n").put("n", 3L).put("x", Double.NaN).put("b", true).put("d", 1.5).toString();
        assertEquals("{\"s\":\"a\\\"b\\\\c\\n\",\"n\":3,\"x\":null,\"b\":true,\"d\":1.500}", j);
    }
}
