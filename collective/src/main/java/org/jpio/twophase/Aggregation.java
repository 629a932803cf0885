package org.jpio.twophase;

import org.jpio.driver.Extents;

/**
 * The two-phase plan from the ranks' exchanged extents (ROMIO's ADIOI_Calc_aggregator and
 * ADIOI_Calc_file_domains with the cycle count of ad_write_coll.c): file domains from
 * {@link FileDomains} whose inner boundaries also fall on the element grid (the exchange moves whole
 * elements of typed arrays), and cycles of cb_buffer_size in whole elements. On a striped file (a
 * striping unit on the element grid) the cycles are whole stripes and their windows start on stripe
 * boundaries, so each write of an aggregator covers whole stripes (ROMIO's Lustre driver writes a stripe
 * per aggregator and cycle); a cycle buffer smaller than a stripe holds a whole part of one (the stripe
 * divided by the smallest count that fits), and windows start on those parts.
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
        long[] cg = stripeCycle(stripingUnit, cbBufferSize, elementSize, residue);
        long grid = cg[1];
        long largest = 0;
        for (int d = 0; d + 1 < bounds.length; d++)
            if (bounds[d + 1] > bounds[d]) largest = Math.max(largest, bounds[d + 1] - (grid == 0 ? bounds[d] : bounds[d] - Math.floorMod(bounds[d], grid)));
        // a small access gets small buffers: the largest domain's span, in whole grid units when aligned
        long fit = grid == 0 ? largest : (largest + grid - 1) / grid * grid;
        int cycle = (int) Math.max(elementSize, Math.min(cg[0], fit));
        Plan sized = new Plan(aggregators, bounds, cycle, 0, extents, false, grid);
        int cycles = cycles(sized);
        return new Plan(aggregators, bounds, cycle, cycles, extents, batched(all, aggregators.length, cycles, cbBufferSize), grid);
    }

    /**
     * {cycle bytes, window grid} for a striping unit: cycles of whole stripes (cb_buffer_size rounded down to
     * a multiple of the stripe) on a grid of stripes; with a buffer smaller than a stripe, the largest part
     * of a stripe that fits (stripe / k for the smallest k that divides it into whole elements no larger
     * than the buffer) on a grid of that part. No grid ({cb_buffer_size in whole elements, 0}) when there is
     * no stripe or its boundaries are off the element grid (then an aligned window would split elements).
     */
    static long[] stripeCycle(long stripe, int cbBufferSize, int elementSize, long residue) {
        int plain = cycleBytes(cbBufferSize, elementSize);
        if (stripe <= 0 || stripe % elementSize != 0 || residue != 0) return new long[] {plain, 0};
        if (stripe <= cbBufferSize) {
            long c = cbBufferSize / stripe * stripe;
            return new long[] {c, stripe};
        }
        for (long k = (stripe + cbBufferSize - 1) / cbBufferSize; k <= stripe / elementSize; k++) {
            if (stripe % k == 0 && (stripe / k) % elementSize == 0) return new long[] {stripe / k, stripe / k};
        }
        return new long[] {plain, 0};
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

    /** Cycles needed by the domain whose windows, counted from its origin, reach furthest; every rank runs this many so the exchanges pair up. */
    static int cycles(Plan p) {
        long c = 0;
        long[] b = p.bounds();
        for (int a = 0; a + 1 < b.length; a++) {
            if (b[a + 1] <= b[a]) continue;
            long span = b[a + 1] - p.origin(a);
            c = Math.max(c, span / p.cycleBytes() + (span % p.cycleBytes() == 0 ? 0 : 1));
        }
        if (c > Integer.MAX_VALUE) throw new IllegalArgumentException("file domains of " + java.util.Arrays.toString(b) + " need too many cycles of " + p.cycleBytes());
        return (int) c;
    }
}
