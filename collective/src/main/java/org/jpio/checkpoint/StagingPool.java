package org.jpio.checkpoint;

import java.util.ArrayDeque;

/**
 * The bounded staging memory of one rank's asynchronous checkpoints: pieces (slabs) of one size, allocated
 * on demand up to the bound and kept for the next checkpoint (a new gigabyte per checkpoint would cost page
 * faults and garbage collection each time). {@link #acquire} waits while the bound is reached and no piece is
 * free; the background writer frees pieces as it writes them, so a checkpoint larger than the bound is copied
 * as it is written.
 */
final class StagingPool {
    private final long bound;
    private final int slabBytes;
    private final int maxSlabs;
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    private int allocated, inUse, peakInUse;
    private long staged, waitedNanos;

    StagingPool(long boundBytes, int slabBytes) {
        this.bound = boundBytes;
        this.slabBytes = slabBytes;
        this.maxSlabs = (int) Math.max(1, Math.min(Integer.MAX_VALUE, boundBytes / slabBytes));
    }

    int slabBytes() { return slabBytes; }

    /** A free piece; waits while all the bound allows are in use. */
    synchronized byte[] acquire() throws InterruptedException {
        if (free.isEmpty() && allocated >= maxSlabs) {
            long t0 = System.nanoTime();
            while (free.isEmpty()) wait();
            waitedNanos += System.nanoTime() - t0;
        }
        byte[] s = free.isEmpty() ? allocate() : free.pop();
        inUse++;
        peakInUse = Math.max(peakInUse, inUse);
        return s;
    }

    private byte[] allocate() {
        allocated++;
        return new byte[slabBytes];
    }

    /** A piece is written (or dropped): free for the next one. */
    synchronized void release(byte[] slab, int bytesStaged) {
        inUse--;
        staged += bytesStaged;
        free.push(slab);
        notifyAll();
    }

    synchronized StagingReport report() {
        return new StagingReport(bound, slabBytes, (long) peakInUse * slabBytes, (long) allocated * slabBytes, staged, waitedNanos);
    }
}
