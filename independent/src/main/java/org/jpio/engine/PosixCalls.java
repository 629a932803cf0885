package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The system calls behind a {@link PosixEngineFile}: one per method, no decisions. Two implementations:
 * JNI into {@code libjpio.so} ({@link JniCalls}, any Java) and downcalls through {@code java.lang.foreign}
 * ({@code FfmCalls}, Java 22+, no compiled library). Failures are IOException (EOFException at end of
 * file) whose message carries {@code path=, offset=, length=, errno=}; the caller has checked every
 * argument. Open flags, transfer operations and lock modes are {@link NativeIo}'s constants.
 */
interface PosixCalls {
    int open(String path, int flags) throws IOException;

    void close(int fd, String path) throws IOException;

    long size(int fd, String path) throws IOException;

    void truncate(int fd, String path, long size) throws IOException;

    void sync(int fd, String path, boolean metadata) throws IOException;

    /** posix_fallocate. */
    void allocate(int fd, String path, long position, long length) throws IOException;

    /** lseek(SEEK_HOLE): where the first hole at or after {@code position} starts; {@code position} when it is at or past the end. */
    long holeAt(int fd, String path, long position) throws IOException;

    /** posix_fadvise; {@code advice} is an {@link Advice} ordinal. */
    void advise(int fd, String path, long position, long length, int advice) throws IOException;

    /** fcntl(F_OFD_SETLKW): takes (blocking) or, with LOCK_NONE, releases a byte-range lock. */
    void lock(int fd, String path, long position, long length, int mode) throws IOException;

    /** As {@link NativeIo#transferBuffer}, in native byte order. Returns the bytes moved (-1 at end of file for OP_READ). */
    int transferBuffer(int fd, String path, ByteBuffer buf, int index, int length, long position, int op, int align, ByteBuffer bounce) throws IOException;

    /** As {@link NativeIo#transferArray}; {@code fix} is non-zero only when {@link #fixesArrays()}. */
    int transferArray(int fd, String path, Object array, long byteIndex, int length, long position, int op, int fix, int align, ByteBuffer bounce) throws IOException;

    /**
     * Whether {@link #transferArray} swaps non-native byte orders and normalises booleans itself; if not,
     * such transfers are staged through a direct buffer ({@link Staging}) and only native-order arrays
     * of the seven other types reach {@link #transferArray}.
     */
    boolean fixesArrays();

    /** As {@link NativeIo#transferRuns}; called only when {@link #transfersRuns()}. */
    int transferRuns(int fd, String path, Object array, long[] runs, int n, long position, int op, long unaliasMin, ByteBuffer bounce)
            throws IOException;

    /**
     * Whether {@link #transferRuns} moves stretches of an array with vectored calls; if not, such transfers
     * are staged through a direct buffer ({@link Staging#writeRuns}, {@link Staging#readRuns}).
     */
    boolean transfersRuns();
}
