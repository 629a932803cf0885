package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.local.SelfComm;
import org.jpio.io.ElementType;
import org.jpio.npy.NpyFile;
import org.jpio.npy.NpyHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The API's arithmetic (grids, local blocks, indices, ghosts) and its errors. */
class DistributedArrayTest {
    @TempDir Path dir;

    @Test
    void defaultGridIsDimsCreateAndBlocksCoverAPrimeShape() throws Exception {
        List<int[]> got = LocalComm.runAndCollect(6, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 7, 5);
            assertArrayEquals(new int[] {3, 2}, a.processGrid());
            assertEquals(2, a.ndims());
            assertEquals(35, a.globalCount());
            int[] c = a.gridCoords(), s = a.localShape(), g = a.globalStart();
            assertEquals(comm.rank(), c[0] * 2 + c[1]);
            assertEquals(a.localCount(), Array.getLength(a.data()));
            return new int[] {g[0], g[1], s[0], s[1]};
        });
        // ceil(7/3)=3: rows 0-2, 3-5, 6; ceil(5/2)=3: columns 0-2, 3-4
        assertArrayEquals(new int[] {0, 0, 3, 3}, got.get(0));
        assertArrayEquals(new int[] {0, 3, 3, 2}, got.get(1));
        assertArrayEquals(new int[] {6, 3, 1, 2}, got.get(5));
    }

    @Test
    void everyGlobalElementHasExactlyOneOwnerWhoseIndicesRoundTrip() throws Exception {
        int[] shape = {3, 7, 2};
        List<long[]> owned = LocalComm.runAndCollect(5, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, shape).processGrid(5, 1, 1)
                    .distribution(Dist.BLOCK, Dist.cyclic(2), Dist.NONE).create();
            long[] mine = new long[3 * 7 * 2];
            for (int i = 0; i < 3; i++) for (int j = 0; j < 7; j++) for (int k = 0; k < 2; k++) {
                int[] g = {i, j, k};
                if (!a.owns(g)) {
                    assertThrows(IllegalArgumentException.class, () -> a.toLocal(g));
                    continue;
                }
                assertEquals(comm.rank(), a.ownerOf(g));
                assertArrayEquals(g, a.toGlobal(a.toLocal(g)));
                mine[(int) Fill.position(shape, g)]++;
            }
            assertEquals(a.localCount(), Arrays.stream(mine).sum());
            return mine;
        });
        for (int p = 0; p < 42; p++) {
            int q = p;
            assertEquals(1, owned.stream().mapToLong(m -> m[q]).sum(), "position " + p);
        }
        // 5 ranks along a dimension of 3: two ranks own nothing
        assertEquals(2, owned.stream().filter(m -> Arrays.stream(m).sum() == 0).count());
    }

    @Test
    void indexCountsGhostCells() {
        DistributedArray a = DistributedArray.builder(SelfComm.create(), ElementType.BYTE, 4, 3).ghost(2).create();
        assertArrayEquals(new int[] {8, 7}, a.allocatedShape());
        assertEquals(8 * 7, a.bytes().length);
        assertEquals(2 * 7 + 2, a.index(0, 0));
        assertEquals(0, a.index(-2, -2));
        assertEquals(8 * 7 - 1, a.index(5, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> a.index(6, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> a.toGlobal(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> a.index(1));
        assertThrows(IllegalArgumentException.class, a::doubles);
    }

    @Test
    void interiorBytesSkipGhostsAndSetInteriorFillsThem() {
        DistributedArray a = DistributedArray.builder(SelfComm.create(), ElementType.SHORT, 3, 4).ghost(1).create();
        Fill.fill(a);
        ByteBuffer b = a.interiorBytes(ByteOrder.BIG_ENDIAN);
        assertEquals(12 * 2, b.remaining());
        for (int p = 0; p < 12; p++) assertEquals(Fill.value(ElementType.SHORT, p), b.getShort(p * 2));
        DistributedArray c = DistributedArray.builder(SelfComm.create(), ElementType.SHORT, 3, 4).ghost(1).create();
        Fill.clear(c);
        c.setInterior(b);
        Fill.check(c, "setInterior");
        assertThrows(IllegalArgumentException.class, () -> c.setInterior(ByteBuffer.allocate(10)));
    }

    @Test
    void exchangeGhostsBringsNeighboursEdges() throws Exception {
        int[] shape = {6, 5, 4};
        for (int ghost : new int[] {1, 2}) {
            LocalComm.run(4, comm -> {
                DistributedArray a = DistributedArray.builder(comm, ElementType.LONG, shape).ghost(ghost).create();
                Fill.fill(a);
                a.exchangeGhosts();
                checkGhosts(a, shape);
            });
        }
    }

    /** Every cell whose global coordinates are inside the array holds that element's value; the rest the sentinel. */
    private static void checkGhosts(DistributedArray a, int[] shape) {
        int[] p = a.allocatedShape(), start = a.globalStart();
        int g = a.ghost();
        for (int i = 0; i < p[0]; i++) for (int j = 0; j < p[1]; j++) for (int k = 0; k < p[2]; k++) {
            int[] glob = {start[0] + i - g, start[1] + j - g, start[2] + k - g};
            boolean inside = true;
            for (int d = 0; d < 3; d++) inside &= glob[d] >= 0 && glob[d] < shape[d];
            Object want = inside ? Fill.value(a.elementType(), Fill.position(shape, glob)) : Fill.sentinel(a.elementType());
            assertEquals(want, Array.get(a.data(), a.index(i - g, j - g, k - g)), "cell " + Arrays.toString(glob) + " " + a);
        }
    }

    @Test
    void exchangeGhostsRefusesCyclicAndThinBlocks() throws Exception {
        LocalComm.run(2, comm -> {
            DistributedArray cyc = DistributedArray.builder(comm, ElementType.INT, 8).distribution(Dist.CYCLIC).ghost(1).create();
            assertTrue(assertThrows(IllegalArgumentException.class, cyc::exchangeGhosts).getMessage().contains("CYCLIC"));
            DistributedArray thin = DistributedArray.builder(comm, ElementType.INT, 3).ghost(2).create();
            assertTrue(assertThrows(IllegalArgumentException.class, thin::exchangeGhosts).getMessage().contains("fewer than ghost width=2"));
        });
    }

    @Test
    void badDescriptionsAreRefusedBeforeAnythingMoves() {
        Comm self = SelfComm.create();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> DistributedArray.builder(self, ElementType.INT, 4, 4).processGrid(2, 1).create()).getMessage().contains("size=1"));
        assertThrows(IllegalArgumentException.class, () -> DistributedArray.create(self, ElementType.INT, 4, 0));
        assertThrows(IllegalArgumentException.class, () -> DistributedArray.create(self, ElementType.INT));
        assertThrows(IllegalArgumentException.class, () -> DistributedArray.builder(self, ElementType.INT, 4).ghost(-1).create());
        assertThrows(IllegalArgumentException.class, () -> DistributedArray.builder(self, ElementType.INT, 4, 4).distribution(Dist.BLOCK, Dist.BLOCK, Dist.BLOCK).create());
        assertThrows(IllegalArgumentException.class, () -> Dist.cyclic(0));
    }

    @Test
    void noneDimensionsGetOneRankAndExplicitBlocksMustCover() throws Exception {
        LocalComm.run(4, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.FLOAT, 4, 9).distribution(Dist.NONE, Dist.BLOCK).create();
            assertArrayEquals(new int[] {1, 4}, a.processGrid());
            assertThrows(IllegalArgumentException.class,
                    () -> DistributedArray.builder(comm, ElementType.FLOAT, 9).distribution(Dist.block(2)).create());
            DistributedArray b = DistributedArray.builder(comm, ElementType.FLOAT, 9).distribution(Dist.block(3)).create();
            assertEquals(comm.rank() < 3 ? 3 : 0, b.localShape()[0]);
        });
    }

    @Test
    void dtypeAndShapeMismatchesNameFileAndArray() throws Exception {
        Path file = dir.resolve("f.npy");
        NpyFile.write(file, new float[6], 2, 3);
        LocalComm.run(3, comm -> {
            DistributedArray wrongType = DistributedArray.create(comm, ElementType.DOUBLE, 2, 3);
            String m = assertThrows(IllegalArgumentException.class, () -> wrongType.read(file)).getMessage();
            assertTrue(m.contains("'<f4'") && m.contains("type=DOUBLE") && m.contains("'<f8'") && m.contains("(2, 3)") && m.contains(file.toString()), m);
            DistributedArray wrongShape = DistributedArray.create(comm, ElementType.FLOAT, 3, 2);
            m = assertThrows(IllegalArgumentException.class, () -> wrongShape.read(file)).getMessage();
            assertTrue(m.contains("shape=(2, 3)") && m.contains("shape=(3, 2)"), m);
            DistributedArray flat = DistributedArray.create(comm, ElementType.FLOAT, 6);
            m = assertThrows(IllegalArgumentException.class, () -> flat.read(file)).getMessage();
            assertTrue(m.contains("shape=(6,)"), m);
        });
    }

    @Test
    void rawSizeMismatchAndNonNpyFilesAreCollectiveErrors() throws Exception {
        Path raw = dir.resolve("r.raw");
        Files.write(raw, new byte[10]);
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.INT, 3);
            assertFailsNaming(() -> a.read(raw), "size=10", "needs 12 bytes");
            assertFailsNaming(() -> a.read(raw, ArrayFormats.NPY, org.jpio.parallel.Hints.fromEnvironment()), "not a .npy file");
        });
    }

    @Test
    void writeTruncatesALargerOldFileAndUsesNumpysHeader() throws Exception {
        Path file = dir.resolve("t.npy");
        Files.write(file, new byte[100_000]);
        LocalComm.run(3, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.CHAR, 7, 2);
            Fill.fill(a);
            a.write(file);
        });
        NpyHeader h = NpyFile.readHeader(file);
        assertEquals(NpyHeader.of(ElementType.CHAR, ByteOrder.nativeOrder(), false, 7, 2), h);
        assertEquals(h.dataOffset() + 7 * 2 * 2, Files.size(file));
        char[] all = (char[]) NpyFile.read(file).data();
        for (int p = 0; p < all.length; p++) assertEquals(Fill.value(ElementType.CHAR, p), all[p]);
        assertFalse(ArrayFormats.of(dir.resolve("x.raw")) == ArrayFormats.NPY);
        assertEquals(ArrayFormats.NPY, ArrayFormats.of(dir.resolve("X.NPY")));
    }

    /** The call fails on every rank with a collective exception whose message names every part. */
    private static void assertFailsNaming(org.junit.jupiter.api.function.Executable call, String... parts) {
        Exception e = assertThrows(Exception.class, call);
        assertTrue(e instanceof CollectiveException || e instanceof org.jpio.comm.CollectiveIOException, e.toString());
        for (String p : parts) assertTrue(e.getMessage().contains(p), e.getMessage());
    }
}
