package org.jpio.comm.local;

import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import org.jpio.engine.Staging;

/**
 * Page-aligned direct buffers left by finished {@link LocalComm#run}s, for the shared memory of later
 * runs. Allocating (and zeroing) an aggregator's two 16 MiB cycle buffers costs more than a 64 MiB
 * two-phase write, and a program, benchmark or test suite that runs LocalComm bodies one after another
 * would pay it in every run; an MPI process keeps its window for the life of the communicator instead.
 * Held softly, a few at most, so the JVM may reclaim them.
 */
final class SpareMemory {
    private static final int KEEP = 8;
    private static final Deque<SoftReference<ByteBuffer>> SPARE = new ArrayDeque<>();

    private SpareMemory() { }

    /** A page-aligned buffer of exactly {@code bytes}: a spare one when there is, else a new one. */
    static ByteBuffer take(int bytes) {
        synchronized (SPARE) {
            for (Iterator<SoftReference<ByteBuffer>> it = SPARE.iterator(); it.hasNext(); ) {
                ByteBuffer b = it.next().get();
                if (b == null) it.remove();
                else if (b.capacity() == bytes) {
                    it.remove();
                    return b.clear();
                }
            }
        }
        return Staging.pageAligned(bytes);
    }

    /** {@code b} is no longer used by anyone (its run has ended). */
    static void give(ByteBuffer b) {
        if (b.capacity() == 0) return;
        synchronized (SPARE) {
            SPARE.addFirst(new SoftReference<>(b));
            while (SPARE.size() > KEEP) SPARE.removeLast();
        }
    }
}
