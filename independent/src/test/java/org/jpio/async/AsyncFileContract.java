package org.jpio.async;

import static org.junit.jupiter.api.Assertions.*;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotWritableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract every asynchronous engine passes; subclasses name the engine. */
abstract class AsyncFileContract {
    @TempDir Path dir;

    abstract String engine();

    AsyncOptions options() { return AsyncOptions.defaults().withEngine(engine()).withPieceBytes(64 * 1024); }

    AsyncFile open(Path p, String mode, ByteOrder order) throws IOException {
        AsyncFile f = AsyncFile.open(p, mode, order, options());
        assertEquals(engine(), f.engine().name());
        return f;
    }

    /** A filled array of {@code type} with {@code n} pseudo-random elements. */
    static Object randomArray(ElementType type, int n, long seed) {
        ByteBuffer b = ByteBuffer.allocate(n * type.size());
        SplittableRandom r = new SplittableRandom(seed);
        while (b.hasRemaining()) b.put((byte) (type == ElementType.BOOLEAN ? r.nextInt(2) : r.nextInt()));
        b.flip();
        Object a = type.newArray(n);
        type.get(b, a, 0, n);
        return a;
    }

    static byte[] encode(ElementType type, Object a, ByteOrder order) {
        int n = type.length(a);
        ByteBuffer b = ByteBuffer.allocate(n * type.size()).order(order);
        type.put(b, a, 0, n);
        return b.array();
    }

