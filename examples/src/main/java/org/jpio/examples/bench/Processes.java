package org.jpio.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a helper program (a C peer, the plotter) to completion and returns what it printed. */
public final class Processes {
    private Processes() { }

    /**
     * Runs {@code cmd} with stderr merged into stdout; returns the output when it exits 0 within the timeout,
     * otherwise IOException with the exit status, the command and the output.
     */
    public static String run(List<String> cmd, long timeoutSeconds) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("cannot run command=" + String.join(" ", cmd) + ": " + e.getMessage(), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out after " + timeoutSeconds + " s: command=" + String.join(" ", cmd));
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: command=" + String.join(" ", cmd), e);
        }
        if (p.exitValue() != 0) throw new IOException("exit=" + p.exitValue() + " command=" + String.join(" ", cmd) + ": " + out.trim());
        return out;
    }
}
