package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

class FileViewTest {
    static final Datatype INT = Datatype.of(ElementType.INT);

    @Test void tilesTheFiletypeFromTheDisplacement() {
        FileView v = new FileView(100, ElementType.INT, Datatype.vector(2, 1, 3, INT), DataRep.NATIVE);
        assertEquals(DatatypeTest.runs(112, 8, 128, 4), v.runs(1, 3).toList());
        assertEquals(100, v.byteOffset(0));
        assertEquals(112, v.byteOffset(1));
        assertEquals(116, v.byteOffset(2));
        assertEquals(128, v.byteOffset(3));
        assertEquals(0, v.viewBytesBefore(50));
        assertEquals(4, v.viewBytesBefore(105));
        assertEquals(5, v.viewBytesBefore(113));
        assertEquals(8, v.viewBytesBefore(116));
        assertEquals(new Run(112, 20), v.accessRange(1, 3));
        assertNull(v.accessRange(5, 0));
    }

    @Test void contiguousViewsAreOneRun() {
        FileView v = FileView.contiguous(8, ElementType.DOUBLE, DataRep.BIG_ENDIAN);
        assertTrue(v.isContiguous());
        RunCursor c = v.runs(3, 1L << 27);               // a GiB in one step
        assertTrue(c.next());
        assertEquals(new Run(32, 8L << 27), new Run(c.offset(), c.length()));
        assertEquals(false, c.next());
        assertEquals(21, FileView.bytes().runs(21, 1).toList().get(0).offset());
    }

    @Test void piecesCarryBufferOffsets() {
        FileView v = new FileView(0, ElementType.INT, Datatype.vector(2, 1, 3, INT), DataRep.NATIVE);
        // access: etypes 0..5 at file 0,12,16,28,32,44 = runs (0,4) (12,8) (28,8) (44,4); window [10, 34)
        PieceCursor p = v.pieces(0, 24, 10, 34);
        List<long[]> got = new ArrayList<>();
        while (p.next()) got.add(new long[] {p.fileOffset(), p.length(), p.memoryOffset()});
        assertEquals(2, got.size());
        assertEquals(List.of(12L, 8L, 4L), List.of(got.get(0)[0], got.get(0)[1], got.get(0)[2]));
        assertEquals(List.of(28L, 6L, 12L), List.of(got.get(1)[0], got.get(1)[1], got.get(1)[2]));   // cut at 34
    }

