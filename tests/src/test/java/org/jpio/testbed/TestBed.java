package org.jpio.testbed;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the test bed scripts of {@code scripts/testbed/} (a striped XFS, CephFS, a simulated cluster). A
 * script that cannot run here (not root, a tool missing) exits 77 with the reason on stderr: the calling
 * test then says so and is skipped. Any other failure fails the test with everything the script printed.
 */
public final class TestBed {
    /** The exit status by which a script says it cannot run here. */
    public static final int SKIP = 77;

    private TestBed() { }

    public static Path home() {
        String h = System.getProperty("jpio.home");
        if (h == null) throw new IllegalStateException("system property jpio.home is not set (the tests module's surefire sets it)");
        return Path.of(h);
    }

    public static Path script(String name) { return home().resolve("scripts/testbed").resolve(name); }

    /** Runs {@code scripts/testbed/<name> args...}; returns its standard output, trimmed. */
    public static String run(String name, long timeoutSeconds, String... args) {
        List<String> cmd = new ArrayList<>(List.of("bash", script(name).toString()));
        cmd.addAll(List.of(args));
        Path err = null;
        try {
            err = Files.createTempFile("jpio-testbed", ".err");
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("test bed timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd) + "\n" + Files.readString(err));
            }
            String stderr = Files.readString(err);
            if (p.exitValue() == SKIP) {
                System.err.println("jpio tests: skipped: " + String.join(" ", cmd) + ": " + stderr.strip());
                Assumptions.abort(stderr.strip());
            }
            if (p.exitValue() != 0)
                fail("test bed failed: exit=" + p.exitValue() + " command: " + String.join(" ", cmd) + "\n--- stdout ---\n"
                        + new String(out, StandardCharsets.UTF_8) + "\n--- stderr ---\n" + stderr);
            return new String(out, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return fail("cannot run " + String.join(" ", cmd) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted: " + String.join(" ", cmd), e);
        } finally {
            if (err != null) err.toFile().delete();
        }
    }

    /** Runs a command and returns its output, failing the test when it exits non-zero. */
    public static String exec(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) fail("exit=" + p.exitValue() + ": " + String.join(" ", cmd) + "\n" + out);
            return out;
        } catch (IOException e) {
            return fail("cannot run " + String.join(" ", cmd) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail("interrupted: " + String.join(" ", cmd), e);
        }
    }
}
