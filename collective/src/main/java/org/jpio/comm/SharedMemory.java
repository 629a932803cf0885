package org.jpio.comm;

import java.nio.ByteBuffer;

/**
 * Memory every rank of a communicator reads and writes directly (MPI-3 shared-memory windows,
 * MPI_Win_allocate_shared): each rank owns one part, and any rank may address any part. A part starts on a
 * page boundary (a large read into it then never lands 4K-aliased to its page-cache source). Obtained from
 * {@link Comm#shared}, which keeps it for the communicator's next calls; the communicator frees it.
 */
public interface SharedMemory {
    /** Bytes of rank {@code rank}'s part. */
    long size(int rank);

    /**
     * {@code length} bytes of rank {@code rank}'s part from {@code offset}, as a direct buffer in native
     * order: a view of the shared memory, not a copy.
     */
    ByteBuffer part(int rank, long offset, int length);

    /**
     * Collective: every rank's stores to the memory before the call are seen by every rank's loads after
     * it (MPI_Win_sync, MPI_Barrier, MPI_Win_sync).
     */
    void sync();
}
