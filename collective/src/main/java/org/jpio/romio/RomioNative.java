package org.jpio.romio;

/**
 * The MPI-IO half of jpio's MPI bridge ({@code libjpiompi-<abi>.so}, {@code native/src/main/c/mpi/romio*.c}). One
 * native per MPI call, nothing decided in C.
 *
 * <p>Conventions (see {@code romio.h}): MPI objects are their Fortran handles (MPI_File_c2f and
 * friends) zero-extended into a {@code long}, so they are in {@code [0, 2^32)} and portable between Open
 * MPI and MPICH. A native returning {@code long} returns a handle or a count on success and
 * {@code -code} on failure (MPI error codes are positive); one returning {@code int} returns the MPI
 * error code (0 = MPI_SUCCESS). {@link RomioErrors} turns codes into exceptions.
 *
 * <p>Transfer op codes are {@code write | at << 1 | all << 2} ({@link Xfer#code()}).
 */
final class RomioNative {
    /** What {@link #testRequest} returns while the request is in flight. */
    static final long NOT_DONE = Long.MIN_VALUE;

    private RomioNative() { }

    static native boolean initialized();
    static native boolean hasNonblockingCollective();
    static native String libraryVersion();
    static native String errorString(int code);
    static native int errorClass(int code);
    static native long commRank(long comm);
    static native long commWorld();

    static native long open(long comm, String path, int amode, String[] keys, String[] values);
    static native int close(long fh);
    static native int delete(String path, String[] keys, String[] values);
    static native int setView(long fh, long disp, long etype, long filetype, String datarep, String[] keys, String[] values);
    static native long getSize(long fh);
    static native int setSize(long fh, long size);
    static native int preallocate(long fh, long size);
    static native int sync(long fh);
    static native int setAtomicity(long fh, boolean on);
    static native int seek(long fh, long offset, int whence);
    static native long getPosition(long fh);
    static native String[] getInfo(long fh, int[] rc);

    static native long xferArray(int op, long fh, long offset, Object array, long byteOffset, int count, long type);
    static native long xferBuffer(int op, long fh, long offset, java.nio.ByteBuffer buffer, long byteOffset, int count, long type);
    static native long istart(int op, long fh, long offset, java.nio.ByteBuffer buffer, long byteOffset, int count, long type);
    static native long waitRequest(long request);
    static native long testRequest(long request);

    static native long elementType(int ordinal);
    static native long byteType();
    static native long typeContiguous(int count, long old);
    static native long typeVector(int count, int blocklen, int stride, long old);
    static native long typeHvector(int count, int blocklen, long strideBytes, long old);
    static native long typeIndexed(int[] blocklens, int[] displs, long old);
    static native long typeHindexed(int[] blocklens, long[] displsBytes, long old);
    static native long typeSubarray(int[] sizes, int[] subsizes, int[] starts, boolean fortranOrder, long old);
    static native long typeDarray(int size, int rank, int[] gsizes, int[] distribs, int[] dargs, int[] psizes, boolean fortranOrder, long old);
    static native long typeResized(long old, long lb, long extent);
    static native int typeCommit(long type);
    static native int typeFree(long type);
    static native long typeSize(long type);
    static native int typeExtent(long type, long[] lbExtent);
}
