package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.comm.RankFailure;

/**
 * {@link Comm#shareFromRoot}, part of {@link CommContract}: a step only one rank takes, its result or its
 * failure on every rank in one broadcast, the failure thrown as {@link Comm#agree} throws it.
 */
final class RootOutcomeContract {
    private RootOutcomeContract() { }

    static void check(Comm c) throws IOException {
        for (int root : new int[] {0, c.size() - 1}) {
            for (int bytes : new int[] {0, 7, Comm.ROOT_MESSAGE_BYTES - 5, Comm.ROOT_MESSAGE_BYTES, 5000}) {
                byte[] sent = new byte[bytes];
                for (int i = 0; i < bytes; i++) sent[i] = (byte) (31 * i + root);
                CountingComm k = CountingComm.of(c);
                long before = k.counts().collectives();
                byte[] got = k.shareFromRoot("describe", root, c.rank() == root ? sent : null, null);
                assertArrayEquals(sent, got, "root=" + root + " bytes=" + bytes);
                long expected = c.size() == 1 ? 0 : bytes + 1 <= Comm.ROOT_MESSAGE_BYTES - 4 ? 1 : 3; // one broadcast when it fits
                assertEquals(expected, k.counts().collectives() - before, "collectives of shareFromRoot root=" + root + " bytes=" + bytes);
            }
            IOException io = c.rank() == root ? new IOException("no such file: path=/x") : null;
            CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> c.shareFromRoot("inspect", root, null, io));
            assertEquals(List.of(new RankFailure(root, "IOException", "no such file: path=/x", true)), e.failures());
            if (c.rank() == root) assertSame(io, e.getCause());
            String longMessage = "x".repeat(3000);
            IllegalArgumentException arg = c.rank() == root ? new IllegalArgumentException(longMessage) : null;
            CollectiveException a = assertThrows(CollectiveException.class, () -> c.shareFromRoot("inspect", root, new byte[1], arg));
            assertEquals(List.of(new RankFailure(root, "IllegalArgumentException", longMessage, false)), a.failures());
        }
        // a root with neither is a bug of the caller: every rank is told, none is left waiting
        CollectiveException none = assertThrows(CollectiveException.class, () -> c.shareFromRoot("nothing", 0, null, null));
        assertEquals(List.of(new RankFailure(0, "IllegalStateException", "shareFromRoot: root=0 passed neither a result nor a failure", false)), none.failures());
    }
}