    @Test void setViewChecksAsMpi() {
        var e = assertThrows(IllegalArgumentException.class, () -> new FileView(-1, ElementType.INT, INT, DataRep.NATIVE));
        assertTrue(e.getMessage().contains("displacement=-1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new FileView(0, ElementType.INT, Datatype.vector(2, 1, -2, INT), DataRep.NATIVE));
        assertTrue(e.getMessage().contains("monotonically"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new FileView(0, ElementType.INT, Datatype.contiguous(2, Datatype.of(ElementType.DOUBLE)), DataRep.NATIVE));
        assertTrue(e.getMessage().contains("etype=INT"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new FileView(0, ElementType.INT, Datatype.resized(0, 4, Datatype.vector(2, 1, 2, INT)), DataRep.NATIVE));
        assertTrue(e.getMessage().contains("tiles overlap"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new FileView(0, ElementType.INT, Datatype.hindexed(new int[] {1}, new long[] {-4}, INT), DataRep.NATIVE));
        assertTrue(e.getMessage().contains("nonnegative"), e.getMessage());
        FileView empty = new FileView(0, ElementType.INT, Datatype.contiguous(0, INT), DataRep.NATIVE);
        assertEquals(List.of(), empty.runs(0, 0).toList());
        e = assertThrows(IllegalArgumentException.class, () -> empty.runs(0, 1));
        assertTrue(e.getMessage().contains("no data"), e.getMessage());
        assertEquals(DataRep.BIG_ENDIAN, DataRep.forName("big-endian"));
        assertEquals(DataRep.EXTERNAL32, DataRep.forName("external32"));
        assertEquals(java.nio.ByteOrder.BIG_ENDIAN, DataRep.EXTERNAL32.byteOrder());
        assertEquals(java.nio.ByteOrder.nativeOrder(), DataRep.forName("internal").byteOrder());
        assertThrows(IllegalArgumentException.class, () -> DataRep.forName("external64"));
    }

    /** A random filetype acceptable to set_view, with a few tries. */
    static Datatype filetype(Random r) {
        while (true) {
            Datatype t = RandomTypes.type(r, 3);
            if (t.size() > 0 && t.isMonotone() && t.trueLb() >= 0 && t.trueExtent() <= t.extent()) return t;
        }
    }

    /** File offsets of view bytes [0, n) by brute force: tiles of the reference type map, byte by byte. */
    static List<Long> naiveBytes(FileView v, long n) {
        List<Long> out = new ArrayList<>();
        for (long tile = 0; out.size() < n; tile++)
            for (Run run : Reference.runs(v.filetype(), v.displacement() + tile * v.filetype().extent()))
                for (long b = run.offset(); b < run.end() && out.size() < n; b++) out.add(b);
        return out;
    }

    static List<Run> merge(List<Long> bytes) {
        List<Run> out = new ArrayList<>();
        for (long b : bytes) {
            if (!out.isEmpty() && out.get(out.size() - 1).end() == b) {
                Run last = out.remove(out.size() - 1);
                out.add(new Run(last.offset(), last.length() + 1));
            } else {
                out.add(new Run(b, 1));
            }
        }
        return out;
    }

    /** Walks a cursor taking strided batches where it offers them: the runs must be those of a plain walk. */
    static List<Run> walkInBatches(RunCursor c, Random r, long[] batched) {
        List<Run> out = new ArrayList<>();
        while (c.next()) {
            long rep = c.repeats(), take = 1 + (rep > 1 ? r.nextInt((int) Math.min(rep, 1 << 20)) : 0);
            for (long j = 0; j < take; j++) out.add(new Run(c.offset() + j * c.stride(), c.length()));
            if (take > 1) batched[0] += take;
            c.jump(take - 1);
            if (take > 1) assertEquals(out.get(out.size() - 1).offset(), c.offset(), "jump lands on the last run taken");
        }
        return out;
    }

    @Property(tries = 600)
    void stridedBatchesAreTheRuns(@ForAll long seed) {
        Random r = new Random(seed);
        Datatype ft = filetype(r);
        FileView v = new FileView(r.nextInt(50), ElementType.BYTE, ft, DataRep.NATIVE);
        long from = r.nextInt(120), len = r.nextInt(400);
        assertEquals(v.runsOfBytes(from, len).toList(), walkInBatches(v.runsOfBytes(from, len), r, new long[1]), v + " from=" + from + " len=" + len);
    }

    @Test void interleavedAndVectorViewsAreStrided() {
        Datatype block = Datatype.resized(0, 64, Datatype.contiguous(4, Datatype.of(ElementType.INT)));
        FileView v = new FileView(16, ElementType.INT, block, DataRep.NATIVE);
        RunCursor c = v.runs(2, 1000);                           // from inside the first block
        assertTrue(c.next());
        assertEquals(List.of(24L, 8L, 1L), List.of(c.offset(), c.length(), c.repeats()), "a partial first block stands alone");
        assertTrue(c.next());
        assertEquals(List.of(80L, 16L, 1L + (1000 * 4 - 8 - 16) / 16, 64L), List.of(c.offset(), c.length(), c.repeats(), c.stride()));
        long[] batched = new long[1];
        assertEquals(v.runs(0, 1000).toList(), walkInBatches(v.runs(0, 1000), new Random(1), batched));
        assertTrue(batched[0] > 0, "the walk took batches");
        // a vector of equal blocks that continues into the next tile is strided too
        FileView vec = new FileView(0, ElementType.INT, Datatype.resized(0, 48, Datatype.vector(3, 2, 4, Datatype.of(ElementType.INT))), DataRep.NATIVE);
        RunCursor w = vec.runs(0, 600);
        assertTrue(w.next());
        assertEquals(List.of(0L, 8L, 300L, 16L), List.of(w.offset(), w.length(), w.repeats(), w.stride()));
    }

    @Property(tries = 600)
    void viewMappingMatchesBruteForce(@ForAll long seed) {
        Random r = new Random(seed);
        Datatype ft = filetype(r);
        FileView v = new FileView(r.nextInt(50), ElementType.BYTE, ft, DataRep.NATIVE);
        long from = r.nextInt(120), len = r.nextInt(120);
        List<Long> bytes = naiveBytes(v, from + len + 1);
        String ctx = v + " from=" + from + " len=" + len;
        assertEquals(merge(bytes.subList((int) from, (int) (from + len))), v.runsOfBytes(from, len).toList(), ctx);
        assertEquals(bytes.get((int) from), v.fileOffsetOf(from), ctx);
        long x = r.nextInt((int) (bytes.get(bytes.size() - 1) + 2));
        long before = bytes.stream().filter(b -> b < x).count();
        assertEquals(before, v.viewBytesBefore(x), ctx + " x=" + x);
        long lo = r.nextInt((int) (bytes.get(bytes.size() - 1) + 2)), hi = lo + r.nextInt(80);
        List<Long> inWindow = new ArrayList<>();
        long firstMem = -1;
        for (int k = (int) from; k < from + len; k++) {
            long b = bytes.get(k);
            if (b >= lo && b < hi) { inWindow.add(b); if (firstMem < 0) firstMem = k - from; }
        }
        PieceCursor p = v.pieces(from, len, lo, hi);
        List<Long> got = new ArrayList<>();
        long expectMem = firstMem;
        while (p.next()) {
            if (got.isEmpty()) assertEquals(expectMem, p.memoryOffset(), ctx);
            // memory offsets advance with the view: the piece's first byte is view byte from + memoryOffset
            assertEquals(bytes.get((int) (from + p.memoryOffset())), p.fileOffset(), ctx);
            for (long b = p.fileOffset(); b < p.fileOffset() + p.length(); b++) got.add(b);
        }
        assertEquals(inWindow, got, ctx + " window=[" + lo + "," + hi + ")");
    }
}
