package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpio.layout.Locking;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Test;

/** The automatic choice, by table: what it weighs on one host and across hosts. */
class StrategyTest {
    static Strategy.Choice auto(long meanRun, int hosts, long stripe, Locking locks) {
        long bytes = 64L << 20;
        return Strategy.choose(Hints.Mode.AUTOMATIC, new Strategy.Pattern(bytes, bytes / meanRun, true, true, hosts, stripe, locks));
    }

    @Test void oneHost() {
        assertEquals(false, auto(128 << 10, 1, 65536, Locking.NONE).twoPhase());
        assertEquals(true, auto(1024, 1, 0, Locking.NONE).twoPhase());
    }

    /** coll_perf at 2 hosts x 2 ranks: runs of 128 KiB, interleaved. */
    @Test void acrossHostsLargeRunsGoIndependentUnlessStripesAreShared() {
        Strategy.Choice xfs = auto(128 << 10, 2, 65536, Locking.NONE);
        assertEquals(false, xfs.twoPhase());
        assertTrue(xfs.reason().contains("first move 1/2 of the bytes between hosts"), xfs.reason());
        assertEquals(false, auto(128 << 10, 2, 4 << 20, Locking.FILE).twoPhase(), "cephfs: capabilities are per file");
        Strategy.Choice lustre = auto(128 << 10, 2, 1 << 20, Locking.EXTENT);
        assertEquals(true, lustre.twoPhase(), "lustre: several hosts in each 1 MiB stripe");
        assertTrue(lustre.reason().contains("spares the lock contention"), lustre.reason());
        assertEquals(false, auto(4 << 20, 2, 1 << 20, Locking.EXTENT).twoPhase(), "runs of whole stripes share few stripes");
    }

    @Test void acrossHostsSmallRunsAreMerged() {
        assertEquals(true, auto(1024, 2, 65536, Locking.NONE).twoPhase());
        assertEquals(true, auto(1024, 4, 4 << 20, Locking.FILE).twoPhase());
    }

    @Test void locksByFileSystemType() {
        assertEquals(Locking.EXTENT, Locking.of("lustre"));
        assertEquals(Locking.EXTENT, Locking.of("gpfs"));
        assertEquals(Locking.FILE, Locking.of("fuse.ceph-fuse"));
        assertEquals(Locking.FILE, Locking.of("ceph"));
        assertEquals(Locking.FILE, Locking.of("nfs4"));
        assertEquals(Locking.NONE, Locking.of("xfs"));
    }
}
