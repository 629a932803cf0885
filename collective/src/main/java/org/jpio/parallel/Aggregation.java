package org.jpio.parallel;

import org.jpio.twophase.FileDomains;


/**
 * What the two-phase engine adds to {@link org.jpio.twophase}'s arithmetic: file domains whose inner
 * boundaries also fall on the element grid (the exchange moves whole elements of typed arrays), and the
 * cycle size in whole elements.
 */
final class Aggregation {
    private Aggregation() { }

    /**
     * Splits {@code [start, end)} into {@code n} file domains: bounds[i] to bounds[i+1] for aggregator i.
     * Boundaries are evenly spaced, then moved down to a multiple of {@code stripingUnit} (when positive) so
     * that no two aggregators write one stripe, then down to the element grid (offsets congruent to
     * {@code residue} modulo {@code elementSize}) so that no element is split between two aggregators.
     * Domains may be empty; they never overlap and together cover the extent exactly.
     */
    static long[] fileDomains(long start, long end, int n, long stripingUnit, int elementSize, long residue) {
        FileDomains d = FileDomains.split(start, end, n, stripingUnit);
        long[] b = new long[n + 1];
        b[0] = start;
        b[n] = end;
        for (int i = 1; i < n; i++) {
            long x = d.start(i);
            x = x - Math.floorMod(x - residue, elementSize);
            b[i] = Math.min(end, Math.max(b[i - 1], x));
        }
        return b;
    }

    /** The bytes of one cycle: cb_buffer_size rounded down to whole elements (at least one element). */
    static int cycleBytes(int cbBufferSize, int elementSize) {
        return Math.max(elementSize, cbBufferSize - cbBufferSize % elementSize);
    }

    /** Cycles needed by the largest domain; every rank runs this many so the exchanges pair up. */
    static int cycles(long[] bounds, int cycleBytes) {
        long most = 0;
        for (int i = 0; i + 1 < bounds.length; i++) most = Math.max(most, bounds[i + 1] - bounds[i]);
        long c = most / cycleBytes + (most % cycleBytes == 0 ? 0 : 1);
        if (c > Integer.MAX_VALUE) throw new IllegalArgumentException("file domain of " + most + " bytes needs too many cycles of " + cycleBytes);
        return (int) c;
    }
}
