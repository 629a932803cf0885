package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.NonReadableChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotReadableException;
import org.jpio.io.FileNotWritableException;
import org.jpio.testing.TestArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every {@link IoEngine} must do, run once per engine by a subclass (the n5 AbstractN5Test pattern).
 * The reference for file content is the element type's own ByteBuffer encoding in the file's byte order,
 * so files written by different engines are byte-identical.
 */
abstract class AbstractEngineContractTest {
    /** Offsets: the start, an odd one, and one past 2 GiB (a sparse file: the hole costs no disk). */
    static final long[] OFFSETS = {0, 13, (3L << 30) + 5};
    static final ByteOrder[] ORDERS = {ByteOrder.nativeOrder(), ByteOrder.BIG_ENDIAN == ByteOrder.nativeOrder() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN};

    @TempDir Path dir;

    /** The engine under test. */
    protected abstract IoEngine engine();

    /** How {@link EngineChild} names this engine in another JVM. */
    protected abstract String childSpec();

    protected ArrayFileOptions options(ByteOrder order) {
        return ArrayFileOptions.defaults().withEngine(engine()).withOrder(order);
    }

    protected ArrayFile open(Path p, ByteOrder order) throws IOException {
        return ArrayFile.open(p, options(order), CREATE, READ, WRITE);
    }

    /** The bytes {@code array[index..index+count)} must occupy in a file of byte order {@code order}. */
    static byte[] encode(ElementType t, Object array, int index, int count, ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(count * t.size()).order(order);
        t.put(b, array, index, count);
        return b.array();
    }

