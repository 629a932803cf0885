package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.jpio.comm.Comm;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The harness itself: failures carry the ranks' output, and a hung job is killed with all its ranks. */
class MpiRunTest {

    /** Rank 1 fails or hangs (args[0] = "fail" or "hang"); args[1] is a marker to find leftover processes. */
    public static final class Misbehaving {
        public static void main(String[] args) throws Exception {
            Comm c = Comm.world();
            System.out.println("started rank=" + c.rank());
            System.out.flush();
            if (c.rank() == 1 && args[0].equals("fail")) throw new IllegalStateException("rank one gives up");
            if (c.rank() == 1) Thread.sleep(Long.MAX_VALUE);
            c.barrier();
        }
    }

    @Test
    void nonZeroExitFailsWithTheRanksOutput() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> MpiRun.run(2, Misbehaving.class, 60, "fail", "x"));
        assertTrue(e.getMessage().startsWith("mpirun failed: exit="), e.getMessage());
        assertTrue(e.getMessage().contains("IllegalStateException: rank one gives up"), e.getMessage());
    }

    @Test
    void timeoutKillsEveryRank() throws Exception {
        String marker = "marker-" + UUID.randomUUID();
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> MpiRun.run(2, Misbehaving.class, 6, "hang", marker));
        assertTrue(e.getMessage().startsWith("mpirun timed out after 6 s"), e.getMessage());
        assertTrue(e.getMessage().contains("started rank=1"), e.getMessage());
        long left = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains(marker)).orElse(false))
                .filter(ProcessHandle::isAlive).count();
        assertTrue(left == 0, left + " processes of the killed job are still alive");
    }
}
