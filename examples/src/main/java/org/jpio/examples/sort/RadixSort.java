package org.jpio.examples.sort;

import java.util.Arrays;

/**
 * The run formation's in-memory sort, shared by every variant: an LSD radix sort of longs in
 * {@link Long#compare} order, 8 passes of 8-bit digits over the key with its sign bit flipped (so
 * negatives come first). One counting pass builds all eight histograms; a pass whose digit is the same
 * for every key is skipped. The scratch array is allocated once, so sorting a run allocates nothing.
 * On this machine it sorts 3M random longs about 2.7x faster than {@link Arrays#sort(long[])}
 * (8 bits beat 11 and 16: 256 buckets keep the scatter's write streams in cache).
 */
final class RadixSort {
    /** Below this many keys the fixed cost of the histograms (8 x 256 counters) outweighs the passes. */
    static final int TINY = 256;
    private static final int BITS = 8, RADIX = 1 << BITS, MASK = RADIX - 1, PASSES = Long.SIZE / BITS;

    private final long[] scratch;
    private final int[][] counts = new int[PASSES][RADIX];

    /** A sorter for arrays of up to {@code capacity} keys; the scratch costs {@code 8 * capacity} bytes. */
    RadixSort(int capacity) {
        if (capacity < 0) throw new IllegalArgumentException("capacity=" + capacity);
        this.scratch = new long[capacity];
    }

    /** Sorts {@code a[0..n)} in place. */
    void sort(long[] a, int n) {
        if (n < 0 || n > a.length || n > scratch.length)
            throw new IllegalArgumentException("count=" + n + " array length=" + a.length + " capacity=" + scratch.length);
        if (n < TINY) {
            Arrays.sort(a, 0, n);
            return;
        }
        for (int[] c : counts) Arrays.fill(c, 0);
        for (int i = 0; i < n; i++) {
            long k = a[i] ^ Long.MIN_VALUE;
            for (int p = 0; p < PASSES; p++) counts[p][(int) (k >>> (p * BITS)) & MASK]++;
        }
        long[] src = a, dst = scratch;
        for (int p = 0; p < PASSES; p++) {
            int shift = p * BITS;
            int[] c = counts[p];
            if (c[digit(src[0], shift)] == n) continue; // every key has this digit: the pass would copy
            int sum = 0;
            for (int d = 0; d < RADIX; d++) {
                int t = c[d];
                c[d] = sum;
                sum += t;
            }
            for (int i = 0; i < n; i++) {
                long v = src[i];
                dst[c[digit(v, shift)]++] = v;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        if (src != a) System.arraycopy(src, 0, a, 0, n); // an odd number of passes ran
    }

    private static int digit(long v, int shift) {
        return (int) ((v ^ Long.MIN_VALUE) >>> shift) & MASK;
    }
}
