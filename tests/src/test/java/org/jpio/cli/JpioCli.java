package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/jpio} as a user does and reads back what the benchmarks print and draw. */
final class JpioCli {
    static final Path HOME = Path.of(System.getProperty("jpio.home", "."));
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private JpioCli() { }

    record Result(int status, List<String> out, String err) {
        /** Every stdout line parsed as a flat JSON object (fails on any line that is not one). */
        List<Map<String, String>> rows() {
            List<Map<String, String>> rows = new ArrayList<>();
            for (String line : out) rows.add(FlatJson.parse(line));
            return rows;
        }
    }

    static Result run(Path dir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(HOME.resolve("bin/jpio").toString()));
        cmd.addAll(List.of(args));
        return exec(dir, timeoutSeconds, java.util.Map.of(), cmd);
    }

    /** Runs {@code cmd} (bin/jpio or a script beside it) with {@code env} added to the environment. */
    static Result exec(Path dir, long timeoutSeconds, java.util.Map<String, String> env, List<String> cmd) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "stdout", ".txt"), err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("hangs: " + cmd + "\n" + Files.readString(out) + Files.readString(err));
        }
        Result r = new Result(p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /** Runs and expects exit status 0. */
    static Result ok(Path dir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        Result r = run(dir, timeoutSeconds, args);
        assertEquals(0, r.status(), "exit status of " + Arrays.toString(args) + "; stderr: " + r.err() + " out: " + r.out());
        return r;
    }

    /** The file is a PNG image of some substance (matplotlib's smallest figure here is tens of KiB). */
    static void assertPng(Path png) throws IOException {
        assertTrue(Files.isRegularFile(png), "no figure at " + png);
        byte[] head = Arrays.copyOf(Files.readAllBytes(png), PNG.length);
        assertArrayEquals(PNG, head, "not a PNG: " + png);
        assertTrue(Files.size(png) > 10_000, "figure too small to hold a plot: " + Files.size(png) + " bytes");
        Path rows = png.resolveSibling(png.getFileName().toString().replace(".png", ".jsonl"));
        assertTrue(Files.isRegularFile(rows), "the figure's rows are kept beside it: " + rows);
        for (String line : Files.readAllLines(rows))                         // every line one of the --json rows
            assertTrue(line.startsWith("{") && line.endsWith("}"), "not a JSON object: " + line);
        assertTrue(Files.size(rows) > 0, "no rows in " + rows);
    }
}
