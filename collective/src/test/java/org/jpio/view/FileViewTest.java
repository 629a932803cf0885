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
