package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * The rest of MPI-IO's chapter, as every driver must do it behind a ParallelFile: nonblocking transfers
 * (all eight, wait/test/all/any/some, progress while the ranks compute), split collectives (one
 * outstanding per file), the shared file pointer (shared and ordered routines, seek, position, reset by
 * set_view), data representations (external32 big-endian in the file), set_info/get_info, APPEND and
 * delete. Part of {@link ParallelFileContract}.
 */
final class MpiIoContract {
    private MpiIoContract() { }

    static void check(Comm comm, Path dir, String config, Hints h) throws Exception {
        nonblocking(comm, dir.resolve("nb-" + config + ".bin"), h);
        split(comm, dir.resolve("split-" + config + ".bin"), h);
        sharedPointer(comm, dir.resolve("shfp-" + config + ".bin"), h);
        representations(comm, dir.resolve("rep-" + config + ".bin"), h);
        info(comm, dir.resolve("info-" + config + ".bin"), h);
        appendAndDelete(comm, dir.resolve("app-" + config + ".bin"), h);
        memoryDatatypes(comm, dir.resolve("mem-" + config + ".bin"), h);
    }

    static int[] values(int rank, int from, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) v[i] = ParallelFileContract.value(rank, from + i);
        return v;
    }

    static void nonblocking(Comm comm, Path file, Hints h) throws Exception {
        int k = 16;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(ParallelFileContract.interleaved(comm));
            Request w1 = f.iwriteAll(Elements.of(values(comm.rank(), 0, k)));
            assertEquals(k, f.pointer(), "the pointer moves when the call starts");
            Request w2 = f.iwrite(Elements.of(values(comm.rank(), k, k)));
            Request w3 = f.iwriteAtAll(2L * k, Elements.of(values(comm.rank(), 2 * k, k)));
            Request w4 = f.iwriteAt(3L * k, Elements.of(values(comm.rank(), 3 * k, k)));
            // the ranks' own collectives go on meanwhile, on the file's communicator itself
            assertEquals(comm.size() - 1L, comm.allreduce(comm.rank(), Comm.Op.MAX));
            assertArrayEquals(new int[] {k, k, k, k}, Request.waitAll(w1, w2, w3, w4));
            assertTrue(Request.testAll(w1, w2, w3, w4));
            int[][] back = new int[4][k];
            f.seek(0);
            Request[] r = {f.ireadAll(Elements.of(back[0])), f.iread(Elements.of(back[1])), f.ireadAtAll(2L * k, Elements.of(back[2])),
                           f.ireadAt(3L * k, Elements.of(back[3]))};
            int any = Request.waitAny(r);
            assertTrue(any >= 0 && any < 4 && r[any].isDone());
            int[] some = Request.waitSome(r);
            assertTrue(some.length >= 1);
            assertEquals(k, (int) r[3].toCompletableFuture().get(60, TimeUnit.SECONDS));
            for (int i = 0; i < 4; i++) {
                assertEquals(k, r[i].waitFor());
                assertArrayEquals(values(comm.rank(), i * k, k), back[i], "nonblocking read " + i);
            }
            // progress without the caller: a rank that computes after iwriteAll finds it done when it waits
            int big = 1 << 11; // a few hundred cycles of the configurations' tiny cb_buffer_size
            Request p = f.iwriteAtAll(0, Elements.of(new int[big]));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!p.isDone() && System.nanoTime() < deadline) Thread.onSpinWait(); // computing, never calling into jpio
            assertTrue(p.isDone(), "the collective write progressed while every rank computed");
            assertEquals(big, p.waitFor());
            // a failed nonblocking collective fails every rank's wait alike
            Request bad = f.iwriteAtAll(0, comm.rank() == 0 ? Elements.of(new int[2], 1, 5) : Elements.of(new int[2]));
            CollectiveException e = assertThrows(CollectiveException.class, bad::waitFor);
            assertEquals(0, e.failures().get(0).rank(), e.getMessage());
            assertThrows(CollectiveException.class, bad::test, "every wait and test throws it");
        }
    }

    static void split(Comm comm, Path file, Hints h) throws Exception {
        int k = 8;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(ParallelFileContract.interleaved(comm));
            f.writeAllBegin(Elements.of(values(comm.rank(), 0, k)));
            IllegalStateException twice = assertThrows(IllegalStateException.class, () -> f.writeAtAllBegin(0, Elements.of(new int[1])));
            assertTrue(twice.getMessage().contains("one per file handle"), twice.getMessage());
            assertThrows(IllegalStateException.class, () -> f.readAllBegin(Elements.of(new int[1])));
            assertThrows(IllegalStateException.class, () -> f.writeAtAll(0, Elements.of(new int[1])), "no collective beside a split one");
            IllegalStateException wrongEnd = assertThrows(IllegalStateException.class, f::readAllEnd);
            assertTrue(wrongEnd.getMessage().contains("write_all_begin"), wrongEnd.getMessage());
            assertEquals(k, f.writeAllEnd());
            assertThrows(IllegalStateException.class, f::writeAllEnd, "end without begin");
            f.writeAtAllBegin(k, Elements.of(values(comm.rank(), k, k)));
            assertEquals(k, f.writeAtAllEnd());
            int[] a = new int[k], b = new int[k];
            f.seek(0);
            f.readAllBegin(Elements.of(a));
            assertEquals(k, f.readAllEnd());
            f.readAtAllBegin(k, Elements.of(b));
            assertEquals(k, f.readAtAllEnd());
            assertArrayEquals(values(comm.rank(), 0, k), a);
            assertArrayEquals(values(comm.rank(), k, k), b);
        }
    }

    static void sharedPointer(Comm comm, Path file, Hints h) throws Exception {
        int n = comm.size();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            assertEquals(0, f.positionShared());
            // ordered: rank r's r+1 ints after those of the ranks before it
            assertEquals(comm.rank() + 1, f.writeOrdered(Elements.of(values(comm.rank(), 0, comm.rank() + 1))));
            long ordered = (long) n * (n + 1) / 2;
            assertEquals(ordered, f.positionShared());
            comm.barrier(); // every rank has looked before any moves it again
            // shared, independent: each rank takes 3 ints atomically, in whatever order the ranks come
            assertEquals(3, f.writeShared(Elements.of(values(comm.rank(), 100, 3))));
            comm.barrier();
            assertEquals(ordered + 3L * n, f.positionShared());
            f.seekShared(0);
            assertEquals(0, f.positionShared());
            int[] mine = new int[comm.rank() + 1];
            f.readOrdered(Elements.of(mine));
            assertArrayEquals(values(comm.rank(), 0, comm.rank() + 1), mine, "read_ordered gives each rank its own ordered data back");
            f.seekShared(ordered);
            comm.barrier();
            int[] three = new int[3];
            assertEquals(3, f.readShared(Elements.of(three)));
            assertEquals(100, three[0] % 100_000, "a block some rank wrote with write_shared, whole");
            f.seekShared(0);
            f.readOrderedBegin(Elements.of(new int[1]));
            assertEquals(1, f.readOrderedEnd());
            assertEquals(n, f.positionShared());
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            assertEquals(0, f.positionShared(), "set_view resets the shared pointer");
        }
        if (comm.rank() == 0) { // the file as a C reader sees it: the ordered part, then n blocks of 3
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
            int at = 0;
            for (int r = 0; r < n; r++) for (int i = 0; i <= r; i++) assertEquals(ParallelFileContract.value(r, i), b.getInt(4 * at++));
            assertEquals(4L * (at + 3L * n), b.capacity());
        }
        comm.barrier();
    }

    /** external32 is big-endian in the file; a file written with it reads back through it, and natively it is swapped. */
    static void representations(Comm comm, Path file, Hints h) throws Exception {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.EXTERNAL32));
            assertEquals(4, f.typeExtent(ElementType.INT));
            assertEquals(2, f.typeExtent(ElementType.CHAR));
            f.writeAtAll(2L * comm.rank(), Elements.of(new int[] {comm.rank() + 1, -comm.rank() - 1}));
            int[] back = new int[2];
            f.readAtAll(2L * comm.rank(), Elements.of(back));
            assertArrayEquals(new int[] {comm.rank() + 1, -comm.rank() - 1}, back);
        }
        if (comm.rank() == 0) {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.BIG_ENDIAN);
            for (int r = 0; r < comm.size(); r++) {
                assertEquals(r + 1, b.getInt(8 * r));
                assertEquals(-r - 1, b.getInt(8 * r + 4));
            }
        }
        comm.barrier();
    }

    static void info(Comm comm, Path file, Hints h) throws Exception {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setInfo(Map.of(Hints.CB_BUFFER_SIZE, "4096", "jpio_unknown_key", "x"));
            Map<String, String> got = f.hints();
            if (!h.backend().equals("romio")) assertEquals("4096", got.get(Hints.CB_BUFFER_SIZE), got.toString());
            assertThrows(CollectiveException.class, () -> f.setInfo(Map.of(Hints.CB_BUFFER_SIZE, "lots")));
            f.setView(ParallelFileContract.interleaved(comm));
            f.writeAtAll(0, Elements.of(values(comm.rank(), 0, 4)));
            int[] back = new int[4];
            f.readAtAll(0, Elements.of(back));
            assertArrayEquals(values(comm.rank(), 0, 4), back);
        }
    }

    static void appendAndDelete(Comm comm, Path file, Hints h) throws Exception {
        if (comm.rank() == 0) Files.write(file, new byte[12]);
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY, Amode.APPEND), h)) {
            assertEquals(12, f.pointer(), "APPEND: the pointers start at the end");
            assertEquals(12, f.positionShared());
            f.writeOrdered(Elements.of(new byte[] {(byte) comm.rank()}));
        }
        assertEquals(12L + comm.size(), Files.size(file));
        comm.barrier();
        if (comm.rank() == 0) {
            ParallelFile.delete(file, h);
            assertFalse(Files.exists(file));
            assertThrows(java.nio.file.NoSuchFileException.class, () -> ParallelFile.delete(file, Hints.defaults()));
        }
        comm.barrier();
    }

    /**
     * Memory datatypes (MPI's buf, count, datatype): the interior of a ghosted 2-D block moves straight
     * between its place in the array and the file, collectively and independently; ghosts are neither
     * written nor touched by a read; a strided (vector) memory type with count 2 likewise.
     */
    static void memoryDatatypes(Comm comm, Path file, Hints h) throws Exception {
        int rows = 5, cols = 6, g = 1, pr = rows + 2 * g, pc = cols + 2 * g;
        org.jpio.view.Datatype interior = org.jpio.view.Datatype.subarray(new int[] {pr, pc}, new int[] {rows, cols}, new int[] {g, g},
                org.jpio.view.Order.C, org.jpio.view.Datatype.of(ElementType.INT));
        int[] padded = new int[pr * pc];
        java.util.Arrays.fill(padded, -7); // ghosts: must not reach the file
        for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) padded[(i + g) * pc + j + g] = ParallelFileContract.value(comm.rank(), i * cols + j);
        int per = rows * cols;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            assertEquals(per, f.writeAtAll((long) comm.rank() * per, Elements.of(padded, interior, 1)));
            int[] back = new int[pr * pc];
            java.util.Arrays.fill(back, 99);
            assertEquals(per, f.readAtAll((long) comm.rank() * per, Elements.of(back, interior, 1)));
            for (int i = 0; i < pr; i++)
                for (int j = 0; j < pc; j++) {
                    boolean ghost = i < g || i >= rows + g || j < g || j >= cols + g;
                    assertEquals(ghost ? 99 : padded[i * pc + j], back[i * pc + j], "element (" + i + ", " + j + ") of rank " + comm.rank());
                }
            // independent, a vector in memory: every other int, twice (count 2 copies at the type's extent)
            org.jpio.view.Datatype everyOther = org.jpio.view.Datatype.vector(3, 1, 2, org.jpio.view.Datatype.of(ElementType.INT));
            int[] src = new int[12];
            for (int i = 0; i < src.length; i++) src[i] = 1000 * comm.rank() + i;
            long at = (long) comm.size() * per + 6L * comm.rank();
            assertEquals(6, f.writeAt(at, Elements.of(src, everyOther, 2)));
            int[] got = new int[6];
            f.readAt(at, Elements.of(got));
            // vector(3,1,2) has extent 5 ints: copies at 0 and 5 -> elements 0,2,4,5,7,9
            assertArrayEquals(new int[] {src[0], src[2], src[4], src[5], src[7], src[9]}, got);
            CollectiveException bad = assertThrows(CollectiveException.class,
                    () -> f.writeAtAll(0, Elements.of(new int[4], interior, comm.rank() == 0 ? 1 : 0)));
            assertTrue(bad.getMessage().contains("reaches elements"), bad.getMessage());
        }
        if (comm.rank() == 0) {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
            for (int r = 0; r < comm.size(); r++)
                for (int k = 0; k < per; k++) assertEquals(ParallelFileContract.value(r, k), b.getInt(4 * (r * per + k)), "rank " + r + " element " + k);
        }
        comm.barrier();
    }
}
