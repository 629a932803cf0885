package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.jpio.parallel.Tmpfs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk (a real 64 MiB tmpfs) while an array overwrites a good file and while it writes a new one,
 * and a file size limit (a real {@code ulimit -f}), on 4 ranks that are threads and on 4 MPI processes:
 * every rank gets the error, which says what happened ("no space left", "file too large" with the limit);
 * numpy finds the old array whole; nothing torn and no temporary is left.
 */
class DiskFaultTest {
    @TempDir Path dir;

    @Test @Timeout(120)
    void fullDiskInJvm() throws Exception {
        onTmpfs(mnt -> LocalComm.run(4, c -> Faults.run("disk-full", c, mnt)), 4);
    }

    @Test
    void fullDiskOnMpi() throws Exception {
        onTmpfs(mnt -> {
            MpiRun.Outcome o = MpiRun.launch(4, Faults.class, 180, List.of(), List.of("-Xmx512m"), "disk-full", mnt.toString());
            assertEquals(0, o.exit(), o.toString());
            MpiRun.requireEachRank(o.output(), 4, "disk-full ok rank=%d");
        }, 4);
    }

    private interface OnMount { void run(Path mnt) throws Exception; }

    private static void onTmpfs(OnMount body, int ranks) throws Exception {
        Path mnt = Tmpfs.mount("64m");
        Assumptions.assumeTrue(mnt != null, "a real ENOSPC needs a small tmpfs, and mounting one needs root");
        try {
            body.run(mnt);
            assertEquals("old", Numpy.whichArray(mnt.resolve("full-" + ranks + ".npy"), 3 << 20));
        } finally {
            Tmpfs.unmount(mnt);
        }
    }

    @Test @Timeout(180)
    void fileSizeLimitInJvm() throws Exception {
        Result r = underFileLimit(List.of(java(), "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"), Faults.class.getName(), "file-limit", dir.toString(), "threads"));
        assertEquals(0, r.exit, r.output);
        MpiRun.requireEachRank(r.output, 4, "file-limit ok rank=%d");
    }

    @Test @Timeout(180)
    void fileSizeLimitOnMpi() throws Exception {
        List<String> cmd = new ArrayList<>(MpiRun.builder(4, Faults.class, List.of(), List.of("-Xmx512m"), "file-limit", dir.toString()).command());
        Result r = underFileLimit(cmd);
        assertEquals(0, r.exit, r.output);
        MpiRun.requireEachRank(r.output, 4, "file-limit ok rank=%d");
    }

    private record Result(int exit, String output) { }

    /** Runs {@code cmd} under bash's {@code ulimit -f 16384} (KiB): 16 MiB. HotSpot ignores SIGXFSZ, so writes past it fail with EFBIG. */
    private static Result underFileLimit(List<String> cmd) throws Exception {
        StringBuilder line = new StringBuilder("ulimit -f 16384; exec");
        for (String c : cmd) line.append(" '").append(c.replace("'", "'\\''")).append("'");
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", line.toString()).redirectErrorStream(true);
        pb.environment().remove("ROMIO_HINTS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        boolean done = p.waitFor(150, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        assertFalse(!done, "timed out: " + out);
        return new Result(p.exitValue(), out);
    }

    private static String java() { return Path.of(System.getProperty("java.home"), "bin", "java").toString(); }

    @Test
    void theNumpyCheckCatchesAMixture() throws Exception {
        // the check itself must fail on a torn file: half old, half new
        Path file = dir.resolve("torn.npy");
        LocalComm.run(2, c -> Faults.longs(c, 1 << 16, false).write(file));
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * 1024).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 1024; i++) b.putLong(~(long) i);
            b.flip();
            ch.write(b, 128); // the data of a version 1.0 header this size starts at 128
        }
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> Numpy.whichArray(file, 1 << 16));
        assertTrue(e.getMessage().contains("MIXTURE old=" + ((1 << 16) - 1024) + " new=1024"), e.getMessage());
    }
}
