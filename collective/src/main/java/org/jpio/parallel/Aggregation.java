package org.jpio.parallel;

import org.jpio.twophase.FileDomains;


/**
 * What the two-phase engine adds to {@link org.jpio.twophase}'s arithmetic: file domains whose inner
 * boundaries also fall on the element grid (the exchange moves whole elements of typed arrays), and the
 * cycle size in whole elements.
 */
final class Aggregation {
    /**
     * What each rank contributes to the extent exchange of a collective call, allgathered as FIELDS longs
     * per rank: its first and one-past-last byte, bytes, runs, the residues of its run offsets modulo the
     * element size (a bit mask), its buffer's element type, its runs shorter than {@link Independent#LARGE_RUN}
     * (those an independent write sieves), and 1 when its arguments failed the checks (then the rest is 0).
     */
    static final int START = 0, END = 1, BYTES = 2, RUNS = 3, RESIDUES = 4, TYPE = 5, SMALL_RUNS = 6, FAILED = 7, FIELDS = 8;

    private Aggregation() { }

    /** Rank r's fields from the allgathered array. */
    static long[] extent(long[] all, int r) {
        return java.util.Arrays.copyOfRange(all, r * FIELDS, (r + 1) * FIELDS);
    }

    /** The residue masks of all ranks or-ed: one bit set means one element grid. */
    static long residues(long[] all) {
        long bits = 0;
        for (int r = 0; r < all.length / FIELDS; r++) bits |= all[r * FIELDS + RESIDUES];
        return bits;
    }

    static boolean anyFailed(long[] all) { return any(all, FAILED); }

    /** True when some rank has runs short enough to be written by data sieving (read-modify-write of a window). */
    static boolean anySieves(long[] all) { return any(all, SMALL_RUNS); }

    private static boolean any(long[] all, int field) {
        for (int r = 0; r < all.length / FIELDS; r++) if (all[r * FIELDS + field] != 0) return true;
        return false;
    }

    /**
     * True when the ranks' accesses together cover their aggregate extent without a gap: their bytes add
     * up to it (pieces of a collective write do not overlap, as MPI requires for defined results).
     */
    static boolean dense(long[] all) {
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE, bytes = 0;
        for (int r = 0; r < all.length / FIELDS; r++) {
            if (all[r * FIELDS + BYTES] == 0) continue;
            start = Math.min(start, all[r * FIELDS + START]);
            end = Math.max(end, all[r * FIELDS + END]);
            bytes += all[r * FIELDS + BYTES];
        }
        return bytes > 0 && bytes == end - start;
    }

    /** True when some two ranks' extents overlap: their pieces interleave in the file. */
    static boolean interleaved(long[] all) {
        int n = all.length / FIELDS;
        long[][] ext = new long[n][];
        int k = 0;
        for (int r = 0; r < n; r++) if (all[r * FIELDS + BYTES] > 0) ext[k++] = new long[] {all[r * FIELDS + START], all[r * FIELDS + END]};
        java.util.Arrays.sort(ext, 0, k, java.util.Comparator.comparingLong(e -> e[0]));
        for (int i = 1; i < k; i++) if (ext[i][0] < ext[i - 1][1]) return true;
        return false;
    }

    /**
     * The two-phase plan every rank derives alike from the exchanged extents: file domains over the ranks'
     * aggregate extent, and cycles of cb_buffer_size in whole elements, no larger than the largest domain
     * (a small access gets small buffers).
     */
    static TwoPhase.Plan plan(long[] all, int[] aggregators, long stripingUnit, int cbBufferSize, int elementSize) {
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
        long[] extents = new long[2 * (all.length / FIELDS)];
        for (int r = 0; r < all.length / FIELDS; r++) {
            if (all[r * FIELDS + BYTES] == 0) continue;
            extents[2 * r] = all[r * FIELDS + START];
            extents[2 * r + 1] = all[r * FIELDS + END];
            start = Math.min(start, extents[2 * r]);
            end = Math.max(end, extents[2 * r + 1]);
        }
        long residue = Long.numberOfTrailingZeros(residues(all));
        long[] bounds = fileDomains(start, end, aggregators.length, stripingUnit, elementSize, residue);
        long largest = 0;
        for (int d = 0; d + 1 < bounds.length; d++) largest = Math.max(largest, bounds[d + 1] - bounds[d]);
        int cycle = (int) Math.max(elementSize, Math.min(cycleBytes(cbBufferSize, elementSize), largest));
        int cycles = cycles(bounds, cycle);
        return new TwoPhase.Plan(aggregators, bounds, cycle, cycles, extents, batched(all, aggregators.length, cycles, cbBufferSize));
    }

    /**
     * Whether the piece lists of all cycles are exchanged once per call rather than cycle by cycle: when
     * they take at most one cycle buffer of memory ({@code cb_buffer_size}, at 16 bytes a piece), so memory
     * stays bounded by the hints either way. A rank's runs become at most its runs plus one piece per window
     * (a window boundary splits at most one run of each rank). Every rank decides alike from the exchanged
     * run counts.
     */
    static boolean batched(long[] all, int aggregators, int cycles, int cbBufferSize) {
        int p = all.length / FIELDS;
        long limit = cbBufferSize / 16, pieces = 0;
        for (int r = 0; r < p; r++) pieces += all[r * FIELDS + RUNS] + (long) cycles * aggregators;
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
