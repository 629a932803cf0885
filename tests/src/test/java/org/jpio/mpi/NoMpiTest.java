package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A machine without an MPI, as the dynamic loader sees it: a mount namespace whose library directory is
 * an overlay with the MPI libraries whited out (root only). In-JVM ranks run; under a launcher's
 * variables, {@code Comm.world()} says which launcher, which libraries it looked for and why none
 * loaded, and never puts another MPI in the place of the launcher's.
 */
class NoMpiTest {
    @TempDir Path dir;

    static final String LIBDIR = "/usr/lib/x86_64-linux-gnu";

    /** Runs NoMpiMain with {@code hidden} whited out of the library directory and {@code env} set; its output. */
    private String runWithout(List<String> hidden, String... env) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of(LIBDIR)) && "root".equals(System.getProperty("user.name")),
                "hiding libraries needs root and Debian's multiarch library directory " + LIBDIR);
        Path upper = Files.createDirectories(dir.resolve("upper")), work = Files.createDirectories(dir.resolve("work"));
        StringBuilder sh = new StringBuilder("set -e; ");
        for (String lib : hidden) sh.append("mknod ").append(upper.resolve(lib)).append(" c 0 0; "); // overlayfs whiteouts
        sh.append("mount -t overlay overlay -o lowerdir=").append(LIBDIR).append(",upperdir=").append(upper).append(",workdir=").append(work)
          .append(' ').append(LIBDIR).append("; exec env");
        for (String e : env) sh.append(' ').append(e);
        List<String> java = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"), NoMpiMain.class.getName()));
        for (String a : java) sh.append(" '").append(a).append('\'');
        Process p = new ProcessBuilder("unshare", "-m", "sh", "-c", sh.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        Assumptions.assumeFalse(out.contains("unshare failed") || out.contains("mount:"), "no mount namespace or overlay here: " + out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void withoutAnyMpiInJvmRanksRunAndTheWorldSaysWhy() throws Exception {
        String out = runWithout(List.of("libmpi.so.40", "libmpich.so.12"), "OMPI_COMM_WORLD_SIZE=2", "OMPI_COMM_WORLD_RANK=0");
        assertTrue(out.contains("in-JVM ranks ok: sum=6"), out);
        assertTrue(out.contains("world refused: MPI: jpio's MPI bridge did not load (launcher: OMPI_COMM_WORLD_SIZE=2): no MPI library found"
                + " (Open MPI's mpirun started this process (OMPI_COMM_WORLD_SIZE=2)): tried libmpi.so.40: cannot open shared object file"), out);
        assertTrue(out.contains("in-JVM ranks (LocalComm, Spmd.run) need none"), out);
    }

    /** Hydra's variables with only Open MPI installed: Open MPI would run each rank alone, so it is not taken. */
    @Test
    void theLaunchersMpiMissingIsNotReplacedByAnother() throws Exception {
        String out = runWithout(List.of("libmpich.so.12"), "PMI_RANK=0", "PMI_SIZE=2", "MPI_LOCALNRANKS=2");
        assertTrue(out.contains("world refused: ") && out.contains("Hydra, the mpiexec of MPICH and Intel MPI, started this process")
                && out.contains("libmpi.so.12: cannot open shared object file") && out.contains("libmpich.so.12: cannot open shared object file"), out);
        assertFalse(out.contains("libmpi.so.40"), "Open MPI was tried under Hydra: " + out);
    }
}
