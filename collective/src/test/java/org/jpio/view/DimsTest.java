package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DimsTest {
    @Test void standardExamples() {
        assertArrayEquals(new int[] {3, 2}, Dims.create(6, new int[] {0, 0}));
        assertArrayEquals(new int[] {7, 1, 1}, Dims.create(7, new int[] {0, 0, 0}));
        assertArrayEquals(new int[] {2, 3, 1}, Dims.create(6, new int[] {0, 3, 0}));
        assertThrows(IllegalArgumentException.class, () -> Dims.create(7, new int[] {0, 3, 0}));
    }

    @Test void balancedFactorizations() {
        assertArrayEquals(new int[] {4, 4}, Dims.create(16, new int[] {0, 0}));
        assertArrayEquals(new int[] {3, 2, 2}, Dims.create(12, new int[] {0, 0, 0}));
        assertArrayEquals(new int[] {4, 3, 2}, Dims.create(24, new int[] {0, 0, 0}));
        assertArrayEquals(new int[] {8, 8, 8}, Dims.create(512, new int[] {0, 0, 0}));
        assertArrayEquals(new int[] {1}, Dims.create(1, new int[] {0}));
        assertArrayEquals(new int[] {2, 5}, Dims.create(10, new int[] {2, 5}));
    }

    @Test void errorsAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> Dims.create(0, new int[] {0}));
        assertTrue(e.getMessage().contains("nnodes=0"));
        e = assertThrows(IllegalArgumentException.class, () -> Dims.create(4, new int[] {-1, 0}));
        assertTrue(e.getMessage().contains("dims[0]=-1"));
        e = assertThrows(IllegalArgumentException.class, () -> Dims.create(6, new int[] {2, 2}));
        assertTrue(e.getMessage().contains("nnodes=6"));
    }

    @Property(tries = 300)
    void productNonIncreasingAndBalanced(@ForAll @IntRange(min = 1, max = 5000) int n, @ForAll @IntRange(min = 1, max = 4) int k) {
        int[] d = Dims.create(n, new int[k]);
        long p = 1;
        for (int i = 0; i < k; i++) {
            p *= d[i];
            if (i > 0) assertTrue(d[i - 1] >= d[i]);
        }
        assertEquals(n, p);
        // no factorization has a smaller largest factor
        for (int m = 1; m < d[0]; m++) assertTrue(!fits(n, k, m), "n=" + n + " k=" + k + " max=" + m);
    }

    /** Whether n splits into k factors all <= max. */
    private static boolean fits(int n, int k, int max) {
        if (k == 1) return n <= max;
        for (int f = Math.min(max, n); f >= 1; f--) if (n % f == 0 && fits(n / f, k - 1, f)) return true;
        return false;
    }
}