    @Test
    void allEightTypesRoundTripInBothOrders() throws Exception {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            Path p = dir.resolve("types-" + order);
            List<Object> arrays = new ArrayList<>();
            try (AsyncFile f = open(p, "rw", order)) {
                List<AsyncRequest> rs = new ArrayList<>();
                for (ElementType t : ElementType.values()) {
                    Object a = randomArray(t, 50_001, t.ordinal());
                    arrays.add(a);
                    rs.add(f.write(a, 0, t.length(a)));
                }
                assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, rs.toArray(new AsyncRequest[0])));
                long pos = 0;
                for (ElementType t : ElementType.values()) {
                    Object back = t.newArray(50_001);
                    assertTrue(f.readAt(pos, back, 0, 50_001).done());
                    assertArrayEquals(encode(t, arrays.get(t.ordinal()), order), encode(t, back, order), t + " " + order);
                    pos += 50_001L * t.size();
                }
            }
            // the bytes on disk are the elements in the requested order
            byte[] disk = Files.readAllBytes(p);
            int at = 0;
            for (ElementType t : ElementType.values()) {
                byte[] want = encode(t, arrays.get(t.ordinal()), order);
                assertArrayEquals(want, java.util.Arrays.copyOfRange(disk, at, at + want.length), t + " on disk " + order);
                at += want.length;
            }
        }
    }

    @Test
    void filePointerAdvancesAtInitiation() throws Exception {
        try (AsyncFile f = open(dir.resolve("ptr"), "rw", ByteOrder.nativeOrder())) {
            long[] a = (long[]) randomArray(ElementType.LONG, 10_000, 1);
            int[] b = (int[]) randomArray(ElementType.INT, 333, 2);
            AsyncRequest r1 = f.write(a, 0, a.length);
            assertEquals(80_000, f.getFilePointer());
            AsyncRequest r2 = f.write(b, 3, 300);
            assertEquals(81_200, f.getFilePointer());
            AsyncFile.allDone(AsyncFile.TIME_INF, r1, r2);
            f.seek(0);
            long[] a2 = new long[a.length];
            int[] b2 = new int[333];
            AsyncRequest q1 = f.read(a2, 0, a2.length);
            AsyncRequest q2 = f.read(b2, 3, 300);
            assertEquals(81_200, f.getFilePointer());
            assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, q1, q2));
            assertArrayEquals(a, a2);
            assertArrayEquals(java.util.Arrays.copyOfRange(b, 3, 303), java.util.Arrays.copyOfRange(b2, 3, 303));
            assertEquals(81_200, f.length());
        }
    }

    @Test
    void byteBuffersHeapAndDirectLeavePositionAndLimitAlone() throws Exception {
        try (AsyncFile f = open(dir.resolve("bufs"), "rw", ByteOrder.nativeOrder())) {
            byte[] data = (byte[]) randomArray(ElementType.BYTE, 300_000, 3);
            ByteBuffer heap = ByteBuffer.wrap(data).position(100).limit(200_100);
            ByteBuffer direct = ByteBuffer.allocateDirect(100_000).put(data, 0, 100_000).flip();
            AsyncRequest w1 = f.writeAt(0, heap);
            AsyncRequest w2 = f.writeAt(200_000, direct);
            assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, w1, w2));
            assertEquals(100, heap.position());
            assertEquals(200_100, heap.limit());
            assertEquals(0, direct.position());
            ByteBuffer back = ByteBuffer.allocateDirect(300_000);
            assertTrue(f.readAt(0, back).done());
            assertEquals(0, back.position());
            byte[] got = new byte[300_000];
            back.get(got);
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 100, 200_100), java.util.Arrays.copyOfRange(got, 0, 200_000));
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 0, 100_000), java.util.Arrays.copyOfRange(got, 200_000, 300_000));
            ByteBuffer heapBack = ByteBuffer.allocate(1000);
            assertTrue(f.readAt(200_000, heapBack).done());
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 0, 1000), heapBack.array());
        }
    }

    @Test
    void readPastEndFailsAtInitiationAndMovesNothing() throws Exception {
        try (AsyncFile f = open(dir.resolve("eof"), "rw", ByteOrder.nativeOrder())) {
            assertTrue(f.writeAt(0, new int[100], 0, 100).done());
            int[] dst = new int[101];
            java.util.Arrays.fill(dst, 7);
            EOFException e = assertThrows(EOFException.class, () -> f.readAt(0, dst, 0, 101));
            assertTrue(e.getMessage().contains("offset=0") && e.getMessage().contains("length=404") && e.getMessage().contains("size=400"), e.getMessage());
            assertEquals(7, dst[0]);
            assertThrows(EOFException.class, () -> f.read(dst, 0, 101));
            assertEquals(0, f.getFilePointer(), "a refused read leaves the pointer");
            // a write in flight counts toward the size: reading its range is not refused at initiation
            // (what it reads is undefined until the write is done, as the seed says; here it may hit EOF)
            AsyncRequest w = f.writeAt(400, new int[50], 0, 50);
            AsyncRequest r = f.readAt(0, dst, 0, 101);
            assertTrue(w.done());
            try {
                assertTrue(r.done());
            } catch (EOFException raced) {
                // named by the request, or by the piece that found the end (engines split differently)
                String m = raced.getMessage();
                assertTrue(m.contains("path=" + dir.resolve("eof")) && (m.contains("offset=400") || m.contains("offset=0") && m.contains("length=404")), m);
            }
            assertTrue(f.readAt(0, dst, 0, 101).done(), "after the write is done the range reads");
        }
    }

    @Test
    void writesPastEndGrowTheFileWithAHole() throws Exception {
        Path p = dir.resolve("grow");
        try (AsyncFile f = open(p, "rw", ByteOrder.BIG_ENDIAN)) {
            assertTrue(f.writeAt(1_000_000, new long[] {0x0102030405060708L}, 0, 1).done());
            assertEquals(1_000_008, f.length());
        }
        byte[] b = Files.readAllBytes(p);
        assertEquals(0, b[999_999]);
        assertEquals(1, b[1_000_000]);
        assertEquals(8, b[1_000_007]);
    }

    @Test
    void badArgumentsFailBeforeAnyByteMoves() throws Exception {
        Path p = dir.resolve("args");
        try (AsyncFile f = open(p, "rw", ByteOrder.nativeOrder())) {
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(-1, new int[4], 0, 4));
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(0, new int[4], 2, 3));
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(0, "not an array", 0, 1));
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(Long.MAX_VALUE - 2, new int[4], 0, 4));
            assertThrows(IllegalArgumentException.class, () -> AsyncFile.allDone(-5, new AsyncRequest[0]));
            assertEquals(0, f.length());
        }
        assertThrows(IllegalArgumentException.class, () -> AsyncFile.open(p, "rwx", ByteOrder.nativeOrder(), options()));
        try (AsyncFile ro = open(p, "r", ByteOrder.nativeOrder())) {
            // as a FileChannel opened for reading, and as ArrayFile: the JDK's unchecked exception, with context
            FileNotWritableException e = assertThrows(FileNotWritableException.class, () -> ro.writeAt(8, new int[1], 0, 1));
            assertInstanceOf(NonWritableChannelException.class, e);
            assertTrue(e.getMessage().contains("op=write path=" + p + " offset=8 length=4 mode=r"), e.getMessage());
            assertThrows(FileNotWritableException.class, () -> ro.write(ByteBuffer.allocate(3)));
            assertEquals(0, ro.getFilePointer(), "a refused write leaves the pointer");
            assertEquals(0, ro.length());
        }
        IOException missing = assertThrows(IOException.class, () -> open(dir.resolve("missing"), "r", ByteOrder.nativeOrder()));
        assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
    }

    @Test
    void manyConcurrentRequestsOnOneFileAndAcrossFiles() throws Exception {
        int files = 4, perFile = 64, n = 4096;
        List<AsyncFile> fs = new ArrayList<>();
        List<AsyncRequest> all = new ArrayList<>();
        try {
            for (int i = 0; i < files; i++) fs.add(open(dir.resolve("many" + i), "rw", ByteOrder.nativeOrder()));
            // requests issued in a shuffled order of disjoint slots
            for (int i = 0; i < files; i++) {
                List<Integer> slots = new ArrayList<>();
                for (int s = 0; s < perFile; s++) slots.add(s);
                java.util.Collections.shuffle(slots, new java.util.Random(i));
                for (int s : slots) {
                    double[] d = new double[n];
                    java.util.Arrays.fill(d, i * 1000 + s);
                    all.add(fs.get(i).writeAt((long) s * n * 8, d, 0, n));
                }
            }
            assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, all.toArray(new AsyncRequest[0])));
            for (AsyncFile f : fs) assertTrue(f.allDone(0), "nothing left outstanding");
            List<double[]> back = new ArrayList<>();
            List<AsyncRequest> reads = new ArrayList<>();
            for (int i = 0; i < files; i++)
                for (int s = 0; s < perFile; s++) {
                    double[] d = new double[n];
                    back.add(d);
                    reads.add(fs.get(i).readAt((long) s * n * 8, d, 0, n));
                }
            int seen = 0;
            while (seen < reads.size()) { // anyDone: work on requests as they complete
                assertTrue(AsyncFile.anyDone(AsyncFile.TIME_INF, reads.toArray(new AsyncRequest[0])));
                for (int k = 0; k < reads.size(); k++) {
                    AsyncRequest r = reads.get(k);
                    if (r != null && r.isDone()) {
                        assertTrue(r.done(0));
                        double[] d = back.get(k);
                        double want = (k / perFile) * 1000 + k % perFile;
                        assertEquals(want, d[0]);
                        assertEquals(want, d[n - 1]);
                        reads.set(k, null);
                        seen++;
                    }
                }
            }
        } finally {
            for (AsyncFile f : fs) f.close();
        }
    }

    @Test
    void closeWaitsForOutstandingRequestsThenRefusesOperations() throws Exception {
        Path p = dir.resolve("close");
        AsyncFile f = open(p, "rw", ByteOrder.LITTLE_ENDIAN);
        List<AsyncRequest> rs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            int[] a = new int[10_000];
            java.util.Arrays.fill(a, i);
            rs.add(f.write(a, 0, a.length));
        }
        f.close();
        for (AsyncRequest r : rs) {
            assertTrue(r.isDone());
            assertEquals(AsyncRequest.State.COMPLETED, r.state());
            assertTrue(r.done(0));
        }
        ByteBuffer disk = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(50 * 40_000, disk.capacity());
        for (int i = 0; i < 50; i++) assertEquals(i, disk.getInt(i * 40_000 + 39_996));
        FileNotOpenException e = assertThrows(FileNotOpenException.class, () -> f.write(new int[1], 0, 1));
        assertInstanceOf(FileClosedException.class, e, "the closed-file exception of every tier");
        assertInstanceOf(ClosedChannelException.class, e);
        assertTrue(e.getMessage().contains("op=write path=" + p + " offset=2000000 length=4"), e.getMessage());
        assertThrows(FileNotOpenException.class, () -> f.readAt(0, new int[1], 0, 1));
        assertThrows(FileNotOpenException.class, f::sync);
        assertThrows(FileNotOpenException.class, f::length);
        f.close(); // idempotent
    }

    @Test
    void syncIsAnAsyncRequest() throws Exception {
        try (AsyncFile f = open(dir.resolve("sync"), "rw", ByteOrder.nativeOrder())) {
            AsyncRequest w = f.write(new byte[1 << 20], 0, 1 << 20);
            AsyncRequest s = f.sync(false);
            assertTrue(s.done());
            assertTrue(w.isDone(), "sync starts only after earlier writes finished");
            assertEquals(AsyncRequest.State.COMPLETED, s.state());
            assertTrue(f.sync().done());
        }
    }

    @Test
    void failingDeviceErrorReachesTheRequestOnce() throws Exception {
        // /dev/full: every write fails with ENOSPC
        try (AsyncFile f = open(Path.of("/dev/full"), "rw", ByteOrder.nativeOrder())) {
            AsyncRequest r = f.writeAt(8192, new long[1000], 0, 1000);
            IOException e = assertThrows(IOException.class, r::done);
            String m = e.getMessage();
            assertTrue(m.contains("/dev/full") && m.contains("offset=8192"), m);
            assertTrue(m.toLowerCase().contains("no space"), m);
            assertEquals(AsyncRequest.State.CLEARED, r.state(), "thrown once, then cleared");
            assertTrue(r.done(), "a second Done does not throw again");
            assertSame(e, r.exception().orElseThrow());
            assertTrue(f.allDone(0));

            AsyncRequest r2 = f.writeAt(0, new byte[10], 0, 10);
            CompletableFuture<AsyncRequest> fut = r2.toCompletableFuture();
            ExecutionException ee = assertThrows(ExecutionException.class, () -> fut.get(10, TimeUnit.SECONDS));
            assertInstanceOf(IOException.class, ee.getCause());
            while (!r2.isDone()) Thread.onSpinWait();
            assertEquals(AsyncRequest.State.FAILED, r2.state(), "the future does not clear it for Done");
            r2.clearException();
            assertEquals(AsyncRequest.State.CLEARED, r2.state());
            assertTrue(f.allDone(AsyncFile.TIME_INF), "a cleared failure is not thrown");

            AsyncRequest ok = f.writeAt(0, new byte[0], 0, 0);
            assertEquals(AsyncRequest.State.COMPLETED, ok.state(), "an empty request completes at once");
            assertNull(ok.toCompletableFuture().get(10, TimeUnit.SECONDS).exception().orElse(null));
        }
    }

    @Test
    void closeThrowsAFailureNoDoneReported() throws Exception {
        AsyncFile f = open(Path.of("/dev/full"), "rw", ByteOrder.nativeOrder());
        f.writeAt(4096, new int[10], 0, 10);
        IOException e = assertThrows(IOException.class, f::close);
        assertTrue(e.getMessage().contains("offset=4096"), e.getMessage());
        assertFalse(f.isOpen());
    }

    @Test
    void cancelDropsQueuedWorkAndThrowsCanceledOnce() throws Exception {
        Path p = dir.resolve("cancel");
        AsyncOptions o = options().withPieceBytes(4096).withQueueDepth(2).withThreads(1);
        try (AsyncFile f = AsyncFile.open(p, "rw", ByteOrder.nativeOrder(), o)) {
            List<AsyncRequest> rs = new ArrayList<>();
            for (int i = 0; i < 8; i++) rs.add(f.writeAt(i * (4L << 20), new byte[4 << 20], 0, 4 << 20));
            int cancelled = 0;
            for (AsyncRequest r : rs) {
                if (r.cancel()) {
                    cancelled++;
                    assertEquals(AsyncRequest.State.CANCELLED, r.state());
                    assertThrows(AsyncIOCanceledException.class, r::done);
                    assertTrue(r.done(0));
                } else {
                    assertTrue(r.done());
                }
                assertFalse(r.cancel(), "cancel after the end has no effect");
            }
            assertTrue(cancelled > 0, "8 x 1024 queued pieces cannot all finish before cancel: cancelled=" + cancelled);
            assertTrue(f.allDone(AsyncFile.TIME_INF));
            // the file still works after cancellations
            assertTrue(f.writeAt(0, new int[] {42}, 0, 1).done());
            int[] back = new int[1];
            assertTrue(f.readAt(0, back, 0, 1).done());
            assertEquals(42, back[0]);
        }
    }

    @Test
    void fullFilesystemFailsTheRequestsPastTheSpace() throws Exception {
        Path mnt = Tmpfs.mount(dir.resolve("tmpfs"), "256k");
        org.junit.jupiter.api.Assumptions.assumeTrue(mnt != null, "cannot mount a tmpfs here (needs root)");
        try (AsyncFile f = open(mnt.resolve("fill"), "rw", ByteOrder.nativeOrder())) {
            List<AsyncRequest> rs = new ArrayList<>();
            for (int i = 0; i < 16; i++) rs.add(f.write(new byte[64 * 1024], 0, 64 * 1024));
            int failed = 0;
            for (AsyncRequest r : rs) {
                try {
                    assertTrue(r.done());
                } catch (IOException e) {
                    failed++;
                    String m = e.getMessage();
                    assertTrue(m.toLowerCase().contains("no space"), m);
                    long off = Long.parseLong(m.replaceAll("(?s).*offset=(\\d+).*", "$1"));
                    assertTrue(off >= r.position() && off < r.position() + r.length(), "error of the request: " + m + " vs " + r);
                }
            }
            assertTrue(failed >= 12, "1 MiB written to a 256 KiB tmpfs: failed=" + failed);
        } finally {
            Tmpfs.unmount(mnt);
        }
    }
}
