package org.jpio.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.junit.jupiter.api.Test;

/** The counting communicator passes data through unchanged and counts what each rank actually sends. */
class CountingCommTest {
    @Test
    void countsCollectivesMessagesBytesAndGatheredElements() throws Exception {
        List<long[]> out = LocalComm.runAndCollect(3, c -> {
            CountingComm k = CountingComm.recording(c);
            int me = k.rank();
            int[] send = {10 * me, 10 * me + 1, 10 * me + 2};
            int[] counts = me == 0 ? new int[] {1, 1, 1} : new int[] {1, 0, 0}; // rank 0 to everyone, the others to rank 0 only
            int[] displs = me == 0 ? new int[] {0, 1, 2} : new int[] {0, 1, 1};
            int[] rcounts = me == 0 ? new int[] {1, 1, 1} : new int[] {1, 0, 0};
            int[] recv = new int[3];
            k.alltoallv(send, counts, displs, recv, rcounts, new int[] {0, 1, 2});
            k.allgather(new long[] {me}, 0, 1, new long[3], 0);
            Comm dup = k.dup(); // a duplicate counts into the same totals
            dup.barrier();
            dup.close();
            CountingComm.Counts n = k.counts();
            return new long[] {n.collectives(), n.exchanges(), n.messages(), n.maxMessagesPerExchange(), n.gatheredElements(), n.exchangedBytes(),
                    k.perExchange().get(0), recv[0], recv[1], recv[2]};
        });
        // rank 0: 2 ints to ranks 1 and 2 (8 bytes) and its long to 2 others (16 bytes)
        assertArrayEquals(new long[] {3, 1, 2, 2, 3, 24, 2, 0, 10, 20}, out.get(0), "rank 0 sends to 1 and 2 and gets one from each");
        // rank 1: nothing to others in the alltoallv (its one int goes to rank 0: 4 bytes) and 16 bytes of allgather
        assertArrayEquals(new long[] {3, 1, 1, 1, 3, 20, 1, 1, 0, 0}, out.get(1));
        assertEquals(1, out.get(2)[2]);
    }

    @Test
    void resetStartsAgainAndUnwrapFindsTheCommunicator() {
        Comm self = org.jpio.comm.local.SelfComm.create();
        CountingComm k = CountingComm.of(self);
        k.barrier();
        assertEquals(1, k.counts().collectives());
        k.reset();
        assertEquals(0, k.counts().collectives());
        assertEquals(self, CountingComm.unwrap(k));
        assertEquals(self, CountingComm.unwrap(self));
    }
}
