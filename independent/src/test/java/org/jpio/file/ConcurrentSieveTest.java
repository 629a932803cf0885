package org.jpio.file;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jpio.engine.Engines;
import org.jpio.engine.InterceptingEngine;
import org.jpio.engine.IoEngine;
import org.jpio.engine.NativeEngine;
import org.jpio.engine.NioEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two writers of interleaved pieces, both sieving (read-modify-write of shared windows): without the
 * byte-range lock one writer's read-modify-write would put back the other's old values. Tested
 * deterministically (one writer held between its window read and write-back while another writes inside
 * the window, with the locks and, as the negative control, without), and as a race with two threads of
 * one JVM and with two processes.
 */
class ConcurrentSieveTest {
    static final int SLOTS = 20_000;
    static final int ROUNDS = 5;
    @TempDir Path dir;

    static final String HELD = "sieve-held";

    /**
     * Writer 1 sieves pieces at ints 0 and 32 (a window over the hole between them) and is held by the
     * engine right after its window read (latches, no sleeps); writer 2 then writes int 16, inside that
     * window, and must either wait in the lock table until writer 1 is released or (no locks) finish first.
     * Returns ints 0, 16 and 32 once both are done.
     */
    private int[] heldSieveWrite(IoEngine engine, boolean expectWriter2ToWait) throws Exception {
        Path p = dir.resolve("held-" + engine.name() + "-" + expectWriter2ToWait + ".bin");
        java.nio.file.Files.write(p, new byte[256]);
        CountDownLatch windowRead = new CountDownLatch(1), release = new CountDownLatch(1), writer2Done = new CountDownLatch(1);
        InterceptingEngine gate = new InterceptingEngine(engine, (stage, op, args) -> {
            if (stage == InterceptingEngine.Stage.AFTER && op.equals("readFully") && Thread.currentThread().getName().equals(HELD)) {
                windowRead.countDown();
                release.await();
            }
        });
        ArrayFileOptions o = ArrayFileOptions.defaults().withEngine(gate).withSieving(true, true).withSieveBuffers(4096, 4096);
        try (ArrayFile f = ArrayFile.open(p, o, READ, WRITE)) {
            List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
            Thread w1 = new Thread(() -> run(errors, () -> f.writePieces(new long[] {0, 128}, new long[] {4, 4}, new int[] {11, 12}, 0, 2)), HELD);
            Thread w2 = new Thread(() -> {
                run(errors, () -> f.writePieces(new long[] {64}, new long[] {4}, new int[] {99}, 0, 1));
                writer2Done.countDown();
            }, "sieve-other");
            w1.start();
            assertTrue(windowRead.await(30, TimeUnit.SECONDS), "writer 1 never read its window");
            w2.start();
            if (expectWriter2ToWait) {
                awaitWaitingForLock(w2);
                assertEquals(1, writer2Done.getCount(), "writer 2 wrote inside a window another writer holds");
            } else {
                assertTrue(writer2Done.await(30, TimeUnit.SECONDS), "without locks writer 2 does not wait");
            }
            release.countDown();
            w1.join(30_000);
            w2.join(30_000);
            assertTrue(errors.isEmpty(), errors.toString());
            int[] back = new int[3];
            for (int k = 0; k < 3; k++) f.readArray(k * 64L, back, k, 1);
            return back;
        }
    }

    private interface Io {
        void run() throws Exception;
    }

    private static void run(List<Throwable> errors, Io io) {
        try {
            io.run();
        } catch (Throwable e) {
            errors.add(e);
        }
    }

    /** Until {@code t} waits in RangeLocks (the only place a sieved write waits), read off its state and stack. */
    private static void awaitWaitingForLock(Thread t) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(t.getState() == Thread.State.WAITING
                && java.util.Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getClassName().equals(RangeLocks.class.getName())))) {
            assertTrue(t.isAlive() && System.nanoTime() < deadline, "writer 2 never waited for the lock: " + t.getState());
            Thread.onSpinWait();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {NioEngine.NAME, NativeEngine.NAME})
    void aWriteInsideAHeldSievingWindowWaitsAndSurvives(String engine) throws Exception {
        assertArrayEquals(new int[] {11, 99, 12}, heldSieveWrite(Engines.get(engine), true));
    }

    /** The negative control: without the window lock, writer 1's write-back puts the old int 16 back. */
    @ParameterizedTest
    @ValueSource(strings = {NioEngine.NAME, NativeEngine.NAME})
    void negativeControlWithoutLocksTheWriteIsLost(String engine) throws Exception {
        try (TestSwitches.Restore off = TestSwitches.withoutSieveLocks()) {
            assertArrayEquals(new int[] {11, 0, 12}, heldSieveWrite(Engines.get(engine), false), "the write of 99 was lost");
        }
    }

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
