package org.jpio.comm.mpi;

/**
 * The JNI entry points of libjpiompi.so's communicator bridge (native/src/main/c/mpi/comm.c). Handles are
 * Fortran communicator handles (MPI_Comm_c2f) in a long; offsets are in bytes; {@code type} is
 * {@code ElementType.ordinal()}; {@code op} indexes SUM, MIN, MAX, BOR, BAND, LOR, LAND. Arguments are
 * checked by the caller: C trusts them.
 */
final class MpiNative {
    private MpiNative() { }

    /** MPI_Init_thread(MPI_THREAD_MULTIPLE) unless MPI is initialised; returns the provided level. */
    static native int init();
    static native boolean initialisedHere();
    static native int threadMultiple();
    static native void finalizeIfInitialisedHere();
    /** MPI_Abort(MPI_COMM_WORLD, code): ends every rank of the job. */
    static native void abortWorld(int code);

    static native long world();
    static native long fromOpenMpiHandle(long pointer);
    static native int rank(long comm);
    static native int size(long comm);
    static native String processorName();

    static native void barrier(long comm);
    static native void bcast(long comm, Object buf, long off, int count, int type, int root);
    static native void allgather(long comm, Object send, long sOff, int count, Object recv, long rOff, int type);
    static native void allgatherv(long comm, Object send, long sOff, int count, Object recv, int[] counts, int[] displs, int type);
    static native void alltoallv(long comm, Object send, int[] sendCounts, int[] sendDispls,
                                 Object recv, int[] recvCounts, int[] recvDispls, int type);
    static native void alltoallvPieces(long comm, Object array, int[] counts, int[] displs, java.nio.ByteBuffer buffer,
                                       int[] pieceCounts, int[] pieceDispls, long[] pieces, int type, boolean toBuffer);
    static native void allreduce(long comm, Object send, Object recv, int count, int type, int op);
    static native void sendrecv(long comm, Object send, long sOff, int sCount, int dest,
                                Object recv, long rOff, int rCount, int source, int type);
    /** The new communicator's handle, or -1 for MPI_COMM_NULL (negative color). */
    static native long split(long comm, int color, int key);
    /** MPI_Comm_dup's handle. */
    static native long dup(long comm);
    static native void free(long comm);

    /** A shared-memory window's Fortran handle (shared.c), or -1 when the ranks are not all on one node. */
    static native long allocateShared(long comm, long bytes);
    static native long sharedSize(long win, int rank);
    static native java.nio.ByteBuffer sharedPart(long win, int rank, long offset, int length);
    static native void sharedSync(long win, long comm);
    static native void freeShared(long win);

    /** A window of {@code slots} 64-bit counters on rank 0 (counter.c), collective; its Fortran handle. */
    static native long allocateCounters(long comm, int slots);
    /** Atomically adds {@code value} to (or, with {@code replace}, sets) counter {@code slot}; its value before. */
    static native long counterUpdate(long win, int slot, long value, boolean replace);
    static native void freeCounters(long win);
}
