package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hint {@code jpio_preallocate}: before a collective write whose ranks together write one gap-free range,
 * rank 0 reserves that whole range (one preallocate call, before any rank writes); a write that leaves holes
 * reserves nothing (the holes would take disk space), and {@code disable} never reserves. On both
 * collective paths (independent and two-phase); the file holds the data either way.
 */
class PreallocateTest {
    @TempDir Path dir;

    /** Rank r's view: every other int from int r (interleaved extents); with a gap, every fourth. */
    private static FileView view(int rank, boolean gaps) {
        return new FileView(4L * rank, ElementType.INT, Datatype.resized(0, gaps ? 16 : 8, Datatype.of(ElementType.INT)), DataRep.NATIVE);
    }

    private List<RecordingEngine.Call> write(String cb, String preallocate, boolean gaps) throws Exception {
        return write(cb, preallocate, gaps, 1000);
    }

    /** Each of 2 ranks writes {@code n} ints through its view (interleaved with the other's). */
    private List<RecordingEngine.Call> write(String cb, String preallocate, boolean gaps, int n) throws Exception {
        Path file = dir.resolve(cb + "-" + preallocate + "-" + gaps + "-" + n + ".bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, cb, Hints.JPIO_PREALLOCATE, preallocate), rec)) {
                f.setView(view(comm.rank(), gaps));
                int[] mine = new int[n];
                for (int i = 0; i < mine.length; i++) mine[i] = comm.rank() + 2 * i;
                f.writeAll(Elements.ofArray(mine));
            }
        });
        java.nio.IntBuffer back = java.nio.ByteBuffer.wrap(Files.readAllBytes(file)).order(java.nio.ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < 2 * n; i++) {
            int at = gaps ? (i / 2) * 4 + i % 2 : i;
            assertEquals(i, back.get(at), "int " + at);
        }
        return rec.calls();
    }

    @Test
    void theSameWriteRepeatedReservesOnceUntilTheFileIsTruncated() throws Exception {
        Path file = dir.resolve("repeated.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "disable", Hints.JPIO_PREALLOCATE, "enable"), rec)) {
                f.setView(view(comm.rank(), false));
                int[] mine = new int[1000];
                for (int step = 0; step < 5; step++) f.writeAtAll(0, Elements.of(mine)); // the same write every step
                f.setSize(0);
                f.writeAtAll(0, Elements.of(mine));
            }
        });
        long reserved = rec.calls().stream().filter(c -> c.op().equals("preallocate")).count();
        assertEquals(2, reserved, "rank 0 reserves at the first write and again after the truncation: " + rec.calls());
    }

    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void aDenseWriteIsReservedInOneCallBeforeAnyRankWrites(String cb) throws Exception {
        List<RecordingEngine.Call> calls = write(cb, "enable", false);
        List<RecordingEngine.Call> reserved = calls.stream().filter(c -> c.op().equals("preallocate")).toList();
        assertEquals(1, reserved.size(), "one reservation: " + reserved);
        RecordingEngine.Call r = reserved.get(0);
        assertTrue(r.position() == 0 && r.length() == 8000, "the whole range both ranks write: " + r);
        assertEquals("jpio-rank-0", r.thread());
        int at = calls.indexOf(r);
        assertTrue(calls.subList(0, at).stream().noneMatch(c -> c.isWrite()), "reserved before any rank writes: " + calls.subList(0, at));
    }

    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void aWriteWithHolesOrTheHintDisabledReservesNothing(String cb) throws Exception {
        assertTrue(write(cb, "enable", true).stream().noneMatch(c -> c.op().equals("preallocate")), "holes: no reservation");
        assertTrue(write(cb, "disable", false).stream().noneMatch(c -> c.op().equals("preallocate")), "disable: no reservation");
    }

    /** {@code automatic} reserves on ext4 and xfs (delayed allocation), nowhere else. */
    @org.junit.jupiter.api.Test
    void automaticReservesOnDelayedAllocationFileSystems() throws Exception {
        String type = Files.getFileStore(dir).type();
        boolean expect = type.equals("ext4") || type.equals("xfs");
        long reserved = write("disable", "automatic", false, 1 << 18).stream().filter(c -> c.op().equals("preallocate")).count();
        assertEquals(expect ? 1 : 0, reserved, "1 MiB per rank: file system type=" + type);
        long small = write("disable", "automatic", false).stream().filter(c -> c.op().equals("preallocate")).count();
        assertEquals(0, small, "8 KiB per rank: a reservation would cost more than it saves");
    }

    /**
     * {@code automatic} leaves alone an extent whose blocks the file has (the same write again, in a new
     * open, over a file written whole before), asking the engine where the first hole is; {@code enable}
     * reserves it anyway. An engine that cannot say where holes are (NIO) reserves as before.
     */
    @org.junit.jupiter.api.Test
    void automaticLeavesAloneAnExtentTheFileHasBlocksFor() throws Exception {
        String type = Files.getFileStore(dir).type();
        org.junit.jupiter.api.Assumptions.assumeTrue(type.equals("ext4") || type.equals("xfs"), "automatic reserves on ext4 and xfs only; here " + type);
        write("disable", "automatic", false, 1 << 18);
        List<RecordingEngine.Call> again = write("disable", "automatic", false, 1 << 18);
        boolean knowsHoles = !Engines.defaultEngine().name().equals("nio");
        List<RecordingEngine.Call> asked = again.stream().filter(c -> c.op().equals("preallocate") || c.op().equals("holeAt")).toList();
        assertEquals(knowsHoles ? 0 : 1, asked.stream().filter(c -> c.op().equals("preallocate")).count(), "engine " + Engines.defaultEngine().name() + ": " + asked);
        assertEquals(1, asked.stream().filter(c -> c.op().equals("holeAt")).count(), "rank 0 asks once: " + asked);
        assertEquals(1, write("disable", "enable", false, 1 << 18).stream().filter(c -> c.op().equals("preallocate")).count(), "a new file");
        assertEquals(1, write("disable", "enable", false, 1 << 18).stream().filter(c -> c.op().equals("preallocate")).count(),
                "enable reserves what the file has too");
    }

    /**
     * A reservation the file system refuses is only a hint that failed: the write goes on and succeeds, and
     * every rank's {@code hints()} says why the reservation failed.
     */
    @org.junit.jupiter.api.Test
    void aRefusedReservationIsReportedAndTheWriteGoesOn() throws Exception {
        Path file = dir.resolve("refused.bin");
        org.jpio.engine.IoEngine base = Engines.defaultEngine();
        org.jpio.engine.IoEngine refusing = new org.jpio.engine.IoEngine() {
            public String name() { return "refusing"; }
            public org.jpio.engine.EngineFile open(Path path, org.jpio.engine.OpenSpec spec) throws java.io.IOException {
                org.jpio.engine.EngineFile f = base.open(path, spec);
                return (org.jpio.engine.EngineFile) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {org.jpio.engine.EngineFile.class}, (proxy, m, args) -> {
                            if (m.getName().equals("preallocate")) throw new java.io.IOException("fallocate: no space left: path=" + path);
                            try {
                                return m.invoke(f, args);
                            } catch (java.lang.reflect.InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
            }
        };
        List<String> reported = LocalComm.runAndCollect(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.JPIO_PREALLOCATE, "enable"), refusing)) {
                f.setView(view(comm.rank(), false));
                f.writeAll(Elements.ofArray(new int[] {comm.rank(), 2 + comm.rank()}));
                return f.hints().get(Hints.JPIO_PREALLOCATE);
            }
        });
        for (String r : reported) assertTrue(r.startsWith("failed: fallocate: no space left: path=" + file), r);
        java.nio.IntBuffer back = java.nio.ByteBuffer.wrap(Files.readAllBytes(file)).order(java.nio.ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < 4; i++) assertEquals(i, back.get(i), "int " + i);
    }
}
