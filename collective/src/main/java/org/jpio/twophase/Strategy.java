package org.jpio.twophase;

import org.jpio.driver.Independent;
import org.jpio.layout.Locking;
import org.jpio.parallel.Hints;

/**
 * The automatic choice of {@code romio_cb_read}/{@code romio_cb_write}=automatic, as a pure function of
 * what every rank knows after exchanging its extent: two-phase aggregation, or independent I/O (per run,
 * with data sieving for small runs). Aggregation pays where it merges small interleaved pieces of many
 * ranks into large requests, or spares a striped file system's locks across hosts. On one host the ranks
 * share a page cache and there are no locks to spare, so large runs are best written where they are:
 * ROMIO's two-phase writes the coll_perf pattern 2.4x slower than plain independent writes on this machine.
 *
 * <p>Across hosts, two-phase first moves the bytes that lie in other hosts' domains over the network
 * ({@link HostTraffic}; docs/BENCHMARKS.md, the cost model), and copies every byte once more, which pays
 * only when it spares more: stripe-lock contention (file systems with extent
 * locks per stripe, {@link Locking#EXTENT}, where runs shorter than a stripe put several hosts in one
 * stripe) or many small runs. Large runs on a file system whose hosts contend per file
 * ({@link Locking#FILE}: aggregators on every host would share the file alike) or not at all
 * ({@link Locking#NONE}) go independent: on the simulated cluster that is 4-16x ROMIO's two-phase.
 */
final class Strategy {
    /** Mean run length from which independent per-run I/O beats aggregation on one host. */
    static final long LARGE_MEAN_RUN = Independent.LARGE_RUN;

    /** What the ranks' accesses look like together. */
    record Pattern(long bytes, long runs, boolean interleaved, boolean gridAligned, int hosts, long stripingUnit, Locking locks, long crossHostBytes) {
        long meanRun() { return runs == 0 ? 0 : bytes / runs; }

        /** Whether runs from different hosts share stripes that a lock covers: interleaved runs shorter than a stripe. */
        boolean stripeContention() {
            return hosts > 1 && locks == Locking.EXTENT && interleaved && stripingUnit > 0 && meanRun() < stripingUnit;
        }
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
        if (p.stripeContention())
            return new Choice(true, "interleaved runs of mean " + p.meanRun() + " B in stripes of " + p.stripingUnit() + " B from " + p.hosts()
                    + " hosts, " + p.locks() + ": aggregation by whole stripes spares the lock contention");
        if (!p.interleaved())
            return new Choice(false, "ranks' extents do not interleave: nothing to merge across ranks");
        if (p.meanRun() >= LARGE_MEAN_RUN && p.hosts() == 1)
            return new Choice(false, "mean run " + p.meanRun() + " B >= " + LARGE_MEAN_RUN + " B on one host: runs are already large");
        if (p.meanRun() >= LARGE_MEAN_RUN)
            return new Choice(false, "mean run " + p.meanRun() + " B >= " + LARGE_MEAN_RUN + " B on " + p.hosts() + " hosts, " + p.locks()
                    + ": aggregation would spare no lock, only add copies, and move " + p.crossHostBytes() + " B between hosts");
        return new Choice(true, "interleaved runs of mean " + p.meanRun() + " B are merged by aggregation");
    }
}
