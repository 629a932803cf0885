package org.jpio.examples.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.junit.jupiter.api.Test;

/** The counting communicator passes data through unchanged and counts messages by the ranks actually sent to. */
class CountingCommTest {
    @Test
    void countsTheRanksSentToAndGatheredElements() throws Exception {
        List<long[]> out = LocalComm.runAndCollect(3, c -> {
            CountingComm k = new CountingComm(c);
            int me = k.rank();
            int[] send = {10 * me, 10 * me + 1, 10 * me + 2};
            int[] counts = me == 0 ? new int[] {1, 1, 1} : new int[] {1, 0, 0}; // rank 0 to everyone, the others to rank 0 only
            int[] displs = me == 0 ? new int[] {0, 1, 2} : new int[] {0, 1, 1};
            int[] rcounts = me == 0 ? new int[] {1, 1, 1} : new int[] {1, 0, 0};
            int[] recv = new int[3];
            k.alltoallv(send, counts, displs, recv, rcounts, new int[] {0, 1, 2});
            k.allgather(new long[] {me}, 0, 1, new long[3], 0);
            return new long[] {k.exchanges, k.messages, k.maxMessagesPerExchange, k.gatheredElements, recv[0], recv[1], recv[2]};
        });
        assertArrayEquals(new long[] {1, 2, 2, 3, 0, 10, 20}, out.get(0), "rank 0 sends to 1 and 2 and gets one from each");
        assertArrayEquals(new long[] {1, 1, 1, 3, 1, 0, 0}, out.get(1));
        assertEquals(1, out.get(2)[1]);
    }
}
