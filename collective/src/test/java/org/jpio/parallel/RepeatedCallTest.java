package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A collective call that repeats its arguments (the same write every step) reuses the checked transfer of
 * the call before: on a rank alone it allocates nothing, whatever the JIT has compiled yet. The reuse must
 * never skip a check a changed argument needs, nor keep a program's array alive.
 */
class RepeatedCallTest {
    @TempDir Path dir;

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }

    /** Bytes allocated per call over {@code calls} calls after as many untimed ones (the first builds what is reused). */
    private static double perCall(int calls, IoCall c) throws Exception {
        for (int i = 0; i < calls; i++) c.run();
        long before = allocated();
        for (int i = 0; i < calls; i++) c.run();
        return (allocated() - before) / (double) calls;
    }

    interface IoCall { void run() throws Exception; }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"twophase", "independent"})
    void aRepeatedSmallCallAllocatesNothingOnARankAlone(String backend) throws Exception {
        LocalComm.run(1, comm -> {
            int[] buf = new int[256];
            try (ParallelFile f = ParallelFile.open(comm, dir.resolve(backend + ".bin"), EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.JPIO_BACKEND, backend))) {
                Elements e = Elements.of(buf);
                // most of these calls run before the JIT's optimising compiler (and its escape analysis) has
                // compiled the path: nothing is allocated at the source; reading the counter costs about 800 bytes once
                double w = perCall(4000, () -> f.writeAtAll(1024, e));
                double r = perCall(4000, () -> f.readAtAll(1024, e));
                assertTrue(w < 1, "writeAtAll allocated " + w + " bytes per call");
                assertTrue(r < 1, "readAtAll allocated " + r + " bytes per call");
                // the negative control: a call whose offset changes every time is checked anew, and allocates
                long[] at = {0};
                double fresh = perCall(400, () -> f.writeAtAll(at[0]++ * 1024, e));
                assertTrue(fresh > 32, "a call with a new offset each time allocated only " + fresh + " bytes per call");
            }
        });
    }

    @Test
    void aChangedArgumentIsCheckedAndMovesItsOwnBytes() throws Exception {
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, dir.resolve("changed.bin"), EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                int[] a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
                long at = comm.rank() * 16L;
                f.writeAtAll(at, Elements.of(a));
                f.writeAtAll(at + 32, Elements.of(b));          // another offset
                f.writeAtAll(at + 64, Elements.of(b, 1, 2));    // another index and count
                int[] back = new int[4];
                f.readAtAll(at, Elements.of(back));
                assertArrayEquals(a, back);
                f.readAtAll(at + 32, Elements.of(back));
                assertArrayEquals(b, back);
                f.readAtAll(at + 64, Elements.of(back, 0, 2));
                assertArrayEquals(new int[] {6, 7, 7, 8}, back);
                // the same call after a view of doubles: the etype check must run again and refuse it
                f.setView(FileView.contiguous(0, ElementType.DOUBLE, DataRep.NATIVE));
                // (every rank's checks failed: each throws an IllegalArgumentException or the agreement's report of it)
                for (int i = 0; i < 2; i++) {
                    RuntimeException x = assertThrows(RuntimeException.class, () -> f.readAtAll(at + 64, Elements.of(back, 0, 2)));
                    assertTrue(x.getMessage().contains("does not match the view's etype=DOUBLE"), x.getMessage());
                }
            }
        });
    }

    @Test
    void anOpenFileDoesNotKeepTheLastArrayAlive() throws Exception {
        LocalComm.run(1, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, dir.resolve("weak.bin"), EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                WeakReference<int[]> gone = writeOnce(f);
                for (int i = 0; i < 20 && gone.get() != null; i++) {
                    System.gc();
                    Thread.sleep(10);
                }
                assertTrue(gone.get() == null, "the file keeps the array of its last call reachable"); // (assertNull would print the array)
                assertEquals(1 << 20, f.size());
            }
        });
    }

    /** Writes 1 MiB from an array nothing else keeps, twice (the second call reuses the first's check). */
    private static WeakReference<int[]> writeOnce(ParallelFile f) throws java.io.IOException {
        int[] big = new int[1 << 18];
        Elements e = Elements.of(big);
        f.writeAtAll(0, e);
        f.writeAtAll(0, e);
        return new WeakReference<>(big);
    }
}
