package org.jpio.comm.local;

import org.jpio.comm.SharedMemory;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.comm.Comm.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** LocalComm's own behaviour: threads, release of waiting ranks, whole-call checks. */
@Timeout(20)
class LocalCommTest {

    @Test void runAndCollectReturnsEachRanksResultInRankOrder() throws Exception {
        List<Integer> out = LocalComm.runAndCollect(4, c -> c.rank() * 10 + c.size());
        assertEquals(List.of(4, 14, 24, 34), out);
    }

    @Test void failingRankIsRethrownAndReleasesRanksWaitingInACollective() {
        AtomicInteger released = new AtomicInteger();
        IOException e = assertThrows(IOException.class, () -> LocalComm.run(4, c -> {
            if (c.rank() == 2) throw new IOException("disk on fire");
            try {
                c.barrier();
            } catch (CollectiveException x) {
                assertTrue(x.getMessage().contains("rank=2: IOException: disk on fire"), x.getMessage());
                released.incrementAndGet();
                throw x;
            }
        }));
        assertEquals("disk on fire", e.getMessage());
        assertEquals(3, released.get());
        assertEquals(3, e.getSuppressed().length);
    }

    @Test void rankThatReturnsEarlyReleasesPeersWaitingForIt() {
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(3, c -> {
            if (c.rank() != 1) c.bcast(new int[1], 0, 1, 0);
        }));
        assertTrue(e.getMessage().contains("rank=1 returned from its run body"), e.getMessage());
    }

    /** A rank that neither waits in jpio nor heeds interrupts is left behind, reported, and the run still ends. */
    @Test @Timeout(40) void aRankThatDoesNotEndAfterAFailureIsLeftBehind() {
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        long start = System.nanoTime();
        try {
            IOException e = assertThrows(IOException.class, () -> LocalComm.run(3, c -> {
                if (c.rank() == 0) throw new IOException("disk on fire");
                if (c.rank() == 2) while (!stop.get()) Thread.onSpinWait(); // computes, deaf to interrupts
            }));
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals("disk on fire", e.getMessage());
            assertTrue(seconds >= 2 * Runner.GRACE_MILLIS / 1000.0 && seconds < 2 * Runner.GRACE_MILLIS / 1000.0 + 5, seconds + " s");
            assertTrue(java.util.Arrays.stream(e.getSuppressed()).anyMatch(x -> x.getMessage().startsWith("rank=2 did not end within 10 s after the run failed")),
                    java.util.Arrays.toString(e.getSuppressed()));
        } finally {
            stop.set(true);
        }
    }

    /** The run fails with the rank's own failure, not with what its peers were told about it. */
    @Test void theRunFailsWithTheRootCause() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LocalComm.run(3, c -> {
            if (c.rank() == 2) { Thread.sleep(200); throw new IllegalStateException("the cause"); }
            c.barrier(); // ranks 0 and 1 fail first, with a CollectiveException about rank 2
        }));
        assertEquals("the cause", e.getMessage());
        assertEquals(2, e.getSuppressed().length);
    }

    @Test void watchdogEndsAWaitPastItsLimitNamingTheMissingRank() {
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(3, c -> {
            try (var call = c.during("close path=/x", 300)) {
                if (c.rank() != 1) c.barrier();
                else c.allreduce(1L, Op.SUM);
            }
        }));
        assertTrue(e.getMessage().contains("collective mismatch") && e.getMessage().contains("is in close path=/x (allreduce(SUM))"), e.getMessage());
        e = assertThrows(CollectiveException.class, () -> LocalComm.run(3, c -> {
            try (var call = c.during("close path=/x", 300)) {
                if (c.rank() == 1) Thread.sleep(2000);
                else c.barrier();
            }
        }));
        assertTrue(e.getMessage().matches("close path=/x \\(watchdog\\) failed on 1 rank\\(s\\): rank=1: did not arrive: rank=1 did not arrive in [01]\\.\\d s"
                + " \\(watchdog limit 0\\.3 s .*") && e.getMessage().contains("rank(s) 0,2 wait in close path=/x (barrier)"), e.getMessage());
    }

    @Test void sendrecvWaitingForAFinishedRankIsReleased() {
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(2, c -> {
            if (c.rank() == 0) c.sendrecv(null, 0, 0, -1, new int[1], 0, 1, 1);
        }));
        assertTrue(e.getMessage().contains("rank=1"), e.getMessage());
    }

    @Test void differentCollectivesOnDifferentRanksFailOnEveryRank() {
        AtomicInteger mismatches = new AtomicInteger();
        assertThrows(CollectiveException.class, () -> LocalComm.run(2, c -> {
            try {
                if (c.rank() == 0) c.barrier();
                else c.allreduce(1L, Op.SUM);
            } catch (CollectiveException x) {
                if (x.getMessage().contains("collective mismatch")) mismatches.incrementAndGet();
                throw x;
            }
        }));
        assertEquals(2, mismatches.get());
    }

    @Test void badArgumentOnOneRankIsIllegalArgumentThereAndNamedOnTheOthers() throws Exception {
        List<String> seen = LocalComm.runAndCollect(3, c -> {
            int[] buf = new int[4];
            try {
                c.bcast(buf, c.rank() == 1 ? 3 : 0, 2, 0);
                return "none";
            } catch (IllegalArgumentException e) {
                return "IAE " + e.getMessage();
            } catch (CollectiveException e) {
                return "CE " + e.getMessage();
            }
        });
        assertTrue(seen.get(1).startsWith("IAE bcast: buf range out of bounds: index=3 count=2 length=4"), seen.get(1));
        assertTrue(seen.get(0).startsWith("CE bcast failed on 1 rank(s): rank=1: IllegalArgumentException: bcast: buf range"), seen.get(0));
        assertEquals(seen.get(0), seen.get(2));
    }

    @Test void mismatchedCountsAreRejectedBeforeAnyElementMoves() throws Exception {
        List<int[]> bufs = LocalComm.runAndCollect(2, c -> {
            int[] buf = {c.rank() + 7, c.rank() + 7};
            assertThrows(CollectiveException.class, () -> c.bcast(buf, 0, c.rank() + 1, 0));
            return buf;
        });
        assertArrayEquals(new int[] {8, 8}, bufs.get(1));
    }

    @Test void splitCommunicatorsWorkIndependentlyAndClose() throws Exception {
        List<Long> sums = LocalComm.runAndCollect(5, c -> {
            try (Comm half = c.split(c.rank() % 2, -c.rank())) {
                assertEquals(c.rank() % 2 == 0 ? 3 : 2, half.size());
                return half.allreduce(c.rank(), Op.SUM) * 100 + half.rank();
            }
        });
        // even ranks 0,2,4 keyed by -rank: rank 4 first
        assertEquals(List.of(602L, 401L, 601L, 400L, 600L), sums);
    }

    @Test void closedCommunicatorRefusesCalls() throws Exception {
        LocalComm.run(2, c -> {
            Comm sub = c.split(0, 0);
            sub.close();
            assertThrows(IllegalStateException.class, sub::barrier);
        });
    }

    @Test void undefinedColorGivesNull() throws Exception {
        LocalComm.run(3, c -> {
            Comm sub = c.split(c.rank() == 0 ? -1 : 5, 0);
            if (c.rank() == 0) assertNull(sub);
            else assertEquals(2, sub.size());
        });
    }

    @Test void selfCommIsOneRankOnTheCallingThread() {
        Comm self = SelfComm.create();
        assertEquals(0, self.rank());
        assertEquals(1, self.size());
        double[] out = new double[2];
        self.allreduce(new double[] {1.5, -2}, out, 2, Op.MIN);
        assertArrayEquals(new double[] {1.5, -2}, out);
        int[] r = new int[3];
        self.sendrecv(new int[] {4, 5}, 0, 2, 0, r, 1, 2, 0);
        assertArrayEquals(new int[] {0, 4, 5}, r);
        assertNull(self.split(-1, 0));
        assertEquals(1, self.split(3, 0).size());
        assertThrows(IllegalArgumentException.class, () -> self.bcast(new int[1], 0, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> self.allreduce(new float[1], new float[1], 1, Op.BOR));
        assertThrows(IllegalArgumentException.class, () -> self.allreduce(new boolean[1], new boolean[1], 1, Op.SUM));
        assertSame(self.hostName(), self.hostName());
    }

    @Test void threadsShareTheRealHostName() throws Exception {
        List<String> names = LocalComm.runAndCollect(2, Comm::hostName);
        assertEquals(names.get(0), names.get(1));
        assertTrue(!names.get(0).isBlank());
    }

    /**
     * A finished run's shared parts serve the next run of the same sizes (allocating and zeroing them per
     * run cost more than a two-phase write): the second run finds what the first left in them.
     */
    @Test void sharedMemoryOfAFinishedRunIsReusedByTheNext() throws Exception {
        long[] bytes = {0, 3 * 4096 + 8}; // a size no other test asks for
        LocalComm.run(2, c -> {
            SharedMemory m = c.shared(bytes);
            if (c.rank() == 1) m.part(1, 0, 8).putLong(0, 0x5EED_0001L);
            m.sync();
        });
        List<Long> seen = LocalComm.runAndCollect(2, c -> c.shared(bytes).part(1, 0, 8).getLong(0));
        assertEquals(List.of(0x5EED_0001L, 0x5EED_0001L), seen, "the spare part went to the next run");
    }

    /** Two runs at the same time never share memory: each sees only its own ranks' stores. */
    @Test void concurrentRunsHaveTheirOwnSharedMemory() throws Exception {
        long[] bytes = {4096, 4096};
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<?>> runs = new java.util.ArrayList<>();
            for (int run = 0; run < 2; run++) {
                long tag = run + 1;
                runs.add(pool.submit(() -> {
                    LocalComm.run(2, c -> {
                        for (int round = 0; round < 200; round++) {
                            SharedMemory m = c.shared(bytes);
                            m.part(c.rank(), 0, 8).putLong(0, tag * 1_000_000 + round);
                            m.sync();
                            for (int r = 0; r < 2; r++) assertEquals(tag * 1_000_000 + round, m.part(r, 0, 8).getLong(0), "run " + tag + " round " + round);
                            m.sync();
                        }
                    });
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : runs) f.get();
        } finally {
            pool.shutdown();
        }
    }

    @Test void sharedMemoryNeedsTheSameSizesOnEveryRank() {
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(2, c -> c.shared(new long[] {8, c.rank() == 0 ? 8 : 16})));
        assertTrue(e.getMessage().contains("rank=1: mismatch: passed bytes=[8, 16] but rank=0 passed [8, 8]")
                || e.getMessage().contains("rank=0: mismatch: passed bytes=[8, 8] but rank=1 passed [8, 16]"), e.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> LocalComm.run(1, c -> c.shared(new long[] {-1})));
        assertTrue(bad.getMessage().contains("bytes[0]=-1"), bad.getMessage());
    }
}
