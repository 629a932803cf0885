package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jpio_cb_shared=automatic on MPI processes whose shared-memory file system is too small for the
 * aggregators' cycle buffers (a 1 MiB tmpfs as Open MPI's osc_sm_backing_directory; two 16 MiB buffers
 * wanted): the write falls back to messages and hints() says why. Without the room check, Open MPI
 * creates the window anyway and the JVM dies of a signal when it first touches it (seen with Open MPI 4.1).
 */
class SharedFallbackTest {
    @TempDir Path dir;

    @Test
    void aWindowThatWouldNotFitFallsBackToMessages() throws Exception {
        Path shm = Tmpfs.mount("1m");
        Assumptions.assumeTrue(shm != null, "needs root to mount a small tmpfs");
        try {
            String out = MpiRun.run(2, SharedFallbackMain.class, 120, List.of("--mca", "osc_sm_backing_directory", shm.toString()),
                    dir.resolve("f.bin").toString());
            MpiRun.requireEachRank(out, 2, "fallback ok rank=%d");
            assertTrue(out.contains("exchange rank=0: messages (no shared memory: the shared-memory file system " + shm), out);
        } finally {
            Tmpfs.unmount(shm);
        }
    }
}
