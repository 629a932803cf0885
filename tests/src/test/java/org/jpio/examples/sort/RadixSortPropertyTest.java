package org.jpio.examples.sort;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The run formation's radix sort orders exactly like {@link Arrays#sort(long[])} (that is, Long.compare):
 * negatives, duplicates, Long.MIN_VALUE/MAX_VALUE, arrays where passes are skipped, sizes on both sides
 * of {@link RadixSort#TINY}, with one sorter (one scratch array) reused across all tries.
 * Lives here, in the examples' package, because this module has jqwik.
 */
class RadixSortPropertyTest {
    private static final int MAX = 3000;
    private final RadixSort sorter = new RadixSort(MAX);

    @Provide
    Arbitrary<long[]> keys() {
        Arbitrary<Long> full = Arbitraries.longs();                                       // jqwik mixes in MIN, MAX, 0, +-1
        Arbitrary<Long> dupes = Arbitraries.longs().between(-4, 4);                       // many equal keys
        Arbitrary<Long> extremes = Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1);
        Arbitrary<Long> highOnly = Arbitraries.longs().between(-128, 127).map(v -> v << 56); // only the top digit varies: 7 passes skipped
        Arbitrary<Long> mixed = Arbitraries.frequencyOf(
                Tuple.of(4, full), Tuple.of(2, dupes), Tuple.of(1, extremes), Tuple.of(1, highOnly));
        List<Arbitrary<Long>> kinds = List.of(full, dupes, extremes, highOnly, mixed);
        Arbitrary<long[]> one = Arbitraries.of(kinds).flatMap(k -> k.array(long[].class).ofMaxSize(MAX));
        Arbitrary<long[]> equal = Arbitraries.longs().flatMap(v -> Arbitraries.integers().between(0, MAX).map(n -> {
            long[] a = new long[n];
            Arrays.fill(a, v);
            return a;
        }));
        return Arbitraries.frequencyOf(Tuple.of(6, one), Tuple.of(1, equal));
    }

    @Property(tries = 400)
    void sortsLikeArraysSort(@ForAll("keys") long[] keys) {
        long[] expected = keys.clone(), actual = keys.clone();
        Arrays.sort(expected);
        sorter.sort(actual, actual.length);
        assertArrayEquals(expected, actual);
    }

    @Property(tries = 100)
    void sortsOnlyThePrefix(@ForAll("keys") long[] keys, @ForAll("keys") long[] tail) {
        long[] a = new long[keys.length + tail.length];
        System.arraycopy(keys, 0, a, 0, keys.length);
        System.arraycopy(tail, 0, a, keys.length, tail.length);
        long[] expected = a.clone();
        Arrays.sort(expected, 0, keys.length);
        new RadixSort(keys.length).sort(a, keys.length);
        assertArrayEquals(expected, a);
    }

    @Example
    void largeRandomRunsAtFullCapacity() {
        SplittableRandom r = new SplittableRandom(7);
        RadixSort s = new RadixSort(200_000);
        for (int round = 0; round < 3; round++) {
            long[] a = r.longs(200_000).toArray(), b = a.clone();
            if (round == 1) for (int i = 0; i < a.length; i += 3) a[i] = b[i] = Long.MIN_VALUE;
            if (round == 2) for (int i = 0; i < a.length; i++) a[i] = b[i] = (a[i] & 0xFF00L) - 0x8000L; // one varying digit, negatives
            Arrays.sort(b);
            s.sort(a, a.length);
            assertArrayEquals(b, a, "round " + round);
        }
    }

    @Example
    void badCountsAreRefused() {
        RadixSort s = new RadixSort(10);
        assertThrows(IllegalArgumentException.class, () -> s.sort(new long[20], 11));
        assertThrows(IllegalArgumentException.class, () -> s.sort(new long[5], 6));
        assertThrows(IllegalArgumentException.class, () -> s.sort(new long[5], -1));
        assertThrows(IllegalArgumentException.class, () -> new RadixSort(-1));
    }
}
