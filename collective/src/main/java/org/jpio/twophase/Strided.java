package org.jpio.twophase;

import java.nio.ByteBuffer;
import org.jpio.io.ElementType;

/**
 * Moves a batch of equal pieces between a rank's contiguous elements and a window buffer where they lie
 * at a constant stride, the way a fine-grained interleaved access packs: the elements go into (or come
 * out of) a small scratch buffer in one bulk copy, and the scatter (gather) is one loop of absolute
 * 1-, 2-, 4- or 8-byte loads and stores the JIT compiles tightly, rather than one call per piece. The
 * bytes move unchanged, so the loop is the same for every element type.
 */
final class Strided {
    private static final int SCRATCH = 64 * 1024;
    private static final ThreadLocal<ByteBuffer> TEMP = ThreadLocal.withInitial(() -> ByteBuffer.allocate(SCRATCH));

    private Strided() { }

    /** Elements {@code array[at ..]} into {@code count} pieces of {@code length} bytes at {@code buf[pos + k * stride]}. */
    static void put(ElementType t, ByteBuffer buf, int pos, long stride, long length, long count, Object array, int at) {
        move(t, buf, pos, stride, (int) length, count, array, at, true);
    }

    /** The reverse of {@link #put}: the pieces of {@code buf} into {@code array[at ..]}. */
    static void get(ElementType t, ByteBuffer buf, int pos, long stride, long length, long count, Object array, int at) {
        move(t, buf, pos, stride, (int) length, count, array, at, false);
    }

    private static void move(ElementType t, ByteBuffer buf, int pos, long stride, int len, long count, Object array, int at, boolean put) {
        ByteBuffer tmp = len <= SCRATCH ? TEMP.get().order(buf.order()) : ByteBuffer.allocate(len).order(buf.order());
        int perChunk = Math.max(1, tmp.capacity() / len);
        int shift = t.shift();
        for (long done = 0; done < count; ) {
            int k = (int) Math.min(perChunk, count - done);
            int elems = (k * len) >> shift;
            int p = (int) (pos + done * stride);
            tmp.clear();
            if (put) {
                t.put(tmp, array, at, elems);
                scatter(tmp, buf, p, (int) stride, len, k);
            } else {
                gather(buf, p, (int) stride, len, k, tmp);
                t.get(tmp.limit(k * len).position(0), array, at, elems);
            }
            at += elems;
            done += k;
        }
    }

    private static void scatter(ByteBuffer tmp, ByteBuffer buf, int p, int stride, int len, int k) {
        switch (len) {
            case 1 -> { for (int i = 0; i < k; i++, p += stride) buf.put(p, tmp.get(i)); }
            case 2 -> { for (int i = 0; i < k; i++, p += stride) buf.putShort(p, tmp.getShort(i << 1)); }
            case 4 -> { for (int i = 0; i < k; i++, p += stride) buf.putInt(p, tmp.getInt(i << 2)); }
            case 8 -> { for (int i = 0; i < k; i++, p += stride) buf.putLong(p, tmp.getLong(i << 3)); }
            default -> { for (int i = 0, q = 0; i < k; i++, p += stride, q += len) buf.put(p, tmp, q, len); }
        }
    }

    private static void gather(ByteBuffer buf, int p, int stride, int len, int k, ByteBuffer tmp) {
        switch (len) {
            case 1 -> { for (int i = 0; i < k; i++, p += stride) tmp.put(i, buf.get(p)); }
            case 2 -> { for (int i = 0; i < k; i++, p += stride) tmp.putShort(i << 1, buf.getShort(p)); }
            case 4 -> { for (int i = 0; i < k; i++, p += stride) tmp.putInt(i << 2, buf.getInt(p)); }
            case 8 -> { for (int i = 0; i < k; i++, p += stride) tmp.putLong(i << 3, buf.getLong(p)); }
            default -> { for (int i = 0, q = 0; i < k; i++, p += stride, q += len) tmp.put(q, buf, p, len); }
        }
    }
}
