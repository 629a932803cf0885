package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.io.ElementType;
import org.jpio.testing.TestArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the engines that make the system calls themselves ({@link PosixEngineFile}: native through JNI, ffm
 * through java.lang.foreign) do beyond the engine contract: O_DIRECT with unaligned offsets, sizes and
 * memory, and transfers split into bounded pieces.
 */
abstract class AbstractPosixEngineContractTest extends AbstractEngineContractTest {
    /** These engines see errno itself, and name it. */
    @Override
    protected void assertFullDiskMessage(String message, int errno) {
        assertTrue(message.contains("errno=" + errno), "errno=" + errno + " expected: " + message);
    }

    private ArrayFileOptions direct(ByteOrder order) {
        return options(order).withDirect(true);
    }

    /** These engines ask the file system (lseek SEEK_HOLE): exact where it keeps holes (ext4, xfs, tmpfs, btrfs). */
    @Test
    void holeAtSaysWhereTheFirstHoleStarts() throws IOException {
        String type = java.nio.file.Files.getFileStore(dir).type();
        org.junit.jupiter.api.Assumptions.assumeTrue(java.util.Set.of("ext4", "xfs", "tmpfs", "btrfs").contains(type), "holes are kept by " + type + "?");
        Path p = dir.resolve("holes.bin");
        try (ArrayFile f = ArrayFile.open(p, options(ByteOrder.nativeOrder()), CREATE, READ, WRITE)) {
            f.setLength(1 << 20);
            f.writeArray(0, new byte[1 << 16]);
            f.writeArray(1 << 19, new byte[1 << 16]);
            assertEquals(1 << 16, f.holeAt(0));
            assertEquals(1 << 16, f.holeAt(4096));
            assertEquals((1 << 19) + (1 << 16), f.holeAt(1 << 19), "the second written range");
            f.preallocate(1 << 16, (1 << 19) - (1 << 16));
            f.writeArray(1 << 16, new byte[(1 << 19) - (1 << 16)]);
            assertEquals((1 << 19) + (1 << 16), f.holeAt(0), "written through: data up to the second range's end");
        }
    }

    // ---- 4K aliasing -------------------------------------------------------------------------------

