package org.jpio.checkpoint;

import java.io.IOException;

/**
 * Where the writer of a commit takes each rank's bytes from, chunk by chunk in the order it writes them:
 * packed on demand from the arrays themselves ({@link PackingSource}: synchronous commits, and asynchronous
 * ones whose caller keeps the arrays untouched), or from copies staged when {@code commitAsync} was called
 * ({@link StagedSource}).
 */
interface ChunkSource {
    /**
     * The bytes of chunk {@code round} of array {@code item} of the plan: owned elements from {@code from},
     * native byte order, in {@code slab[0..length)}; empty past this rank's last chunk.
     */
    record Chunk(byte[] slab, int length, long from) { }

    Chunk take(int item, long round) throws IOException;

    /** The chunk is written: its memory may be reused. */
    void release(Chunk c);

    /** After a failure: drops every chunk not yet taken, so that a producer waiting for room goes on to its end. */
    void drain();
}
