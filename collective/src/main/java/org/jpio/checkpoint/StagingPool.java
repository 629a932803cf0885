package org.jpio.checkpoint;

import java.util.ArrayList;
import java.util.List;

/**
 * The bounded staging memory of one rank's asynchronous checkpoints: pieces (slabs) of at most one chunk,
 * allocated on demand while the bytes they hold stay within the bound, and kept for the next checkpoint
 * (a new gigabyte per checkpoint would cost page faults and garbage collection each time). {@link #acquire}
 * waits while the bound is reached and no free piece is large enough; the background writer frees pieces as
 * it writes them, so a checkpoint larger than the bound is copied as it is written. Free pieces too small for
 * a request are dropped to make room for one that fits.
 */
final class StagingPool {
    private final long bound;
    private final int largest;
    private final List<byte[]> free = new ArrayList<>();
    private long allocated, inUse, peakInUse, staged, waitedNanos, copyNanos;

    /** At most {@code boundBytes} of pieces of at most {@code largestBytes} (the chunk; not above the bound). */
    StagingPool(long boundBytes, int largestBytes) {
        if (largestBytes > boundBytes) throw new IllegalArgumentException("staging piece of " + largestBytes + " bytes exceeds the bound of " + boundBytes);
        this.bound = boundBytes;
        this.largest = largestBytes;
    }

    /** A free piece of at least {@code bytes}; waits while the bound leaves no room for one. */
    synchronized byte[] acquire(int bytes) throws InterruptedException {
        if (bytes > largest) throw new IllegalArgumentException("staging piece of " + bytes + " bytes exceeds the chunk of " + largest);
        long t0 = 0;
        while (true) {
            byte[] s = take(bytes);
            if (s != null) {
                inUse += s.length;
                peakInUse = Math.max(peakInUse, inUse);
                if (t0 != 0) waitedNanos += System.nanoTime() - t0;
                return s;
            }
            if (t0 == 0) t0 = System.nanoTime();
            wait();
        }
    }

    /** The smallest free piece that fits; else a new one if the bound allows (after dropping free pieces too small); else null. */
    private byte[] take(int bytes) {
        int best = -1;
        for (int i = 0; i < free.size(); i++)
            if (free.get(i).length >= bytes && (best < 0 || free.get(i).length < free.get(best).length)) best = i;
        if (best >= 0) return free.remove(best);
        if (allocated + bytes > bound) {
            for (byte[] f : free) allocated -= f.length;
            free.clear();
        }
        if (allocated + bytes > bound) return null;
        allocated += bytes;
        return new byte[bytes];
    }

    /** Allocates free pieces of one chunk until {@code bytes} (at most the bound) are held: their page faults happen now. */
    synchronized void reserve(long bytes) {
        long want = Math.min(bytes, bound);
        while (allocated + largest <= want) {
            free.add(new byte[largest]);                   // the JVM zeroes it: its pages are mapped now, not in the caller's loop
            allocated += largest;
        }
    }

    /** A piece is written (or dropped): free for the next one. */
    synchronized void release(byte[] slab, int bytesStaged) {
        inUse -= slab.length;
        staged += bytesStaged;
        free.add(slab);
        notifyAll();
    }

    /** The caller's time waiting for room so far (the copy's time is what stage takes beyond it). */
    synchronized long waitedNanos() { return waitedNanos; }

    /** {@code nanos} more of the caller's time copying arrays into staging, waits for room excluded. */
    synchronized void copied(long nanos) { copyNanos += nanos; }

    synchronized StagingReport report(AsyncChoice async, long[] writerCpu) {
        return new StagingReport(bound, largest, peakInUse, allocated, staged, waitedNanos, copyNanos, async, writerCpu[0], writerCpu[1]);
    }
}
