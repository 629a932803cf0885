package org.jpio.romio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The plain C MPI-IO checker ({@code tests/src/test/c/check_darray.c}): built with mpicc once per test
 * JVM into {@code tests/target/c/}, then run under mpirun on a file a jpio backend wrote.
 */
final class CheckDarray {
    private static Path binary;

    private CheckDarray() { }

    static synchronized Path binary() throws IOException, InterruptedException {
        if (binary != null) return binary;
        Path home = Path.of(System.getProperty("jpio.home", "."));
        Path src = home.resolve("tests/src/test/c/check_darray.c");
        Path out = home.resolve("tests/target/c/check_darray");
        Files.createDirectories(out.getParent());
        run(List.of("mpicc", "-O2", "-Wall", "-o", out.toString(), src.toString()), "mpicc check_darray.c");
        binary = out;
        return out;
    }

    /** Runs the checker on {@code np} processes; fails with its output unless it prints OK and exits 0. */
    static String check(int np, Path file, String gsizes, String type, String order) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
            "-np", Integer.toString(np), binary().toString(), file.toString(), gsizes, type, order));
        String out = run(cmd, "check_darray");
        assertTrue(out.contains("check_darray: OK"), out);
        return out;
    }

    private static String run(List<String> cmd, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] bytes = p.getInputStream().readAllBytes();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String out = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(0, done ? p.exitValue() : -1, () -> what + " failed: " + String.join(" ", cmd) + "\n" + out);
        return out;
    }
}
