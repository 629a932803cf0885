package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What atomic mode guarantees between in-JVM ranks: one writer and three readers of overlapping ranges, on
 * 4 in-JVM ranks and with the writer in another process, on every engine: no read ever sees a mix of two
 * writes, and no exception escapes. On NIO the JVM refuses overlapping FileChannel locks within one JVM,
 * so the OS lock on a range is held once per JVM for its in-process holders; without that (the negative
 * control) the readers' shared locks collide.
 */
@Timeout(180)
class AtomicModeReadersTest {
    static final int INTS = 1 << 15, ROUNDS = 60;

    @TempDir Path dir;

    /** Each reader reads an overlapping quarter-shifted range, again and again; every read must be one round's. */
    static void reader(ParallelFile f, Comm comm, AtomicBoolean stop) throws Exception {
        int[] back = new int[INTS / 2];
        long from = (comm.rank() - 1) * (INTS / 4L);
        do {
            f.readAt(from, Elements.of(back));
            for (int v : back) assertEquals(back[0], v, "torn read at rank " + comm.rank());
        } while (!stop.get());
    }

    private static ParallelFile open(Comm comm, Path file, String engine) throws Exception {
        ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), Hints.of(Hints.JPIO_ENGINE, engine));
        f.setAtomicity(true);
        f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
        return f;
    }

    private void inJvm(Path file, String engine) throws Exception {
        Files.write(file, new byte[INTS * 4]);
        AtomicBoolean stop = new AtomicBoolean();
        LocalComm.run(4, comm -> {
            try (ParallelFile f = open(comm, file, engine)) {
                if (comm.rank() == 0) {
                    int[] v = new int[INTS];
                    for (int round = 1; round <= ROUNDS; round++) {
                        java.util.Arrays.fill(v, round);
                        f.writeAt(0, Elements.of(v));
                    }
                    stop.set(true);
                } else {
                    reader(f, comm, stop);
                }
            }
        });
    }

    @ParameterizedTest(name = "engine {0}")
    @ValueSource(strings = {"nio", "native"})
    void oneWriterThreeReadersInOneJvm(String engine) throws Exception {
        for (int rep = 0; rep < 3; rep++) inJvm(dir.resolve("r" + rep + ".bin"), engine);
    }

    @ParameterizedTest(name = "engine {0}")
    @ValueSource(strings = {"nio", "native"})
    void aWriterInAnotherProcessAndThreeReaders(String engine) throws Exception {
        Path file = dir.resolve("p.bin");
        Files.write(file, new byte[INTS * 4]);
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"), AtomicWriterChild.class.getName(), engine, file.toString(),
                Integer.toString(INTS), Integer.toString(ROUNDS * 3));
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        AtomicBoolean stop = new AtomicBoolean();
        Thread watcher = new Thread(() -> {
            try {
                child.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stop.set(true);
        });
        watcher.start();
        LocalComm.run(3, comm -> {
            Comm readers = comm; // ranks 0..2 of this JVM all read; the writer is the other process
            try (ParallelFile f = open(readers, file, engine)) {
                int[] back = new int[INTS / 2];
                long from = readers.rank() * (INTS / 4L);
                do {
                    f.readAt(from, Elements.of(back));
                    for (int v : back) assertEquals(back[0], v, "torn read at rank " + readers.rank());
                } while (!stop.get());
            }
        });
        String out = new String(child.getInputStream().readAllBytes());
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, child.exitValue(), out);
        assertTrue(out.contains("DONE"), out);
    }

    /** The negative control: with the OS lock taken per holder again, NIO's readers collide inside one JVM. */
    @Test
    void withoutOneOsLockPerJvmNioReadersCollide() throws Exception {
        Field share = Class.forName("org.jpio.file.RangeLocks").getDeclaredField("shareOsLocks");
        share.setAccessible(true);
        share.setBoolean(null, false);
        try {
            Exception e = assertThrows(Exception.class, () -> {
                for (int rep = 0; rep < 20; rep++) inJvm(dir.resolve("n" + rep + ".bin"), "nio");
            });
            Throwable t = e;
            while (t != null && !(t instanceof OverlappingFileLockException)) t = t.getCause();
            assertTrue(t instanceof OverlappingFileLockException, "expected an OverlappingFileLockException, got " + e);
        } finally {
            share.setBoolean(null, true);
        }
    }
}
