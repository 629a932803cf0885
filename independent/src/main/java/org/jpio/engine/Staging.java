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

    private static final int PAGE = 4096;

    /** Page-aligned, one page longer than a chunk, so that a chunk can start anywhere within a page. */
    private static final ThreadLocal<ByteBuffer> BUFFER = ThreadLocal.withInitial(() -> pageAligned(CHUNK + PAGE));

    /**
     * A direct buffer of {@code bytes} starting on a page boundary. Plain allocateDirect memory starts 16
     * bytes into a page (malloc's header), which is exactly where a read from a page-aligned file position
     * falls into the kernel copy's 4K-aliasing trap (see {@link #bufferFor}); buffers that receive large
     * reads are allocated here.
     */
    public static ByteBuffer pageAligned(int bytes) {
        ByteBuffer raw = ByteBuffer.allocateDirect(bytes + PAGE);
        int past = raw.alignmentOffset(0, PAGE);
        return raw.slice(past == 0 ? 0 : PAGE - past, bytes);
    }

    private Staging() { }

    /** This thread's staging buffer, {@link #CHUNK} bytes, cleared. */
    public static ByteBuffer buffer() {
        return BUFFER.get().clear().slice(0, CHUNK);
    }

    /**
     * This thread's staging buffer for a transfer at file {@code position}: it starts half a page away from
     * the position's offset within its page. A copy whose destination lies a few bytes above its source
     * modulo 4 KiB runs 3x slower (4K aliasing: each load seems to wait for the store just issued; see
     * jpio_core.c), and both copies of a staged read are exposed to it: the kernel's, from the page
     * cache into this buffer, and the JVM's, from this buffer into the array, which starts 16 bytes into
     * its block. Half a page keeps both clear; chunks advance by whole pages, so one placement serves a
     * whole transfer.
     */
    static ByteBuffer bufferFor(long position) {
        int at = (int) ((position + PAGE / 2) & (PAGE - 1));
        return BUFFER.get().clear().slice(at, CHUNK);
    }

    static void writeArray(EngineFile f, long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        transfer(f, position, array, type, index, count, order, true);
    }

    static void readArray(EngineFile f, long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        transfer(f, position, array, type, index, count, order, false);
    }

    /** Chunk by chunk through this thread's staging buffer: array to buffer to file, or file to buffer to array. */
    private static void transfer(EngineFile f, long position, Object array, ElementType type, int index, int count, ByteOrder order,
                                 boolean write) throws IOException {
        ByteBuffer buf = bufferFor(position).order(order);
        int per = CHUNK >> type.shift();
        long start = position, length = (long) count << type.shift();
        try {
            while (count > 0) {
                int n = Math.min(per, count);
                buf.clear();
                if (write) {
                    type.put(buf, array, index, n);
                    f.writeFully(position, buf.flip());
                } else {
                    f.readFully(position, buf.limit(n << type.shift()));
                    type.get(buf.flip(), array, index, n);
                }
                position += (long) n << type.shift();
                index += n;
                count -= n;
            }
        } catch (IOException e) {
            throw request(e, write ? "write" : "read", f, start, length);
        }
    }

    /** {@link EngineFile#writeArrayRuns}'s default: the stretches packed into chunks of this thread's buffer, each written in one call. */
    static void writeRuns(EngineFile f, long position, Object array, ElementType type, int[] index, int[] count, int n,
                          ByteOrder order) throws IOException {
        runs(f, position, array, type, index, count, n, order, true);
    }

    /** {@link EngineFile#readArrayRuns}'s default: chunks of this thread's buffer, each read in one call and spread over the stretches. */
    static void readRuns(EngineFile f, long position, Object array, ElementType type, int[] index, int[] count, int n,
                         ByteOrder order) throws IOException {
        runs(f, position, array, type, index, count, n, order, false);
    }

    /** Stretch by stretch through the buffer; a chunk moves when it is full or the stretches end. */
    private static void runs(EngineFile f, long position, Object array, ElementType type, int[] index, int[] count, int n,
                             ByteOrder order, boolean write) throws IOException {
        ByteBuffer buf = bufferFor(position).order(order);
        int shift = type.shift(), per = CHUNK >> shift;
        long start = position, length = 0;
        for (int k = 0; k < n; k++) length += (long) count[k] << shift;
        try {
            int k = 0, at = 0; // the stretch and its elements done
            while (position < start + length) {
                int chunk = (int) Math.min(per, (start + length - position) >> shift);
                buf.clear().limit(chunk << shift);
                if (!write) {
                    f.readFully(position, buf);
                    buf.flip();
                }
                while (buf.hasRemaining()) { // fill from, or spread into, the stretches
                    int m = Math.min(count[k] - at, buf.remaining() >> shift);
                    if (write) type.put(buf, array, index[k] + at, m);
                    else type.get(buf, array, index[k] + at, m);
                    at += m;
                    if (at == count[k]) { k++; at = 0; }
                }
                if (write) f.writeFully(position, buf.flip());
                position += (long) chunk << shift;
            }
        } catch (IOException e) {
            throw request(e, write ? "write" : "read", f, start, length);
        }
    }

    /** A chunk's failure, named by the whole request it belongs to (the chunk's own context stays in the cause text). */
    private static IOException request(IOException e, String op, EngineFile f, long start, long length) {
        if (length <= CHUNK) return e; // one chunk: its context is the request's
        return IoErrors.wrap(e, op, f.path(), start, length);
    }
}
