package org.jpio.async;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Page-aligned direct buffers for the io_uring engine, in power-of-two size classes from 4 KiB, reused
 * because allocating (and zeroing) a direct buffer per request would cost as much as the copy it serves.
 * At most {@code -Djpio.async.poolBytes} (default 256 MiB) of idle buffers are kept; the rest go to the GC.
 */
final class BufferPool {
    static final BufferPool SHARED = new BufferPool(Long.getLong("jpio.async.poolBytes", 256L << 20));
    private static final int MIN_SHIFT = 12;

    private final long maxIdle;
    private final AtomicLong idle = new AtomicLong();
    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedDeque<ByteBuffer>[] classes = new ConcurrentLinkedDeque[32];

    BufferPool(long maxIdle) {
        this.maxIdle = maxIdle;
        for (int i = 0; i < classes.length; i++) classes[i] = new ConcurrentLinkedDeque<>();
    }

    private static int classOf(int bytes) {
        return Math.max(MIN_SHIFT, 32 - Integer.numberOfLeadingZeros(Math.max(1, bytes) - 1));
    }

    /** A cleared, aligned buffer of at least {@code bytes}, its limit set to {@code bytes}. */
    ByteBuffer take(int bytes) {
        int c = classOf(bytes);
        ByteBuffer b = classes[c].pollFirst();
        if (b != null) idle.addAndGet(-b.capacity());
        else b = ByteBuffer.allocateDirect((1 << c) + AsyncOptions.DIRECT_ALIGNMENT - 1).alignedSlice(AsyncOptions.DIRECT_ALIGNMENT);
        b.clear().limit(bytes);
        return b;
    }

    void give(ByteBuffer b) {
        int c = classOf(b.capacity()); // aligned slices of (2^c + 4095) bytes are exactly 2^c long
        if (idle.addAndGet(b.capacity()) > maxIdle) {
            idle.addAndGet(-b.capacity());
            return;
        }
        classes[c].offerFirst(b);
    }
}
