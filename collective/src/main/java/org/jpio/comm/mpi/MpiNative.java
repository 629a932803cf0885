package org.jpio.comm.mpi;

/**
 * The JNI entry points of the MPI bridge's communicator half (native/src/main/c/mpi/comm.c). Handles are
 * Fortran communicator handles (MPI_Comm_c2f) in a long; offsets are in bytes; {@code type} is
 * {@code ElementType.ordinal()}; {@code op} indexes SUM, MIN, MAX, BOR, BAND, LOR, LAND. Arguments are
 * checked by the caller: C trusts them. {@code number} is the communicator's call number, which the
 * collective leaves in this thread's wait slot for the watchdog (watch.h); the side channel and the exit
 * path are control.c's.
 */
final class MpiNative {
    private MpiNative() { }

    /** MPI_Init_thread(MPI_THREAD_MULTIPLE) unless MPI is initialised; returns the provided level. */
    static native int init();
    static native boolean initialisedHere();
    static native int threadMultiple();
    /** Prints {@code message} (one line, stderr) and ends every process of the job: MPI_Abort(MPI_COMM_WORLD, status). */
    static native void abortWorld(int status, String message);
    /** Why this process will exit with a non-zero status, for the message of the exit path. */
    static native void exitReason(String reason);

    /** MPI_Get_library_version's first line; callable before MPI_Init. */
    static native String libraryVersion();

    static native long world();
    static native long fromOpenMpiHandle(long pointer);
    static native int rank(long comm);
    static native int size(long comm);
    static native String processorName();

    static native void barrier(long comm, int number);
    static native void bcast(long comm, int number, Object buf, long off, int count, int type, int root);
    static native void allgather(long comm, int number, Object send, long sOff, int count, Object recv, long rOff, int type);
    static native void allgatherv(long comm, int number, Object send, long sOff, int count, Object recv, int[] counts, int[] displs, int type);
    static native void alltoallv(long comm, int number, Object send, int[] sendCounts, int[] sendDispls,
                                 Object recv, int[] recvCounts, int[] recvDispls, int type);
    static native void alltoallvPieces(long comm, int number, Object array, int[] counts, int[] displs, java.nio.ByteBuffer buffer,
                                       int[] pieceCounts, int[] pieceDispls, long[] pieces, int type, boolean toBuffer);
    static native void allreduce(long comm, int number, Object send, Object recv, int count, int type, int op);
    static native void sendrecv(long comm, int number, Object send, long sOff, int sCount, int dest,
                                Object recv, long rOff, int rCount, int source, int type);
    /** The new communicator's handle, or -1 for MPI_COMM_NULL (negative color). */
    static native long split(long comm, int number, int color, int key);
    /** MPI_Comm_dup's handle. */
    static native long dup(long comm, int number);
    static native void free(long comm, int number);

    /** A shared-memory window's Fortran handle (shared.c), or -1 when the ranks are not all on one node. */
    static native long allocateShared(long comm, int number, long bytes);
    static native long sharedSize(long win, int rank);
    static native java.nio.ByteBuffer sharedPart(long win, int rank, long offset, int length);
    static native void sharedSync(long win, long comm, int number);
    static native void freeShared(long win, long comm, int number);

    /** A window of {@code slots} 64-bit counters on rank 0 (counter.c), collective; its Fortran handle. */
    static native long allocateCounters(long comm, int slots);
    /** Atomically adds {@code value} to (or, with {@code replace}, sets) counter {@code slot}; its value before. */
    static native long counterUpdate(long win, int slot, long value, boolean replace);
    static native void freeCounters(long win);

    // ---- the watchdog (watch.c, control.c) ------------------------------------------------------------

    /** The active wait slots, 6 longs each (slot, seq, comm, number, op, bytes) into {@code out}; returns how many. */
    static native int waits(long[] out);
    /** Throttles wait {@code seq} of {@code slot}: a nap of {@code napNanos} after each {@code sliceNanos} of its processor time. */
    static native boolean throttle(int slot, int seq, long napNanos, long sliceNanos);
    /** Creates the side channel (a duplicate of MPI_COMM_WORLD): collective over MPI_COMM_WORLD. */
    static native boolean controlInit();
    static native void controlSend(int worldRank, int tag, byte[] message);
    /** One message of the side channel into {@code buf}, {@code info} = source, tag, length; false when none waits. */
    static native boolean controlPoll(byte[] buf, int[] info);
    /** The MPI_COMM_WORLD rank of each rank of {@code comm}. */
    static native int[] worldRanks(long comm);
}