    /**
     * Reads over the 8 MiB from which C unaliases where nothing was measured, at file offsets that put the array's data (16 bytes
     * into its block) in the trap's window and out of it, into arrays and direct buffers, both with the
     * bounce that processors with the trap take and with the straight read of those without
     * ({@link AliasTrap}): the same bytes either way, whatever this processor is.
     */
    @Test
    void largeReadsInAndOutOfTheAliasingWindowWithAndWithoutTheBounce() throws IOException {
        int n = 2_400_000; // 9.6 MiB of ints
        Path p = dir.resolve("alias.bin");
        int[] data = (int[]) TestArrays.random(ElementType.INT, n + 1024, 41);
        boolean was = AliasTrap.present();
        try (ArrayFile f = ArrayFile.open(p, options(ByteOrder.nativeOrder()), CREATE, READ, WRITE)) {
            f.writeArray(0, data);
            for (boolean trap : new boolean[] {true, false}) {
                AliasTrap.override(trap);
                for (long off : new long[] {0, 16, 4096, 2048, 4}) {
                    int[] back = new int[n];
                    f.readArray(off, back);
                    int[] expect = java.util.Arrays.copyOfRange(data, (int) off / 4, (int) off / 4 + n);
                    assertArrayEquals(expect, back, "array read offset=" + off + " bounce=" + trap);
                    ByteBuffer b = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.nativeOrder());
                    f.read(off, b);
                    assertEquals(4 * n, b.position(), "buffer read offset=" + off + " bounce=" + trap);
                    for (int i = 0; i < n; i += 4099) assertEquals(expect[i], b.getInt(4 * i), "buffer element " + i + " offset=" + off);
                }
            }
        } finally {
            AliasTrap.override(was);
        }
    }

    /**
     * Reads of every size from 1 byte to 300 KiB at file offsets in the trap's window and out of it, with the
     * bounce from 1 byte on (as where the trap starts small) and without it: the same bytes either way.
     */
    @Test
    void smallReadsWithTheBounceFromTheSmallestSizeAndWithout() throws IOException {
        byte[] data = (byte[]) TestArrays.random(ElementType.BYTE, 400_000, 43);
        bothWaysFromOneByte("alias-small.bin", data, (f, trap) -> {
            for (int n : new int[] {1, 255, 1024, 4096, 65_537, 300_000})
                for (long off : new long[] {0, 16, 4096 + 8, 2048, 4}) {
                    int[] back = new int[n / 4 + 1];
                    byte[] bytes = new byte[n];
                    f.readArray(off, bytes);
                    assertArrayEquals(java.util.Arrays.copyOfRange(data, (int) off, (int) off + n), bytes, "bytes n=" + n + " offset=" + off + " bounce=" + trap);
                    f.readArray(off, back, 0, n / 4);
                    for (int i = 0; i < n / 4; i++)
                        assertEquals(ByteBuffer.wrap(data, (int) off + 4 * i, 4).order(ByteOrder.nativeOrder()).getInt(), back[i], "int " + i + " n=" + n + " offset=" + off);
                }
        });
    }

    /** One read case over a file holding the case's data, told whether the bounce is on. */
    private interface BounceCase {
        void run(ArrayFile f, boolean trap) throws IOException;
    }

    /** Runs {@code body} over a new file holding {@code data} with the bounce from 1 byte on (as where the trap starts small), then without it. */
    private void bothWaysFromOneByte(String name, byte[] data, BounceCase body) throws IOException {
        boolean was = AliasTrap.present();
        long min = AliasTrap.overrideMinBytes(1);
        try (ArrayFile f = ArrayFile.open(dir.resolve(name), options(ByteOrder.nativeOrder()), CREATE, READ, WRITE)) {
            f.write(0, ByteBuffer.wrap(data));
            for (boolean trap : new boolean[] {true, false}) {
                AliasTrap.override(trap);
                body.run(f, trap);
            }
        } finally {
            AliasTrap.override(was);
            AliasTrap.overrideMinBytes(min);
        }
    }

    /**
     * Stretches read with the bounce from 1 byte on and without it: 3 KiB stretches 3088 bytes apart in the
     * array walk the trap's window row by row (one in 256 aliased), and 4 KiB stretches 8 KiB apart (in a
     * humongous array, which starts a page plus 16 bytes) are all aliased or all clear, by the file offset;
     * the same bytes whichever path each stretch takes.
     */
    @Test
    void stretchesReadInAndOutOfTheAliasingWindowWithAndWithoutTheBounce() throws IOException {
        byte[] data = (byte[]) TestArrays.random(ElementType.BYTE, 3 << 20, 47);
        bothWaysFromOneByte("alias-runs.bin", data, (f, trap) -> {
            for (int[] shape : new int[][] {{3072, 3088}, {4096, 8192}}) { // stretch and stride, bytes
                int len = shape[0], stride = shape[1], rows = 600;
                int[] index = new int[rows], count = new int[rows];
                for (int r = 0; r < rows; r++) { index[r] = r * stride; count[r] = len; }
                for (long off : new long[] {0, 16, 4096 + 8, 2048}) {
                    byte[] back = new byte[rows * stride];
                    f.readArrayRuns(off, back, index, count, rows);
                    for (int r = 0; r < rows; r++)
                        assertArrayEquals(java.util.Arrays.copyOfRange(data, (int) off + r * len, (int) off + (r + 1) * len),
                                java.util.Arrays.copyOfRange(back, r * stride, r * stride + len), "row " + r + " len=" + len + " offset=" + off + " bounce=" + trap);
                }
            }
        });
    }

    /** The threshold from the measured trap, by table: the smallest probed size whose trap outweighs the bounce sets it. */
    @Test
    void theBounceThresholdFromTheMeasuredTrap() {
        assertEquals(1 << 10, AliasTrap.threshold(new double[] {3.4, 10.7, 10.7})); // C's pread on the EPYC of 2026-11-29
        assertEquals(16 << 10, AliasTrap.threshold(new double[] {1.5, 4.9, 6.9})); // the calibration there, through FileChannel
        assertEquals(256 << 10, AliasTrap.threshold(new double[] {1.0, 1.2, 1.7}));
        assertEquals(AliasTrap.UNMEASURED, AliasTrap.threshold(new double[] {1.0, 1.05, 1.12})); // the EPYC of 1 MiB: 38.7 us trapped, 34.4 clear
        assertEquals(AliasTrap.UNMEASURED, AliasTrap.threshold(new double[] {0.98, 1.0, 1.01})); // no trap
        long measured = AliasTrap.calibrate();
        assertTrue(measured == AliasTrap.UNMEASURED || measured == 1 << 10 || measured == 16 << 10 || measured == 256 << 10, "measured " + measured);
    }

    /** With the trap present, the first ask starts the measurement in the background and answers 8 MiB until it ends. */
    @Test
    void theThresholdIsMeasuredInTheBackground() throws InterruptedException {
        boolean was = AliasTrap.present();
        long min = AliasTrap.overrideMinBytes(-1);
        try {
            AliasTrap.override(true);
            AliasTrap.measureAgain();
            long first = AliasTrap.minBytes();
            assertTrue(first == AliasTrap.UNMEASURED || AliasTrap.settled(), "answered " + first + " before the measurement ended");
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!AliasTrap.settled() && System.nanoTime() < deadline) Thread.sleep(5);
            assertTrue(AliasTrap.settled(), "the measurement never ended");
            long m = AliasTrap.minBytes();
            assertTrue(m == AliasTrap.UNMEASURED || m == 1 << 10 || m == 16 << 10 || m == 256 << 10, "measured " + m);
            AliasTrap.override(false);
            assertEquals(Long.MAX_VALUE, AliasTrap.minBytes(), "no trap: no read bounces");
        } finally {
            AliasTrap.override(was);
            AliasTrap.overrideMinBytes(min);
        }
    }

    @Test
    void theAliasingDecisionBySettingAndVendor() {
        assertTrue(AliasTrap.decide("auto", "AuthenticAMD"));
        assertFalse(AliasTrap.decide("auto", "GenuineIntel"));
        assertFalse(AliasTrap.decide("auto", ""));
        assertTrue(AliasTrap.decide("on", "GenuineIntel"));
        assertFalse(AliasTrap.decide("off", "AuthenticAMD"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AliasTrap.decide("yes", ""));
        assertTrue(e.getMessage().contains("jpio.unalias=yes"), e.getMessage());
        assertEquals(AliasTrap.vendor().equals("AuthenticAMD"), AliasTrap.decide("auto", AliasTrap.vendor()), "this machine's vendor: " + AliasTrap.vendor());
    }

    // ---- O_DIRECT ---------------------------------------------------------------------------------

    /** Offsets around block boundaries; counts below, at and above a block and above each bounce buffer (1 MiB, and the O_DIRECT one). */
    static final long[] DIRECT_OFFSETS = {0, 1, 4095, 4096, 8190, 3 * 4096 + 5};
    static final int[] DIRECT_BYTES = {1, 4095, 4096, 4097, 3 * 4096 + 24, PosixEngineFile.BOUNCE + 4096 + 8, PosixEngineFile.DIRECT_BOUNCE + 4096 + 8};

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void directUnalignedOffsetsSizesAndOrders(ElementType t) throws IOException {
        for (ByteOrder order : ORDERS) {
            Path p = dir.resolve("direct-" + t + "-" + order);
            try (ArrayFile f = ArrayFile.open(p, direct(order), CREATE, READ, WRITE)) {
                assertEquals(1, openDirectDescriptors(p), "the file is not open with O_DIRECT");
                for (long off : DIRECT_OFFSETS) {
                    for (int bytes : DIRECT_BYTES) {
                        if (bytes > PosixEngineFile.BOUNCE && off != 1 && off != 4096) continue; // keep it small
                        int n = Math.max(1, bytes / t.size());
                        Object a = TestArrays.random(t, n + 2, off * 7 + bytes);
                        f.writeArray(off, a, 1, n);
                        String what = t + " " + order + " offset=" + off + " count=" + n;
                        assertArrayEquals(encode(t, a, 1, n, order), bytesAt(p, off, n * t.size()), "file bytes " + what);
                        Object back = t.newArray(n + 2);
                        f.readArray(off, back, 1, n);
                        assertTrue(TestArrays.equal(slice(t, a, 1, n), slice(t, back, 1, n)), "read back " + what);
                    }
                }
            }
        }
    }

    @Test
    void directByteBuffersAlignedUnalignedAndHeap() throws IOException {
        Path p = dir.resolve("direct-buffers.bin");
        byte[] data = (byte[]) TestArrays.random(ElementType.BYTE, 3 * 4096 + 100, 8);
        try (ArrayFile f = ArrayFile.open(p, direct(ByteOrder.nativeOrder()), CREATE, READ, WRITE)) {
            ByteBuffer aligned = ByteBuffer.allocateDirect(4 * 4096 + 4096).alignedSlice(4096);
            aligned.put(data, 0, 2 * 4096).flip();
            f.write(4096, aligned);                       // aligned memory, offset and length: no bounce
            f.write(4096 + 2 * 4096, ByteBuffer.wrap(data, 2 * 4096, data.length - 2 * 4096).slice());
            ByteBuffer unaligned = ByteBuffer.allocateDirect(data.length + 3).position(3).slice();
            f.read(4096, unaligned);
            byte[] got = new byte[data.length];
            unaligned.flip().get(got);
            assertArrayEquals(data, got);
            // read(): clamps at the end of the file rather than reading across it at an unaligned size
            ByteBuffer tail = ByteBuffer.allocate(500);
            assertEquals(100, f.engineFile().read(4096 + 3 * 4096, tail));
            assertEquals(-1, f.engineFile().read(4096 + data.length, ByteBuffer.allocate(10)));
            var e = assertThrows(java.io.EOFException.class, () -> f.engineFile().readFully(4096 + 3 * 4096, ByteBuffer.allocate(4096)));
            assertTrue(e.getMessage().contains("path=" + p), e.getMessage());
        }
        assertArrayEquals(data, bytesAt(p, 4096, data.length));
        assertArrayEquals(new byte[4096], bytesAt(p, 0, 4096), "the hole before the data");
    }

    @Test
    void directConcurrentWritersSharingBlocks() throws Exception {
        Path p = dir.resolve("direct-concurrent.bin");
        int threads = 6, blocks = 20, per = 1500; // 12000-byte blocks: neighbours share the 4 KiB edge blocks
        try (ArrayFile f = ArrayFile.open(p, direct(ByteOrder.BIG_ENDIAN), CREATE, READ, WRITE)) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<Object>> done = Stream.iterate(0, i -> i + 1).limit(threads).map(me -> pool.submit(() -> {
                for (int b = 0; b < blocks; b++) {
                    int block = b * threads + me;
                    long[] data = new long[per];
                    java.util.Arrays.fill(data, block * 1_000_003L);
                    f.writeArray((long) block * per * 8, data);
                }
                return (Object) null;
            })).toList();
            for (Future<Object> d : done) d.get(30, TimeUnit.SECONDS);
            pool.shutdown();
            f.sync(false);
        }
        long[] all = (long[]) readBack(p, ElementType.LONG, 0, threads * blocks * per, ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < all.length; i++) assertEquals((i / per) * 1_000_003L, all[i], "element " + i);
    }

    @Test
    void smallPiecesSplitLargeTransfers() throws Exception {
        // 64 KiB pieces instead of 64 MiB: 1 MiB transfers become many JNI calls, O_DIRECT middles included
        Path p = Files.createFile(dir.resolve("pieces.bin"));
        Process child = EngineChild.start(List.of("-Djpio.native.piece=65536"), null, "roundtrip", childSpec(), p.toString());
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream())).readLine();
        assertEquals(0, EngineChild.await(child), "child said: " + line);
        assertEquals("ok", line);
    }

    /**
     * Descriptors of this process open on {@code p} with O_DIRECT, from /proc/self/fdinfo (the kernel's
     * view, not the engine's): proves the flag reached open(2).
     */
    static long openDirectDescriptors(Path p) throws IOException {
        int oDirect = System.getProperty("os.arch").matches("aarch64|arm.*") ? 0200000 : 040000;
        Path real = p.toRealPath();
        long n = 0;
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                Path target;
                try {
                    target = Files.readSymbolicLink(fd);
                } catch (IOException gone) {
                    continue; // closed meanwhile (the listing's own descriptor)
                }
                if (!target.equals(real)) continue;
                for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo", fd.getFileName().toString())))
                    if (line.startsWith("flags:") && (Integer.parseInt(line.substring(6).trim(), 8) & oDirect) != 0) n++;
            }
        }
        return n;
    }
}
