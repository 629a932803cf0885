package org.jpio.twophase;

import java.util.Arrays;

/** A growable long[] reused across cycles, so the per-cycle piece lists allocate nothing in steady state. */
final class LongList {
    private long[] a = new long[64];
    private int n;

    void clear() { n = 0; }

    int size() { return n; }

    long[] array() { return a; }

    void add(long x, long y) {
        if (n + 2 > a.length) a = Arrays.copyOf(a, Math.max(2 * a.length, n + 2));
        a[n++] = x;
        a[n++] = y;
    }

    /** Makes room for {@code size} values, discarding the content. */
    long[] reserve(int size) {
        if (a.length < size) a = new long[Math.max(size, 2 * a.length)];
        n = size;
        return a;
    }
}
