package org.jpio.twophase;

import org.jpio.driver.Extents;

/**
 * The two-phase plan from the ranks' exchanged extents (ROMIO's ADIOI_Calc_aggregator and
 * ADIOI_Calc_file_domains with the cycle count of ad_write_coll.c): file domains from
 * {@link FileDomains} whose inner boundaries also fall on the element grid (the exchange moves whole
 * elements of typed arrays), and cycles of cb_buffer_size in whole elements.
 */
final class Aggregation {
    private Aggregation() { }

    /**
     * The two-phase plan every rank derives alike from the exchanged extents: file domains over the ranks'
     * aggregate extent, and cycles of cb_buffer_size in whole elements, no larger than the largest domain
     * (a small access gets small buffers).
     */
    static Plan plan(Extents all, int[] aggregators, long stripingUnit, int cbBufferSize, int elementSize) {
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        long[] extents = new long[2 * all.ranks()];
        for (int r = 0; r < all.ranks(); r++) {
            if (!all.moves(r)) continue;
            extents[2 * r] = all.start(r);
            extents[2 * r + 1] = all.end(r);
            start = Math.min(start, extents[2 * r]);
            end = Math.max(end, extents[2 * r + 1]);
        }
        long residue = Long.numberOfTrailingZeros(all.residues());
        long[] bounds = fileDomains(start, end, aggregators.length, stripingUnit, elementSize, residue);
        long largest = 0;
        for (int d = 0; d + 1 < bounds.length; d++) largest = Math.max(largest, bounds[d + 1] - bounds[d]);
        int cycle = (int) Math.max(elementSize, Math.min(cycleBytes(cbBufferSize, elementSize), largest));
        int cycles = cycles(bounds, cycle);
        return new Plan(aggregators, bounds, cycle, cycles, extents, batched(all, aggregators.length, cycles, cbBufferSize));
    }

    /**
     * Whether the piece lists of all cycles are exchanged once per call rather than cycle by cycle: when
     * they take at most one cycle buffer of memory ({@code cb_buffer_size}, at 16 bytes a piece), so memory
     * stays bounded by the hints either way. A rank's runs become at most its runs plus one piece per window
     * (a window boundary splits at most one run of each rank). Every rank decides alike from the exchanged
     * run counts.
     */
    static boolean batched(Extents all, int aggregators, int cycles, int cbBufferSize) {
        int p = all.ranks();
        long limit = cbBufferSize / 16, pieces = 0;
        for (int r = 0; r < p; r++) pieces += all.runs(r) + (long) cycles * aggregators;
        return pieces <= limit && (long) cycles * p <= limit;
    }

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
