package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.examples.bench.JavaLauncher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rank JVM started under Open MPI's mpirun gets exactly the class path it was given. Open MPI rewrites a
 * {@code -cp} that follows {@code java} on its command line, putting mpirun's working directory first: a
 * class anyone can write there would be loaded before jpio's, and bin/jpio's class-data archive no longer
 * matches the class path, so the JVM drops it silently. The launchers pass {@code --class-path}, which it
 * leaves alone. Negative control: with {@code -cp} in {@link JavaLauncher} (the benchmarks' ranks) or in
 * {@link MpiRun} (the tests' ranks) that launcher's test fails, the working directory first on the printed path.
 */
class RankClassPathTest {
    /** Prints this JVM's class path, one line. */
    public static final class PrintClassPath {
        public static void main(String[] args) {
            System.out.println("class.path=" + System.getProperty("java.class.path"));
        }
    }

    @Test
    void benchmarkRanksGetTheClassPathTheyWereGiven(@TempDir Path cwd) throws Exception {
        List<String> cmd = new ArrayList<>(MpiRun.Mpi.OPEN_MPI.launcher);
        cmd.addAll(List.of("-np", "1"));
        cmd.addAll(JavaLauncher.command(PrintClassPath.class, List.of()));
        Process p = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = output(p);
        assertEquals(0, p.exitValue(), out);
        assertEquals("class.path=" + System.getProperty("java.class.path"), lineOf(out), out);
        assertTrue(!lineOf(out).contains(cwd.toString()), "mpirun's working directory is on the rank's class path: " + out);
    }

    @Test
    void testRanksGetTheClassPathTheyWereGiven() {
        String out = MpiRun.run(1, PrintClassPath.class, 60);
        assertEquals("class.path=" + System.getProperty("java.class.path"), lineOf(out), out);
    }

    private static String lineOf(String out) {
        return out.lines().filter(l -> l.startsWith("class.path=")).findFirst().orElse("(no class.path line)");
    }

    private static String output(Process p) throws IOException, InterruptedException {
        byte[] b = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("mpirun did not end: " + new String(b, StandardCharsets.UTF_8));
        }
        return new String(b, StandardCharsets.UTF_8);
    }
}
