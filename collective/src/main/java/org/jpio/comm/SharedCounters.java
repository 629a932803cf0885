package org.jpio.comm;

/**
 * 64-bit counters every rank of a communicator updates atomically on its own, while the other ranks do
 * something else (MPI-3 one-sided atomics on a window of rank 0 for MPI processes; atomics in the heap for
 * ranks that are threads): where ParallelFile keeps MPI-IO's shared file pointers. One table per
 * communicator ({@link Comm#counters}); a file takes a slot at open ({@link #nextSlot}: every rank opens
 * files in the same order, so every rank takes the same slot) and leaves it at 0 at close.
 */
public interface SharedCounters {
    /** How many slots the table has; slots are reused in turn. */
    int capacity();

    /** The slot for the next file opened on the communicator: the same on every rank. Local. */
    int nextSlot();

    /** Atomically adds {@code delta} to counter {@code slot}; returns its value before. */
    long fetchAndAdd(int slot, long delta);

    /** Atomically sets counter {@code slot} to {@code value}; returns its value before. */
    long getAndSet(int slot, long value);
}