    static byte[] bytesAt(Path p, long offset, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(p, READ)) {
            ByteBuffer b = ByteBuffer.allocate(n);
            while (b.hasRemaining()) if (ch.read(b, offset + b.position()) < 0) throw new EOFException("test file too short: " + p);
            return b.array();
        }
    }

    static Object slice(ElementType t, Object a, int index, int count) {
        Object s = t.newArray(count);
        System.arraycopy(a, index, s, 0, count);
        return s;
    }

    // ---- round trips ------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void roundTripEveryOrderAndOffset(ElementType t) throws IOException {
        int n = 3000;
        for (ByteOrder order : ORDERS) {
            for (long off : OFFSETS) {
                Path p = dir.resolve(t + "-" + order + "-" + off);
                Object a = TestArrays.random(t, n, off * 31 + t.ordinal());
                Object part = TestArrays.random(t, 500, 99);
                Object copy = slice(t, a, 0, n);
                try (ArrayFile f = open(p, order)) {
                    f.writeArray(off, a);
                    assertTrue(TestArrays.equal(copy, a), "a write changed the caller's array " + t + " " + order);
                    assertEquals(off + (long) n * t.size(), f.size());
                    Object back = t.newArray(n);
                    f.readArray(off, back);
                    assertTrue(TestArrays.equal(a, back), t + " " + order + " offset=" + off);

                    // a subrange into the middle of a larger array, the rest untouched
                    Object before = slice(t, part, 0, 500);
                    f.readArray(off + 100L * t.size(), part, 7, 300);
                    assertTrue(TestArrays.equal(slice(t, a, 100, 300), slice(t, part, 7, 300)), "subrange read " + t);
                    assertTrue(TestArrays.equal(slice(t, before, 0, 7), slice(t, part, 0, 7)), "read touched elements before the range");
                    assertTrue(TestArrays.equal(slice(t, before, 307, 193), slice(t, part, 307, 193)), "read touched elements after the range");

                    // a subrange write over the middle of what is there
                    f.writeArray(off + 1000L * t.size(), part, 50, 400);
                }
                byte[] expect = encode(t, a, 0, n, order);
                byte[] sub = encode(t, part, 50, 400, order);
                System.arraycopy(sub, 0, expect, 1000 * t.size(), sub.length);
                assertArrayEquals(expect, bytesAt(p, off, expect.length), "file bytes " + t + " " + order + " offset=" + off);
                Files.delete(p);
            }
        }
    }

    /**
     * writeArrayRuns: 2500 stretches (more than one vectored call takes), empty ones and gaps between them
     * included, land one after another as if copied together first; the bytes after them and the caller's
     * array are untouched. readArrayRuns puts the same bytes back into the stretches of another array and
     * leaves its gaps alone.
     */
    @ParameterizedTest
    @EnumSource(ElementType.class)
    void stretchesLandOneAfterAnotherAsIfCopiedTogether(ElementType t) throws IOException {
        int stretches = 2500;
        int[] index = new int[stretches + 1], count = new int[stretches + 1];
        int at = 3, total = 0;
        for (int k = 0; k < stretches; k++) {
            index[k] = at;
            count[k] = k * 7 % 5;
            at += count[k] + k % 3;
            total += count[k];
        }
        Object a = TestArrays.random(t, at + 5, 17 + t.ordinal());
        Object original = slice(t, a, 0, at + 5);
        Object together = t.newArray(total);
        for (int k = 0, to = 0; k < stretches; to += count[k], k++) System.arraycopy(a, index[k], together, to, count[k]);
        for (ByteOrder order : ORDERS) {
            for (long off : OFFSETS) {
                Path p = dir.resolve("runs-" + t + "-" + order + "-" + off);
                byte[] after = new byte[64];
                java.util.Arrays.fill(after, (byte) 0x5a);
                try (ArrayFile f = open(p, order)) {
                    f.write(off + (long) total * t.size(), ByteBuffer.wrap(after));
                    f.writeArrayRuns(off, a, index, count, stretches);
                    assertTrue(TestArrays.equal(original, a), "a write changed the caller's array " + t + " " + order);
                }
                assertArrayEquals(encode(t, together, 0, total, order), bytesAt(p, off, total * t.size()), t + " " + order + " offset=" + off);
                assertArrayEquals(after, bytesAt(p, off + (long) total * t.size(), after.length), "bytes after the stretches " + t + " " + order);
                Object back = TestArrays.random(t, at + 5, 99 + t.ordinal()), gaps = slice(t, back, 0, at + 5);
                for (int k = 0; k < stretches; k++) System.arraycopy(a, index[k], gaps, index[k], count[k]);
                try (ArrayFile f = open(p, order)) {
                    f.readArrayRuns(off, back, index, count, stretches);
                }
                assertTrue(TestArrays.equal(gaps, back), "read stretches, gaps untouched " + t + " " + order + " offset=" + off);
                Files.delete(p);
            }
        }
    }

    @Test
    void aStretchOutsideTheArrayFailsBeforeAnyByteMoves() throws IOException {
        Path p = dir.resolve("bad-runs.bin");
        byte[] original = (byte[]) TestArrays.random(ElementType.BYTE, 4096, 12);
        Files.write(p, original);
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            var iae = assertThrows(IllegalArgumentException.class,
                    () -> f.writeArrayRuns(8, new double[100], new int[] {0, 50, 95}, new int[] {10, 10, 10}, 3));
            assertTrue(iae.getMessage().contains("path=" + p) && iae.getMessage().contains("offset=8")
                    && iae.getMessage().contains("stretch=2") && iae.getMessage().contains("index=95 count=10 length=100"), iae.getMessage());
            iae = assertThrows(IllegalArgumentException.class, () -> f.writeArrayRuns(8, new int[10], new int[] {0}, new int[] {1}, 2));
            assertTrue(iae.getMessage().contains("n=2"), iae.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.writeArrayRuns(-1, new int[10], new int[] {0}, new int[] {1}, 1));
            iae = assertThrows(IllegalArgumentException.class, () -> f.readArrayRuns(0, new long[4], new int[] {2}, new int[] {3}, 1));
            assertTrue(iae.getMessage().contains("readArrayRuns") && iae.getMessage().contains("stretch=0"), iae.getMessage());
            long[] keep = {1, 2, 3, 4};
            var eof = assertThrows(EOFException.class, () -> f.readArrayRuns(4080, keep, new int[] {0, 3}, new int[] {2, 1}, 2));
            assertTrue(eof.getMessage().contains("path=" + p) && eof.getMessage().contains("offset=4080") && eof.getMessage().contains("length=24"), eof.getMessage());
            assertArrayEquals(new long[] {1, 2, 3, 4}, keep, "a failed read changed the array");
        }
        assertArrayEquals(original, Files.readAllBytes(p), "bad calls changed the file");
    }

    /** Decodes {@code count} elements at {@code offset} with plain NIO, independent of the engine. */
    static Object readBack(Path p, ElementType t, long offset, int count, ByteOrder order) throws IOException {
        Object a = t.newArray(count);
        t.get(ByteBuffer.wrap(bytesAt(p, offset, count * t.size())).order(order), a, 0, count);
        return a;
    }

    @Test
    void subrangeWriteLeavesNeighboursAndMatchesReference() throws IOException {
        Path p = dir.resolve("sub.bin");
        long[] a = (long[]) TestArrays.random(ElementType.LONG, 1000, 5);
        byte[] fill = new byte[16000];
        java.util.Arrays.fill(fill, (byte) 0x5a);
        Files.write(p, fill);
        for (ByteOrder order : ORDERS) {
            try (ArrayFile f = open(p, order)) {
                f.writeArray(101, a, 200, 300);
            }
            byte[] expect = fill.clone();
            System.arraycopy(encode(ElementType.LONG, a, 200, 300, order), 0, expect, 101, 2400);
            assertArrayEquals(expect, Files.readAllBytes(p), order.toString());
        }
    }

    @Test
    void filesAreIdenticalToTheNioEngines() throws IOException {
        for (ByteOrder order : ORDERS) {
            Path mine = dir.resolve("mine-" + order), nio = dir.resolve("nio-" + order);
            try (ArrayFile f = open(mine, order);
                 ArrayFile g = ArrayFile.open(nio, options(order).withEngine(new NioEngine()), CREATE, READ, WRITE)) {
                long off = 3;
                for (ElementType t : ElementType.values()) {
                    Object a = TestArrays.random(t, 777, t.ordinal());
                    f.writeArray(off, a);
                    g.writeArray(off, a);
                    off += 777L * t.size() + 1;
                }
            }
            assertArrayEquals(Files.readAllBytes(nio), Files.readAllBytes(mine), order.toString());
        }
    }

    @Test
    void byteBuffersHeapDirectAndReadOnly() throws IOException {
        Path p = dir.resolve("buffers.bin");
        byte[] data = (byte[]) TestArrays.random(ElementType.BYTE, 300_000, 3);
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            f.write(5, ByteBuffer.wrap(data).asReadOnlyBuffer());
            ByteBuffer heap = ByteBuffer.wrap(data, 10, 1000);
            f.write(5 + 10, heap);
            assertEquals(1010, heap.position(), "write advances the buffer");
            ByteBuffer d = ByteBuffer.allocateDirect(data.length + 8);
            d.position(8);
            f.read(5, d);
            assertEquals(d.capacity(), d.position());
            byte[] got = new byte[data.length];
            d.position(8);
            d.get(got);
            assertArrayEquals(data, got);

            // read(): what is there, -1 at end of file
            EngineFile ef = f.engineFile();
            ByteBuffer tail = ByteBuffer.allocate(100);
            assertEquals(45, ef.read(5 + data.length - 45, tail));
            assertEquals(45, tail.position());
            assertEquals(-1, ef.read(5 + data.length, ByteBuffer.allocate(10)));
        }
        assertArrayEquals(data, bytesAt(p, 5, data.length));
    }

    // ---- end of file and bad input ----------------------------------------------------------------

    @Test
    void readFullyPastEndIsEofWithContext() throws IOException {
        Path p = dir.resolve("eof.bin");
        Files.write(p, new byte[1000]);
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            EngineFile ef = f.engineFile();
            EOFException e = assertThrows(EOFException.class, () -> ef.readFully(900, ByteBuffer.allocateDirect(200)));
            assertTrue(e.getMessage().contains("path=" + p) && e.getMessage().contains("offset=900"), e.getMessage());
            e = assertThrows(EOFException.class, () -> ef.readArray(996, new int[2], ElementType.INT, 0, 2, ByteOrder.nativeOrder()));
            assertTrue(e.getMessage().contains("path=" + p) && e.getMessage().contains("offset=996"), e.getMessage());
            e = assertThrows(EOFException.class, () -> f.readArray(1000, new double[1]));
            assertTrue(e.getMessage().contains("offset=1000") && e.getMessage().contains("size=1000"), e.getMessage());
        }
    }

    @Test
    void badInputFailsBeforeAnyByteMoves() throws IOException {
        Path p = dir.resolve("bad.bin");
        byte[] original = (byte[]) TestArrays.random(ElementType.BYTE, 4096, 11);
        Files.write(p, original);
        ArrayFile f = open(p, ByteOrder.BIG_ENDIAN);
        try {
            var iae = assertThrows(IllegalArgumentException.class, () -> f.writeArray(-8, new int[4]));
            assertTrue(iae.getMessage().contains("path=" + p) && iae.getMessage().contains("offset=-8"), iae.getMessage());
            iae = assertThrows(IllegalArgumentException.class, () -> f.writeArray(Long.MAX_VALUE - 4, new long[4]));
            assertTrue(iae.getMessage().contains("length=32"), iae.getMessage());
            iae = assertThrows(IllegalArgumentException.class, () -> f.writeArray(0, new float[10], 8, 3));
            assertTrue(iae.getMessage().contains("index=8 count=3 length=10") && iae.getMessage().contains("path=" + p), iae.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.readArray(0, new char[4], 0, -1));
            assertThrows(IllegalArgumentException.class, () -> f.readArray(-1, new short[1]));
            assertThrows(IllegalArgumentException.class, () -> f.preallocate(Long.MAX_VALUE, 1));
            assertThrows(IllegalArgumentException.class, () -> f.advise(-1, 10, Advice.RANDOM));
            assertThrows(IllegalArgumentException.class, () -> f.lock(0, -1, false));
            int[] keep = {1, 2, 3};
            var eof = assertThrows(EOFException.class, () -> f.readArray(4090, keep));
            assertTrue(eof.getMessage().contains("path=" + p) && eof.getMessage().contains("offset=4090")
                    && eof.getMessage().contains("length=12"), eof.getMessage());
            assertArrayEquals(new int[] {1, 2, 3}, keep, "a failed read changed the array");
        } finally {
            f.close();
        }
        assertArrayEquals(original, Files.readAllBytes(p), "bad calls changed the file");
    }

    /**
     * As a FileChannel: a closed file, a write without WRITE and a read without READ throw the JDK's
     * exceptions (jpio's subclasses, with op=, path=, offset=, length=), before the engine is called.
     */
    @Test
    void closedFileAndAccessModesFailBeforeTheEngineIsCalled() throws IOException {
        Path p = dir.resolve("modes.bin");
        byte[] original = (byte[]) TestArrays.random(ElementType.BYTE, 4096, 12);
        Files.write(p, original);
        RecordingEngine rec = new RecordingEngine(engine());
        ArrayFileOptions o = options(ByteOrder.nativeOrder()).withEngine(rec);
        try (ArrayFile ro = ArrayFile.open(p, o, READ)) {
            rec.clear();
            var w = assertThrows(FileNotWritableException.class, () -> ro.writeArray(8, new int[2]));
            assertInstanceOf(NonWritableChannelException.class, w);
            assertTrue(w.getMessage().contains("op=write path=" + p + " offset=8 length=8 mode=[READ]"), w.getMessage());
            assertThrows(FileNotWritableException.class, () -> ro.write(0, ByteBuffer.allocate(1)));
            assertThrows(FileNotWritableException.class, () -> ro.writePieces(new long[] {0, 16}, new long[] {4, 4}, new int[2], 0, 2));
            assertThrows(FileNotWritableException.class, () -> ro.setLength(1));
            assertThrows(FileNotWritableException.class, () -> ro.preallocate(0, 8192));
            assertThrows(FileNotWritableException.class, () -> ro.lock(0, 10, false), "an exclusive lock needs WRITE, as fcntl's F_WRLCK");
            assertEquals(List.of(), rec.calls(), "a refused call reached the engine");
            ro.readArray(0, new int[4]);
            ro.lock(0, 10, true).close();
        }
        try (ArrayFile wo = ArrayFile.open(p, o, WRITE)) {
            rec.clear();
            var r = assertThrows(FileNotReadableException.class, () -> wo.readArray(4, new long[1]));
            assertInstanceOf(NonReadableChannelException.class, r);
            assertTrue(r.getMessage().contains("op=read path=" + p + " offset=4 length=8 mode=[WRITE]"), r.getMessage());
            assertThrows(FileNotReadableException.class, () -> wo.read(0, ByteBuffer.allocate(1)));
            assertThrows(FileNotReadableException.class, () -> wo.readPieces(new long[] {0, 16}, new long[] {4, 4}, new int[2], 0, 2));
            assertThrows(FileNotReadableException.class, () -> wo.lock(0, 10, true), "a shared lock needs READ, as fcntl's F_RDLCK");
            assertEquals(List.of(), rec.calls(), "a refused call reached the engine");
            wo.lock(0, 10, false).close();
        }
        ArrayFile closed = ArrayFile.open(p, o, READ, WRITE);
        closed.close();
        closed.close(); // idempotent
        rec.clear();
        var c = assertThrows(FileClosedException.class, () -> closed.writeArray(16, new short[3]));
        assertInstanceOf(ClosedChannelException.class, c);
        assertTrue(c.getMessage().contains("op=write path=" + p + " offset=16 length=6"), c.getMessage());
        c = assertThrows(FileClosedException.class, () -> closed.readArray(0, new byte[1]));
        assertTrue(c.getMessage().contains("op=read"), c.getMessage());
        assertThrows(FileClosedException.class, () -> closed.write(0, ByteBuffer.allocate(1)));
        assertThrows(FileClosedException.class, () -> closed.read(0, ByteBuffer.allocate(1)));
        assertThrows(FileClosedException.class, () -> closed.writePieces(new long[] {0}, new long[] {4}, new int[1], 0, 1));
        assertThrows(FileClosedException.class, () -> closed.readPieces(new long[] {0}, new long[] {4}, new int[1], 0, 1));
        assertThrows(FileClosedException.class, closed::size);
        assertThrows(FileClosedException.class, () -> closed.setLength(0));
        assertThrows(FileClosedException.class, () -> closed.preallocate(0, 1));
        assertThrows(FileClosedException.class, () -> closed.sync(true));
        assertThrows(FileClosedException.class, () -> closed.advise(0, 1, Advice.RANDOM));
        assertThrows(FileClosedException.class, () -> closed.lock(0, 1, true));
        assertEquals(List.of(), rec.calls(), "a call on a closed file reached the engine");
        assertArrayEquals(original, Files.readAllBytes(p), "refused calls changed the file");
    }

    @Test
    void engineFileRefusesUseAfterClose() throws IOException {
        Path p = dir.resolve("closed.bin");
        EngineFile ef = engine().open(p, OpenSpec.of(CREATE, READ, WRITE));
        ef.writeFully(0, ByteBuffer.wrap(new byte[] {1, 2, 3}));
        ef.close();
        var e = assertThrows(FileClosedException.class, () -> ef.writeFully(0, ByteBuffer.wrap(new byte[] {9})));
        assertTrue(e.getMessage().contains("op=write path=" + p + " offset=0 length=1"), e.getMessage());
        assertThrows(FileClosedException.class, () -> ef.readFully(0, ByteBuffer.allocate(1)));
        assertThrows(FileClosedException.class, ef::size);
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(p));
    }

    @Test
    void openMissingFileNamesIt() {
        Path p = dir.resolve("missing.bin");
        IOException e = assertThrows(IOException.class, () -> engine().open(p, OpenSpec.of(READ)));
        assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
    }

    // ---- file-level operations --------------------------------------------------------------------

    /**
     * Large transfers at file offsets and array indices whose distance modulo 4 KiB sweeps the 4K-aliasing
     * window (the native engine then reads through its bounce buffer in 256 KiB chunks, the NIO engine
     * places its staging buffer half a page away), and writes of over 4 MiB both past the end of the file
     * and over existing bytes, at even and odd offsets, in both byte orders.
     */
    @Test
    void largeTransfersAcrossPageShiftsOverExistingBytes() throws IOException {
        int n = 2_300_000; // 9.2 MiB of ints: a humongous array, whose data starts 16 bytes into its region; over the 8 MiB from which reads unalias
        for (ByteOrder order : ORDERS) {
            Path p = dir.resolve("large-" + order + ".bin");
            int[] first = (int[]) TestArrays.random(ElementType.INT, n, 31);
            int[] second = (int[]) TestArrays.random(ElementType.INT, n, 32);
            try (ArrayFile f = open(p, order)) {
                f.writeArray(0, first);
                f.writeArray(0, second);
                assertArrayEquals(encode(ElementType.INT, second, 0, n, order), bytesAt(p, 0, 4 * n), "overwrite, order=" + order);
                f.writeArray(13, first, 5, 1_100_000);
                byte[] want = encode(ElementType.INT, second, 0, n, order);
                System.arraycopy(encode(ElementType.INT, first, 5, 1_100_000, order), 0, want, 13, 4_400_000);
                assertArrayEquals(want, bytesAt(p, 0, 4 * n), "overwrite at an odd offset, order=" + order);
                int count = 100_000; // 400 KiB
                for (long off : new long[] {0, 4, 8, 12, 16, 20, 28, 2048, 4092}) {
                    for (int idx : new int[] {0, 1, 3, 7}) {
                        int[] back = new int[n];
                        f.readArray(off, back, idx, count);
                        int[] expect = new int[n];
                        ByteBuffer.wrap(want, (int) off, 4 * count).slice().order(order).asIntBuffer().get(expect, idx, count);
                        assertArrayEquals(expect, back, "read offset=" + off + " index=" + idx + " order=" + order);
                    }
                }
            }
        }
    }

    @Test
    void preallocateSetLengthSizeSync() throws IOException {
        Path p = dir.resolve("size.bin");
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            assertEquals(0, f.size());
            f.preallocate(0, 1 << 20);
            assertEquals(1 << 20, f.size());
            f.preallocate(100, 10);
            assertEquals(1 << 20, f.size(), "preallocate inside the file must not shrink it");
            f.writeArray(10, new int[] {7, 8});
            f.setLength(14);
            assertEquals(14, f.size());
            f.setLength(5000);
            assertEquals(5000, f.size());
            f.sync(false);
            f.sync(true);
            int[] back = new int[2];
            f.readArray(10, back, 0, 1);
            assertEquals(7, back[0]);
            byte[] hole = new byte[100];
            f.readArray(4000, hole);
            assertArrayEquals(new byte[100], hole, "extension is a zero-filled hole");
        }
    }

    /**
     * holeAt never places data where the file has a hole: inside a hole and at or past the end it answers
     * the position itself, and before a hole it answers no further than the hole's start (an engine that
     * knows nothing of holes answers the position everywhere).
     */
    @Test
    void holeAtNeverClaimsDataInAHole() throws IOException {
        Path p = dir.resolve("holes.bin");
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            f.setLength(1 << 20);
            f.writeArray(0, new byte[1 << 16]);
            long first = f.holeAt(0);
            assertTrue(first >= 0 && first <= 1 << 16, "the hole after the written 64 KiB starts by offset 65536: " + first);
            assertEquals(1 << 17, f.holeAt(1 << 17), "inside the hole");
            assertEquals(1 << 20, f.holeAt(1 << 20), "the end counts as a hole");
            assertEquals((1 << 20) + 100, f.holeAt((1 << 20) + 100), "past the end");
            assertThrows(IllegalArgumentException.class, () -> f.holeAt(-1));
        }
    }

    @Test
    void adviceKeepsContent() throws IOException {
        Path p = dir.resolve("advise.bin");
        double[] a = (double[]) TestArrays.random(ElementType.DOUBLE, 5000, 1);
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            f.writeArray(0, a);
            for (Advice adv : Advice.values()) {
                f.advise(0, 40000, adv);
                double[] back = new double[a.length];
                f.readArray(0, back);
                assertArrayEquals(a, back, adv.toString());
            }
        }
    }

    // ---- concurrency ------------------------------------------------------------------------------

    @Test
    void concurrentDisjointWritersLoseNothing() throws Exception {
        Path p = dir.resolve("concurrent.bin");
        int threads = 8, blocks = 32, per = 1001; // odd block bytes: writers share file blocks at the edges
        for (ByteOrder order : ORDERS) {
            try (ArrayFile f = open(p, order)) {
                ExecutorService pool = Executors.newFixedThreadPool(threads);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int me = t;
                    done.add(pool.submit(() -> {
                        for (int b = 0; b < blocks; b++) {
                            int block = b * threads + me;
                            short[] data = new short[per];
                            java.util.Arrays.fill(data, (short) (block * 7 + 1));
                            f.writeArray((long) block * per * 2, data);
                        }
                        return null;
                    }));
                }
                for (Future<?> d : done) d.get(30, TimeUnit.SECONDS);
                pool.shutdown();
            }
            short[] all = (short[]) readBack(p, ElementType.SHORT, 0, threads * blocks * per, order);
            for (int i = 0; i < all.length; i++) assertEquals((short) ((i / per) * 7 + 1), all[i], "element " + i + " " + order);
            Files.delete(p);
        }
    }

    @Test
    void locksExcludeAnotherProcess() throws Exception {
        Path p = dir.resolve("lock.bin");
        Files.write(p, new byte[100]);
        try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
            // exclusive here: the other process waits until we release
            EngineFile.RangeLock held = f.lock(10, 50, false);
            Process child = EngineChild.start(null, "lock", childSpec(), p.toString(), "30", "10", "exclusive");
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
            assertEquals("waiting", out.readLine());
            Thread.sleep(700);
            assertEquals(0, child.getInputStream().available(), "the other process got the lock while we held it");
            assertTrue(child.isAlive());
            held.close();
            assertEquals("locked", out.readLine());
            assertEquals(0, EngineChild.await(child));

            // shared here and there: granted at once
            try (EngineFile.RangeLock shared = f.lock(0, 100, true)) {
                Process reader = EngineChild.start(null, "lock", childSpec(), p.toString(), "0", "100", "shared");
                BufferedReader r = new BufferedReader(new InputStreamReader(reader.getInputStream()));
                assertEquals("waiting", r.readLine());
                assertEquals("locked", r.readLine());
                assertEquals(0, EngineChild.await(reader));
            }
        }
    }

    // ---- locks held by several threads of this JVM (LockChecks) --------------------------------------

    private LockChecks locks() { return new LockChecks(options(ByteOrder.BIG_ENDIAN), childSpec(), dir); } // EngineChild's order

    @ParameterizedTest(name = "oneFile={0}")
    @ValueSource(booleans = {false, true})
    void sharedHoldersShareTheOsLockUntilTheLastReleases(boolean oneFile) throws Exception {
        locks().holdersShareTheOsLock(oneFile);
    }

    @ParameterizedTest(name = "oneFile={0}")
    @ValueSource(booleans = {false, true})
    void negativeControlSharedHoldersWithoutSharingFail(boolean oneFile) throws Exception {
        locks().holdersWithoutSharingFail(oneFile);
    }

    @ParameterizedTest(name = "oneFile={0} writerInAnotherProcess={1}")
    @CsvSource({"false,false", "true,false", "false,true", "true,true"})
    void oneWriterThreeReadersNeverTearAndNothingEscapes(boolean oneFile, boolean writerProcess) throws Exception {
        locks().oneWriterThreeReaders(oneFile, writerProcess, 40);
    }

    @ParameterizedTest(name = "oneFile={0} writerInAnotherProcess={1}")
    @CsvSource({"false,false", "true,false", "false,true", "true,true"})
    void negativeControlOneWriterThreeReadersWithoutSharingFail(boolean oneFile, boolean writerProcess) throws Exception {
        locks().oneWriterThreeReadersWithoutSharingFail(oneFile, writerProcess);
    }

    /** Engine-specific checks of the full-disk message (the native engine also names errno). */
    protected void assertFullDiskMessage(String message, int errno) { }

    // ---- full disk --------------------------------------------------------------------------------

    @Test
    void fullDiskNamesPathOffsetLengthAndKeepsEarlierBytes() throws Exception {
        Path p = dir.resolve("full.bin");
        byte[] head = (byte[]) TestArrays.random(ElementType.BYTE, 16384, 21);
        Files.write(p, head);
        // 64 KiB file-size limit; the write of 128 KiB at 16 KiB crosses it: EFBIG, as a full disk would ENOSPC
        Process child = EngineChild.start(64L, "write", childSpec(), p.toString(), "16384", "131072");
        String line = new BufferedReader(new InputStreamReader(child.getInputStream())).readLine();
        assertEquals(0, EngineChild.await(child), "child output: " + line);
        assertNotNull(line, "child printed nothing");
        assertTrue(line.startsWith("failed: "), line);
        assertTrue(line.contains("path=" + p), line);
        assertTrue(line.contains("offset=16384"), line);
        assertTrue(line.contains("length=131072"), line);
        // EFBIG is the file size limit, not a full disk: the message says so and names the limit
        assertTrue(line.contains("file too large (the file size limit, ulimit -f, is 65536 bytes)"), line);
        assertFalse(line.toLowerCase(java.util.Locale.ROOT).contains("no space left"), line);
        assertFullDiskMessage(line, 27);
        assertArrayEquals(head, bytesAt(p, 0, head.length), "bytes before the failed write changed");
        assertTrue(Files.size(p) <= 64 * 1024, "file grew past the limit: " + Files.size(p));
    }

    @Test
    void fullFileSystemIsEnospcWithContext() throws Exception {
        onSmallTmpfs(mnt -> {
            Path p = mnt.resolve("full.bin");
            byte[] head = (byte[]) TestArrays.random(ElementType.BYTE, 192 * 1024, 22);
            try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
                f.writeArray(0, head);
                IOException e = assertThrows(IOException.class, () -> f.writeArray(head.length, new long[16384]));
                String m = e.getMessage();
                assertTrue(m.contains("path=" + p) && m.contains("offset=" + head.length) && m.contains("length=131072"), m);
                assertTrue(m.contains("no space left"), m);
                assertFullDiskMessage(m, 28);
            }
            assertArrayEquals(head, bytesAt(p, 0, head.length), "bytes before the failed write changed");
        });
    }

    /**
     * A large write inside the file's size, over a hole the full file system cannot back: the size does
     * not change and the failure names the request. (A write through a file mapping would get SIGBUS
     * here, which HotSpot raises as an InternalError at some later point of compiled code: the reason the
     * NIO engine does not map, see docs/BENCHMARKS.md.)
     */
    @Test
    void fullFileSystemUnderAHoleIsAnErrorWithContext() throws Exception {
        onSmallTmpfs(mnt -> {
            Path p = mnt.resolve("sparse.bin");
            byte[] head = (byte[]) TestArrays.random(ElementType.BYTE, 4096, 23);
            int[] big = (int[]) TestArrays.random(ElementType.INT, 2 << 20, 24); // 8 MiB into a 256 KiB file system
            try (ArrayFile f = open(p, ByteOrder.nativeOrder())) {
                f.writeArray(0, head);
                f.setLength(16L << 20);
                IOException e = assertThrows(IOException.class, () -> f.writeArray(4096, big));
                String m = e.getMessage();
                assertTrue(m.contains("path=" + p) && m.contains("offset=4096") && m.contains("length=8388608"), m);
                assertTrue(m.contains("no space left"), m);
                assertEquals(16L << 20, f.size(), "a failed write inside the file changed its size");
            }
            assertArrayEquals(head, bytesAt(p, 0, head.length), "bytes before the failed write changed");
        });
    }

    interface InDir {
        void run(Path dir) throws Exception;
    }

    /** Runs {@code body} in a fresh 256 KiB tmpfs: a real ENOSPC. Needs root to mount; skipped otherwise. */
    void onSmallTmpfs(InDir body) throws Exception {
        Path mnt = Files.createDirectory(dir.resolve("tmpfs"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mnt.toString())
                .redirectErrorStream(true).start();
        String why = new String(mount.getInputStream().readAllBytes()).trim();
        org.junit.jupiter.api.Assumptions.assumeTrue(EngineChild.await(mount) == 0,
                "a real ENOSPC needs a small tmpfs, and mounting one needs root: " + why);
        try {
            body.run(mnt);
        } finally {
            assertEquals(0, EngineChild.await(new ProcessBuilder("umount", mnt.toString()).inheritIO().start()), "umount " + mnt);
        }
    }
}
