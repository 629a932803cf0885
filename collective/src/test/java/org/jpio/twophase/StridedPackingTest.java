package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * The batch paths of fine-grained packing against the piece-by-piece ones they replace: a clip taking
 * strided batches hands out exactly the pieces of a plain walk, and the strided scatter/gather moves
 * exactly the bytes a put per piece moves, for every element type and piece length.
 */
class StridedPackingTest {
    /** The same runs with no batches on offer: what the clip walked before. */
    private static RunCursor plain(RunCursor c) {
        return new RunCursor() {
            @Override public boolean next() { return c.next(); }
            @Override public long offset() { return c.offset(); }
            @Override public long length() { return c.length(); }
        };
    }

    private static List<long[]> pieces(Clip clip, long[] windows, long[] memory) {
        List<long[]> out = new ArrayList<>();
        for (int w = 0; w + 1 < windows.length; w++) {
            clip.take(windows[w], windows[w + 1], (off, len) -> out.add(new long[] {off, len}));
            memory[w] = clip.memory();
        }
        return out;
    }

    @Property(tries = 300)
    void aClipTakingBatchesHandsOutThePiecesOfAPlainWalk(@ForAll long seed) {
        Random r = new Random(seed);
        int block = 1 + r.nextInt(5), ranks = 1 + r.nextInt(4), rank = r.nextInt(ranks), count = r.nextInt(300);
        FileView v = new FileView(r.nextInt(40), ElementType.BYTE,
                Datatype.resized(0, (long) block * ranks + r.nextInt(3), Datatype.contiguous(block, Datatype.BYTE)), DataRep.NATIVE);
        long from = r.nextInt(10);
        long[] windows = new long[2 + r.nextInt(6)];
        for (int w = 1; w < windows.length; w++) windows[w] = windows[w - 1] + r.nextInt(200);
        long[] m1 = new long[windows.length], m2 = new long[windows.length];
        List<long[]> batched = pieces(new Clip(v.runsOfBytes(from, count)), windows, m1);
        List<long[]> plain = pieces(new Clip(plain(v.runsOfBytes(from, count))), windows, m2);
        assertEquals(plain.size(), batched.size(), v + " from=" + from + " count=" + count);
        for (int k = 0; k < plain.size(); k++) assertArrayEquals(plain.get(k), batched.get(k), "piece " + k);
        assertArrayEquals(m2, m1, "memory positions");
    }

    @Property(tries = 200)
    void stridedScatterAndGatherMoveWhatAPutPerPieceMoves(@ForAll long seed) {
        Random r = new Random(seed);
        ElementType t = ElementType.values()[r.nextInt(ElementType.values().length)];
        int perPiece = 1 + r.nextInt(3), len = perPiece * t.size(), stride = len + r.nextInt(9) * t.size(), count = 1 + r.nextInt(40000 / len);
        ByteOrder order = r.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        byte[] raw = new byte[count * len];
        r.nextBytes(raw);
        Object array = t.newArray(count * perPiece);
        t.get(ByteBuffer.wrap(raw).order(order), array, 0, count * perPiece);
        int pos = r.nextInt(16);
        ByteBuffer fast = ByteBuffer.allocate(pos + count * stride).order(order), slow = ByteBuffer.allocate(fast.capacity()).order(order);
        Strided.put(t, fast, pos, stride, len, count, array, 0);
        for (int k = 0; k < count; k++) t.put(slow.position(pos + k * stride), array, k * perPiece, perPiece);
        assertArrayEquals(slow.array(), fast.array(), t + " len=" + len + " stride=" + stride);
        Object back = t.newArray(count * perPiece);
        Strided.get(t, fast, pos, stride, len, count, back, 0);
        ByteBuffer b1 = ByteBuffer.allocate(raw.length).order(order), b2 = ByteBuffer.allocate(raw.length).order(order);
        t.put(b1, array, 0, count * perPiece);
        t.put(b2, back, 0, count * perPiece);
        assertArrayEquals(b1.array(), b2.array(), "gathered back");
    }
}
