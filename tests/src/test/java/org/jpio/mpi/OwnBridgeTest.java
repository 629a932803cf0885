package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.mpi.MpiBridge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The way out for an MPI jpio ships no bridge for (Cray, Intel MPI, a site build): the instructions that
 * MpiBridge prints, run as printed (with MPICH's wrapper standing in for the site's mpicc), build a
 * libjpiompi.so from the sources in the jar, and a job started with -Djpio.native.dir pointing there runs
 * on it rather than on the shipped bridges.
 */
class OwnBridgeTest {
    @TempDir Path dir;

    @Test
    void theInstructionsBuildABridgeThatIsUsedFirst() throws Exception {
        String how = MpiBridge.buildInstructions();
        String command = how.lines().filter(l -> l.startsWith("  mkdir")).findFirst().orElseThrow(() -> new AssertionError(how)).trim();
        Path own = dir.resolve("bridge");
        command = command.replace("$HOME/jpio-bridge", own.toString()).replace(" mpicc ", " mpicc.mpich ");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process build = pb.start();
        String out = new String(build.getInputStream().readAllBytes());
        assertTrue(build.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, build.exitValue(), command + "\n" + out);
        assertTrue(Files.isRegularFile(own.resolve("libjpiompi.so")), "no libjpiompi.so after: " + command);

        String run = MpiRun.run(MpiRun.Mpi.MPICH, 2, CommContract.class, 60, List.of(),
                List.of("-Djpio.native.dir=" + own, "-Djpio.native.cache=" + dir.resolve("cache")));
        MpiRun.requireEachRank(run, 2, "contract ok: class=MpiComm rank=%d size=2 bridge=libjpiompi.so mpi=MPICH Version: 4");
    }
}
