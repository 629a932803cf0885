package org.jpio.parallel;

import org.jpio.comm.Comm;
import org.jpio.comm.SharedCounters;

/**
 * MPI-IO's shared file pointer of one open file, in etypes of the current view: one counter of the
 * communicator's table ({@link Comm#counters}), so a rank moves it atomically on its own (readShared,
 * writeShared) and the ordered routines move it once for all ranks, in rank order. ROMIO keeps it in a
 * hidden file under a lock; a counter the ranks share needs no file and no lock.
 */
final class SharedPointer {
    private final Comm comm;
    private final SharedCounters counters;
    private final int slot;

    /** Collective (the communicator's table is made by its first file). */
    SharedPointer(Comm comm) {
        this.comm = comm;
        this.counters = comm.counters();
        this.slot = counters == null ? -1 : counters.nextSlot();
    }

    private SharedCounters counters(String op) {
        if (counters == null)
            throw new UnsupportedOperationException(op + ": no shared file pointer: " + comm.countersUnavailable());
        return counters;
    }

    /** Takes {@code etypes} for this rank: the offset they start at. Local, atomic. */
    long take(String op, long etypes) { return counters(op).fetchAndAdd(slot, etypes); }

    /** MPI_File_get_position_shared. Local. */
    long position(String op) { return counters(op).fetchAndAdd(slot, 0); }

    /**
     * Collective: the offset where this rank's {@code etypes} start in rank order (MPI_File_write_ordered),
     * the pointer moving past all of them: one allgather of the counts, one update by rank 0, one bcast.
     */
    long ordered(String op, long etypes, Comm on) {
        counters(op); // every rank alike: none waits in the bcast for a rank 0 that threw
        long[] counts = on.allgather(etypes);
        long before = 0, total = 0;
        for (int r = 0; r < counts.length; r++) {
            if (r < on.rank()) before += counts[r];
            total += counts[r];
        }
        long[] base = {on.rank() == 0 ? counters(op).fetchAndAdd(slot, total) : 0};
        on.bcast(base, 0, 1, 0);
        return base[0] + before;
    }

    /** Rank 0 sets the pointer (the caller agrees afterwards, so no rank uses it before). */
    void set(String op, long offset) {
        if (comm.rank() == 0 && counters != null) counters(op).getAndSet(slot, offset);
    }
}
