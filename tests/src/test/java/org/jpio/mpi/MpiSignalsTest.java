package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM keeps its SIGSEGV to itself in an MPI rank: UCX (under Debian's MPICH) would otherwise install
 * its own handler when libucs loads and take every SIGSEGV the JVM raises on purpose (implicit null checks
 * of compiled code): it prints a backtrace each time and, depending on the moment, kills the rank (ranks of
 * the ParallelFile contract died that way). {@link org.jpio.comm.mpi.MpiBridge} sets UCX_ERROR_SIGNALS
 * empty unless the user set it.
 */
class MpiSignalsTest {
    @TempDir Path dir;

    @Test
    void ranksKeepTheirSignalsUnderBothMpis() {
        for (MpiRun.Mpi mpi : MpiRun.Mpi.values()) {
            String out = MpiRun.run(mpi, 2, SignalsMain.class, 60, List.of(), List.of("-Xbatch"));
            MpiRun.requireEachRank(out, 2, "signals ok rank=%d npe=3999");
            assertFalse(out.contains("Caught signal"), "another handler took the JVM's SIGSEGV under " + mpi + ":\n" + out);
        }
    }

    /**
     * The negative control: with UCX's handlers (the user's setting, which jpio leaves alone) UCX takes the
     * same SIGSEGVs; whether the ranks then survive varies, so only the interception is required.
     */
    @Test
    void negativeControlWithUcxHandlersUcxTakesTheJvmsSignals() {
        MpiRun.Outcome o = MpiRun.launch(MpiRun.Mpi.MPICH, 2, SignalsMain.class, 60, List.of("-genv", "UCX_ERROR_SIGNALS", "SIGSEGV,SIGBUS"),
                List.of("-Xbatch", "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log")));
        assertTrue(o.output().contains("Caught signal 11"), o.toString());
    }
}
