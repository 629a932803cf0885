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
        return Strategy.choose(Hints.Mode.AUTOMATIC, new Strategy.Pattern(bytes, bytes / meanRun, true, true, hosts, stripe, locks, hosts > 1 ? bytes / 2 : 0));
    }

    @Test void oneHost() {
        assertEquals(false, auto(128 << 10, 1, 65536, Locking.NONE).twoPhase());
        assertEquals(true, auto(1024, 1, 0, Locking.NONE).twoPhase());
    }

    /** coll_perf at 2 hosts x 2 ranks: runs of 128 KiB, interleaved. */
    @Test void acrossHostsLargeRunsGoIndependentUnlessStripesAreShared() {
        Strategy.Choice xfs = auto(128 << 10, 2, 65536, Locking.NONE);
        assertEquals(false, xfs.twoPhase());
        assertTrue(xfs.reason().contains("move 33554432 B between hosts"), xfs.reason());
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

    /** coll_perf's blocks at 2 hosts x 2 ranks: each host's ranks hold one half of the file, which is one aggregator's domain. */
    @Test void hostTrafficOfBlocksThatFollowTheHosts() {
        long half = 32L << 20;
        org.jpio.driver.Access[] a = new org.jpio.driver.Access[4];
        for (int r = 0; r < 4; r++) a[r] = new org.jpio.driver.Access((r / 2) * half, (r / 2 + 1) * half - (r % 2 == 0 ? 512 : 0), half / 2, 256, 1, 0);
        org.jpio.driver.Extents all = org.jpio.driver.Extents.of(org.jpio.io.ElementType.INT, a);
        String[] hosts = {"h1", "h1", "h2", "h2"};
        assertEquals(0, HostTraffic.estimate(all, Aggregation.plan(all, new int[] {0, 2}, 0, 16 << 20, 4), hosts));
        // the same ranks on hosts that alternate: half of every rank's bytes are in the other host's domain
        String[] alternate = {"h1", "h2", "h1", "h2"};
        long x = HostTraffic.estimate(all, Aggregation.plan(all, new int[] {0, 1}, 0, 16 << 20, 4), alternate);
        assertTrue(x > (30L << 20) && x < (34L << 20), "about half of 64 MiB: " + x);
    }
}
