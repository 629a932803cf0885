package org.jpio.examples.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ranks as separate processes (JVMs or C programs) that speak {@link LineProtocol} on stdin/stdout. Their
 * stderr goes to this process's stderr. The phase time runs from sending "go" to the first rank until the
 * last "DONE" arrives, so it includes the (microseconds of) pipe latency and any skew between ranks.
 */
public final class ProcessTeam implements Team {
    private final List<Process> procs = new ArrayList<>();
    private final List<Writer> to = new ArrayList<>();
    private final List<BufferedReader> from = new ArrayList<>();

    /** Starts one process per command; rank r runs {@code commands.get(r)}. */
    public ProcessTeam(List<List<String>> commands) throws IOException {
        try {
            for (List<String> cmd : commands) {
                Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
                procs.add(p);
                to.add(new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
                from.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            close();
            throw new IOException("cannot start rank=" + procs.size() + " command=" + commands.get(procs.size()) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Phase run(String op, int salt) throws IOException {
        sendAll(op + " " + Integer.toUnsignedString(salt));
        for (int r = 0; r < procs.size(); r++) expect(r, "SET");
        long t0 = System.nanoTime();
        sendAll("go");
        for (int r = 0; r < procs.size(); r++) expect(r, "DONE");
        double secs = (System.nanoTime() - t0) / 1e9;
        long errors = 0;
        for (int r = 0; r < procs.size(); r++) errors += Long.parseLong(expect(r, "ERRORS ").trim());
        return new Phase(secs, errors);
    }

    private void sendAll(String line) throws IOException {
        for (int r = 0; r < to.size(); r++) {
            try {
                to.get(r).write(line + "\n");
                to.get(r).flush();
            } catch (IOException e) {
                throw new IOException("rank=" + r + " op=" + line + ": cannot send, rank exited? " + exitStatus(r), e);
            }
        }
    }

    /** Reads rank r's next line, which must start with {@code word}; returns the rest. */
    private String expect(int r, String word) throws IOException {
        String line = from.get(r).readLine();
        if (line == null) throw new IOException("rank=" + r + " ended while waiting for " + word.trim() + ": " + exitStatus(r));
        if (line.startsWith("FAIL")) throw new IOException("rank=" + r + " failed: " + line.substring(4).trim());
        if (!line.startsWith(word)) throw new IOException("rank=" + r + " said '" + line + "' while waiting for " + word.trim());
        return line.substring(word.length());
    }

    private String exitStatus(int r) {
        Process p = procs.get(r);
        try {
            return p.waitFor(2, TimeUnit.SECONDS) ? "exit=" + p.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (int r = 0; r < procs.size(); r++) {
            Process p = procs.get(r);
            try {
                to.get(r).write("quit\n");
                to.get(r).close();
            } catch (IOException ignored) {
                // the rank already exited; its status is checked below
            }
            try {
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    if (first == null) first = new IOException("rank=" + r + " did not exit after quit; killed");
                } else if (p.exitValue() != 0 && first == null) {
                    first = new IOException("rank=" + r + " exited with status=" + p.exitValue());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
        if (first != null) throw first;
    }
}
