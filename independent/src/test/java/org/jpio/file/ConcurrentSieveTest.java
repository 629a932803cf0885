package org.jpio.file;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two writers of interleaved pieces, both sieving (read-modify-write of shared windows): without the
 * byte-range lock one writer's read-modify-write would put back the other's old values. Tested with two
 * threads of one JVM and with two processes.
 */
class ConcurrentSieveTest {
    static final int SLOTS = 20_000;
    static final int ROUNDS = 5;
    @TempDir Path dir;

    @Test
    void twoThreadsLoseNothing() throws Exception {
        Path p = dir.resolve("threads.bin");
        List<Thread> ts = new ArrayList<>();
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int parity = 0; parity < 2; parity++) {
            int par = parity;
            Thread t = new Thread(() -> {
                try {
                    InterleavedSieveWriter.write(p, par, SLOTS, ROUNDS);
                } catch (Throwable e) {
                    errors.add(e);
                }
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) t.join();
        assertTrue(errors.isEmpty(), errors.toString());
        verify(p);
    }

    @Test
    void twoProcessesLoseNothing() throws Exception {
        Path p = dir.resolve("procs.bin");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> ps = new ArrayList<>();
        for (int parity = 0; parity < 2; parity++) {
            ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "-Djpio.native.dir=" + System.getProperty("jpio.native.dir", ""),
                    InterleavedSieveWriter.class.getName(), p.toString(), "" + parity, "" + SLOTS, "" + ROUNDS);
            pb.inheritIO();
            ps.add(pb.start());
        }
        for (Process pr : ps) {
            assertTrue(pr.waitFor(120, TimeUnit.SECONDS), "writer process hung");
            assertEquals(0, pr.exitValue());
        }
        verify(p);
    }

    private static void verify(Path p) throws IOException {
        int[] all = new int[SLOTS];
        try (ArrayFile f = ArrayFile.open(p)) {
            assertEquals(SLOTS * 4L, f.size());
            f.readArray(0, all);
        }
        for (int i = 0; i < SLOTS; i++)
            assertEquals(InterleavedSieveWriter.value(i % 2, i / 2, ROUNDS), all[i], "slot " + i + " lost its last write");
    }
}
