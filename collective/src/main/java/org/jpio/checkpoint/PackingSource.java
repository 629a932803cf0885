package org.jpio.checkpoint;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Chunks packed from the arrays when the writer takes them, into one reused piece of memory: the owned
 * elements (ghost cells excluded) in C order and native byte order. Nothing is copied ahead, so the arrays
 * must not change until the commit is done.
 */
final class PackingSource implements ChunkSource {
    private final Plan plan;
    private byte[] slab;

    PackingSource(Plan plan) { this.plan = plan; }

    @Override public Chunk take(int item, long round) {
        Plan.Item it = plan.items().get(item);
        int n = it.count(round);
        int bytes = n * it.array().elementType().size();
        if (slab == null || slab.length < bytes) slab = new byte[Math.max(bytes, slab == null ? 0 : slab.length)];
        if (n > 0) it.array().getInterior(round * it.perChunk(), n, ByteBuffer.wrap(slab, 0, bytes).order(ByteOrder.nativeOrder()));
        return new Chunk(slab, bytes, round * it.perChunk());
    }

    @Override public void release(Chunk c) { }

    @Override public void drain() { }
}
