package org.jpio.comm.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.jpio.comm.Comm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lock-free rendezvous of in-JVM collectives: ranks that arrive late (past the spin, so the others
 * sleep and must be woken), early (depositing for the next generation while a slow rank still reads this
 * one), or in any order, all get every rank's deposit of the same collective; and a collective that lent
 * arrays does not keep them reachable once it has ended.
 */
class RendezvousTest {
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 5})
    void everyCollectiveSeesItsOwnGenerationWhateverTheArrivalOrder(int n) throws Exception {
        LocalComm.run(n, comm -> {
            int[] mine = new int[2], all = new int[2 * n], sum = new int[1];
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < 3000; i++) {
                // a rank late by up to 60 us: others spin 20 us, then sleep; sometimes nobody is late
                int late = random.nextInt(8) == 0 ? random.nextInt(60_000) : 0;
                if (late > 0) LockSupport.parkNanos(late);
                mine[0] = i;
                mine[1] = comm.rank();
                comm.allgather(mine, 0, 2, all, 0);
                for (int r = 0; r < n; r++) {
                    assertEquals(i, all[2 * r], "rank " + r + "'s deposit of collective " + i + " seen by rank " + comm.rank());
                    assertEquals(r, all[2 * r + 1]);
                }
                comm.allreduce(new int[] {i + comm.rank()}, sum, 1, Comm.Op.SUM);
                assertEquals(n * i + n * (n - 1) / 2, sum[0]);
            }
        });
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void aLentArrayIsNotKeptOnceTheCollectiveEnds(int n) throws Exception {
        LocalComm.run(n, comm -> {
            WeakReference<long[]> lent = lendOnce(comm, n);
            for (int i = 0; i < 20 && lent.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            comm.barrier();
            assertTrue(lent.get() == null, "rank " + comm.rank() + ": the rendezvous keeps the array it lent to an allgather");
        });
    }

    /** An allgather large enough that each rank lends its array rather than copies it (LocalComm.COPIED). */
    private static WeakReference<long[]> lendOnce(Comm comm, int n) {
        long[] send = new long[4096];
        java.util.Arrays.fill(send, comm.rank());
        long[] recv = new long[4096 * n];
        comm.allgather(send, 0, send.length, recv, 0);
        for (int r = 0; r < n; r++) assertEquals(r, recv[4096 * r + 17]);
        return new WeakReference<>(send);
    }
}
