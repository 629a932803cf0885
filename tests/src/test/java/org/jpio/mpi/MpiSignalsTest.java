package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The JVM keeps its SIGSEGV handler in an MPI rank: UCX (under Debian's MPICH) would otherwise install its
 * own when libucs loads, and the first implicit null check of compiled code kills the rank
 * ({@link org.jpio.comm.mpi.MpiBridge} sets UCX_ERROR_SIGNALS empty unless the user set it).
 */
class MpiSignalsTest {
    @TempDir Path dir;

    @Test
    void ranksSurviveImplicitNullChecksUnderBothMpis() {
        for (MpiRun.Mpi mpi : MpiRun.Mpi.values()) {
            String out = MpiRun.run(mpi, 2, SignalsMain.class, 60, List.of(), List.of("-Xbatch"));
            MpiRun.requireEachRank(out, 2, "signals ok rank=%d npe=");
        }
    }

    /** The negative control: with UCX's handlers (the user's setting, which jpio leaves alone) the ranks die. */
    @Test
    void negativeControlWithUcxHandlersTheRanksDie() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> MpiRun.run(MpiRun.Mpi.MPICH, 2, SignalsMain.class, 60,
                List.of("-genv", "UCX_ERROR_SIGNALS", "SIGSEGV,SIGBUS"), List.of("-Xbatch", "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"))));
        assertTrue(e.getMessage().contains("Caught signal 11"), e.getMessage());
    }
}
