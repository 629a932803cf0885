package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jpio.io.ElementType;

/**
 * The generic array transfer: copy between the Java array and a per-thread direct buffer (one bulk
 * view copy, byte-swapping on the way when the order is not native) and move the buffer with the
 * engine's ByteBuffer calls. The buffer is small on purpose: it stays in the CPU cache, so the extra copy
 * costs little next to the kernel's copy into the page cache.
 */
public final class Staging {
    /** Bytes per staged transfer; {@code -Djpio.nio.chunk=BYTES} overrides (a multiple of 8). */
    public static final int CHUNK = Math.max(4096, Integer.getInteger("jpio.nio.chunk", 256 * 1024) & ~7);

    private static final ThreadLocal<ByteBuffer> BUFFER =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(CHUNK));

    private Staging() { }

    /** This thread's staging buffer, cleared. */
    public static ByteBuffer buffer() {
        return BUFFER.get().clear();
    }

    static void writeArray(EngineFile f, long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        ByteBuffer buf = buffer().order(order);
        int per = CHUNK >> type.shift();
        while (count > 0) {
            int n = Math.min(per, count);
            buf.clear();
            type.put(buf, array, index, n);
            buf.flip();
            f.writeFully(position, buf);
            position += (long) n << type.shift();
            index += n;
            count -= n;
        }
    }

    static void readArray(EngineFile f, long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        ByteBuffer buf = buffer().order(order);
        int per = CHUNK >> type.shift();
        while (count > 0) {
            int n = Math.min(per, count);
            buf.clear().limit(n << type.shift());
            f.readFully(position, buf);
            buf.flip();
            type.get(buf, array, index, n);
            position += (long) n << type.shift();
            index += n;
            count -= n;
        }
    }
}
