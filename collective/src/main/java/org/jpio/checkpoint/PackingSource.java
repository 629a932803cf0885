package org.jpio.checkpoint;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;

/**
 * Chunks packed from the arrays when the writer takes them: the owned elements (ghost cells excluded) in C
 * order and native byte order, into pieces of memory reused from chunk to chunk. The writer holds two at a
 * time (one written while the next is packed, {@link ChunkPipeline}), so two pieces of one chunk serve the
 * whole commit; a piece comes back only when its chunk is written. Nothing is copied ahead, so the arrays
 * must not change until the commit is done. Chunks are taken on the pipeline's helper thread and released
 * on the commit's: the free pieces are guarded.
 */
final class PackingSource implements ChunkSource {
    private final Plan plan;
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();

    PackingSource(Plan plan) { this.plan = plan; }

    @Override public Chunk take(int item, long round) {
        Plan.Item it = plan.items().get(item);
        int n = it.count(round);
        int bytes = n * it.array().elementType().size();
        byte[] slab = piece(bytes);
        if (n > 0) it.array().getInterior(round * it.perChunk(), n, ByteBuffer.wrap(slab, 0, bytes).order(ByteOrder.nativeOrder()));
        return new Chunk(slab, bytes, round * it.perChunk());
    }

    /** A free piece of at least {@code bytes}, or a new one (a free piece too small is dropped: the arrays' chunks differ in bytes). */
    private synchronized byte[] piece(int bytes) {
        byte[] s = free.poll();
        return s != null && s.length >= bytes ? s : new byte[bytes];
    }

    @Override public synchronized void release(Chunk c) {
        if (c.slab().length > 0 && free.size() < 2) free.push(c.slab());
    }

    @Override public void drain() { }
}
