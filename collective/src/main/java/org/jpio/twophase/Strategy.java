package org.jpio.twophase;

import org.jpio.driver.Independent;
import org.jpio.parallel.Hints;

/**
 * The automatic choice of {@code romio_cb_read}/{@code romio_cb_write}=automatic, as a pure function of
 * what every rank knows after exchanging its extent: two-phase aggregation, or independent I/O (per run,
 * with data sieving for small runs). Aggregation pays where it merges small interleaved pieces of many
 * ranks into large requests, or spares a striped file system's locks across hosts. On one host the ranks
 * share a page cache and there are no locks to spare, so large runs are best written where they are:
 * ROMIO's two-phase writes the coll_perf pattern 2.4x slower than plain independent writes on this machine.
 */
final class Strategy {
    /** Mean run length from which independent per-run I/O beats aggregation on one host. */
    static final long LARGE_MEAN_RUN = Independent.LARGE_RUN;

    /** What the ranks' accesses look like together. */
    record Pattern(long bytes, long runs, boolean interleaved, boolean gridAligned, int hosts, long stripingUnit) {
        long meanRun() { return runs == 0 ? 0 : bytes / runs; }
    }

    /** The decision and why, reported by {@code ParallelFile.hints()}. */
    record Choice(boolean twoPhase, String reason) {
        String backend() { return twoPhase ? "twophase" : "independent"; }

        @Override public String toString() { return backend() + " (" + reason + ")"; }
    }

    private Strategy() { }

    static Choice choose(Hints.Mode mode, Pattern p) {
        if (!p.gridAligned())
            return new Choice(false, "ranks' runs are not on one element grid, so aggregation would split elements");
        switch (mode) {
            case ENABLE: return new Choice(true, "romio_cb=enable");
            case DISABLE: return new Choice(false, "romio_cb=disable");
            default:
        }
        if (p.bytes() == 0) return new Choice(false, "no data");
        if (p.hosts() > 1 && p.stripingUnit() > 0 && p.interleaved())
            return new Choice(true, "interleaved access to a striped file from " + p.hosts() + " hosts: aggregation spares stripe locks");
        if (!p.interleaved())
            return new Choice(false, "ranks' extents do not interleave: nothing to merge across ranks");
        if (p.meanRun() >= LARGE_MEAN_RUN && p.hosts() == 1)
            return new Choice(false, "mean run " + p.meanRun() + " B >= " + LARGE_MEAN_RUN + " B on one host: runs are already large");
        return new Choice(true, "interleaved runs of mean " + p.meanRun() + " B are merged by aggregation");
    }
}
