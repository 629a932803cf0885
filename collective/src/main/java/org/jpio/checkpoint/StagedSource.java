package org.jpio.checkpoint;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Chunks copied into staging memory by the caller of {@code commitAsync} ({@link #stage}) and taken by the
 * background writer in the same order. The queue ends with a marker, after the last chunk or after a
 * failure of the copy, which the writer reports as this rank's failure of the commit (through the
 * collective agreement, so every rank's future fails alike).
 */
final class StagedSource implements ChunkSource {
    private static final Object END = new Object();

    private record Failed(Throwable cause) { }

    private final Plan plan;
    private final StagingPool pool;
    private final LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>();
    private boolean ended;

    StagedSource(Plan plan, StagingPool pool) {
        this.plan = plan;
        this.pool = pool;
    }

    /** Copies every owned element of every array into staging, waiting for room when the bound is reached. */
    void stage() {
        long t0 = System.nanoTime(), w0 = pool.waitedNanos();
        try {
            for (Plan.Item it : plan.items()) {
                int size = it.array().elementType().size();
                for (int r = 0; r < it.localChunks(); r++) {
                    int n = it.count(r);
                    byte[] slab = pool.acquire(n * size);
                    it.array().getInterior((long) r * it.perChunk(), n, ByteBuffer.wrap(slab, 0, n * size).order(ByteOrder.nativeOrder()));
                    queue.add(new Chunk(slab, n * size, (long) r * it.perChunk()));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            queue.add(new Failed(e));
        } catch (RuntimeException | Error e) { // delivered through the commit's future, on every rank
            queue.add(new Failed(e));
        } finally {
            queue.add(END);
            pool.copied(System.nanoTime() - t0 - (pool.waitedNanos() - w0));
        }
    }

    @Override public Chunk take(int item, long round) throws IOException {
        Plan.Item it = plan.items().get(item);
        if (round >= it.localChunks()) return new Chunk(new byte[0], 0, it.array().localCount());
        Object o = next();
        if (o instanceof Failed f) throw new IOException("staging the arrays of checkpoint step=" + plan.step() + " failed: " + f.cause(), f.cause());
        if (o == END) throw new IllegalStateException("staging ended before chunk " + round + " of array " + it.name());
        return (Chunk) o;
    }

    @Override public void release(Chunk c) {
        if (c.slab().length > 0) pool.release(c.slab(), c.length());
    }

    @Override public void drain() {
        try {
            while (!ended) {
                Object o = next();
                if (o instanceof Chunk c) release(c);
            }
        } catch (InterruptedIOException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Object next() throws InterruptedIOException {
        try {
            Object o = queue.take();
            if (o == END) ended = true;
            return o;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for staged data of checkpoint step=" + plan.step());
        }
    }
}
