package org.jpio.multiprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jpio.engine.Engines;
import org.jpio.engine.IoEngine;
import org.jpio.examples.bench.JavaLauncher;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Separate JVMs write disjoint blocks of one ArrayFile at the same time (each in many calls, back to
 * front, so their writes interleave and the file grows out of order); the parent then reads the whole
 * file and checks every element. Runs for each engine that can run here.
 */
class DisjointWritersTest {
    static final int PROCS = 3;
    static final long N = 300_001; // not a multiple of PROCS: the last block is shorter

    static Stream<String> engines() {
        return Engines.all().stream().filter(e -> e.unavailableReason().isEmpty()).map(IoEngine::name);
    }

    @ParameterizedTest
    @MethodSource("engines")
    @Timeout(60)
    void childrenWriteDisjointBlocksOfOneFile(String engine, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("shared.bin");
        List<Process> children = new ArrayList<>();
        try {
            for (int r = 0; r < PROCS; r++) {
                List<String> cmd = JavaLauncher.command(DisjointWriterChild.class,
                        List.of(engine, file.toString(), Integer.toString(r), Integer.toString(PROCS), Long.toString(N), "37"));
                children.add(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start());
            }
            List<BufferedReader> outs = new ArrayList<>();
            for (Process p : children) {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                assertEquals("READY", out.readLine());
                outs.add(out);
            }
            for (Process p : children) {
                Writer w = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
                w.write("go\n");
                w.flush();
            }
            for (int r = 0; r < PROCS; r++) {
                assertTrue(outs.get(r).readLine().startsWith("WROTE "), "rank=" + r + " did not finish");
                assertTrue(children.get(r).waitFor(30, TimeUnit.SECONDS), "rank=" + r + " hangs");
                assertEquals(0, children.get(r).exitValue(), "rank=" + r + " exit status");
            }
        } finally {
            for (Process p : children) p.destroyForcibly();
        }
        long[] all = new long[(int) N];
        try (ArrayFile f = ArrayFile.open(file, ArrayFileOptions.defaults().withEngine(engine))) {
            assertEquals(N * 8, f.size(), "file size");
            f.readArray(0, all);
        }
        for (int i = 0; i < N; i++)
            if (all[i] != DisjointWriterChild.value(i)) throw new AssertionError("element " + i + " is " + all[i] + ", expected " + DisjointWriterChild.value(i));
    }
}
