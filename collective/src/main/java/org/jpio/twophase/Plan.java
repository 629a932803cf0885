package org.jpio.twophase;

/**
 * The plan every rank computes identically from the exchanged extents. {@code extents}: rank r's access
 * spans {@code [extents[2r], extents[2r+1])} of the file (empty when it moves no data), which tells an
 * aggregator where the others' data can be. {@code batched}: the piece lists of all cycles are small
 * enough to be exchanged once per call, before the first cycle, instead of cycle by cycle. {@code grid}:
 * when positive, every window starts on a multiple of it (the stripe unit, or a cycle that divides it), so
 * a cycle writes whole stripes, or whole parts of one; 0: windows start at their domain's start.
 */
record Plan(int[] aggregators, long[] bounds, int cycleBytes, int cycles, long[] extents, boolean batched, long grid) {
    /** Whether the access of any rank but {@code me} reaches into {@code [from, to)}. */
    boolean othersReach(int me, long from, long to) {
        for (int r = 0; 2 * r < extents.length; r++)
            if (r != me && extents[2 * r] < extents[2 * r + 1] && extents[2 * r] < to && from < extents[2 * r + 1]) return true;
        return false;
    }

    int indexOf(int rank) {
        for (int i = 0; i < aggregators.length; i++) if (aggregators[i] == rank) return i;
        return -1;
    }

    long windowStart(int a, int cycle) { return Math.min(bounds[a + 1], Math.max(bounds[a], origin(a) + (long) cycle * cycleBytes)); }

    long windowEnd(int a, int cycle) { return Math.min(bounds[a + 1], Math.max(bounds[a], origin(a) + (long) (cycle + 1) * cycleBytes)); }

    /** Where aggregator {@code a}'s windows are counted from: its domain's start, down to the grid. */
    long origin(int a) { return grid == 0 ? bounds[a] : bounds[a] - Math.floorMod(bounds[a], grid); }
}
