package org.jpio.bulk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jpio.io.ElementType;

/**
 * The one conversion loop of the stream classes: array range to big-endian bytes in chunks of a reusable
 * buffer and back. The chunk is small enough to stay in cache and large enough that the per-call cost of
 * the underlying stream vanishes.
 */
final class Chunks {
    static final int SIZE = 64 * 1024;

    /** Receives one encoded chunk. */
    interface Sink { void accept(ByteBuffer chunk) throws IOException; }

    /** Fills one chunk from the source; must fill it completely or throw (EOFException at end). */
    interface Source { void fill(ByteBuffer chunk) throws IOException; }

    private Chunks() { }

    static void encode(ByteBuffer buf, Object array, ElementType t, int index, int count, Sink sink) throws IOException {
        t.checkRange(array, index, count);
        buf.order(ByteOrder.BIG_ENDIAN);
        int per = buf.capacity() >> t.shift();
        while (count > 0) {
            int n = Math.min(per, count);
            buf.clear();
            t.put(buf, array, index, n);
            canonicalNaNs(buf, array, t, index, n);
            buf.flip();
            sink.accept(buf);
            index += n;
            count -= n;
        }
    }

    /**
     * DataOutput writes floats through floatToIntBits, which folds every NaN into the canonical one; the
     * bulk view copy keeps NaN payloads, so fix those few positions up to stay byte-identical.
     */
    private static void canonicalNaNs(ByteBuffer buf, Object array, ElementType t, int index, int n) {
        if (t == ElementType.FLOAT) {
            float[] a = (float[]) array;
            for (int k = 0; k < n; k++) if (a[index + k] != a[index + k]) buf.putInt(k << 2, 0x7fc00000);
        } else if (t == ElementType.DOUBLE) {
            double[] a = (double[]) array;
            for (int k = 0; k < n; k++) if (a[index + k] != a[index + k]) buf.putLong(k << 3, 0x7ff8000000000000L);
        }
    }

    static void decode(ByteBuffer buf, Object array, ElementType t, int index, int count, Source source) throws IOException {
        t.checkRange(array, index, count);
        buf.order(ByteOrder.BIG_ENDIAN);
        int per = buf.capacity() >> t.shift();
        while (count > 0) {
            int n = Math.min(per, count);
            buf.clear().limit(n << t.shift());
            source.fill(buf);
            buf.position(0).limit(n << t.shift()); // sources may or may not advance the buffer
            t.get(buf, array, index, n);
            index += n;
            count -= n;
        }
    }
}
