package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The JNI entry points of {@code libjpio.so} (native/src/main/c/core/jpio_core.c). One syscall each; a
 * failure throws IOException (EOFException at end of file) whose message carries path, offset= (the position), length and
 * errno. Callers have validated every argument and must not call before the library loaded.
 */
final class NativeIo {
    /** Open flags: portable bits, mapped to the platform's O_* values in C. */
    static final int O_READ = 1, O_WRITE = 2, O_CREATE = 4, O_CREATE_NEW = 8, O_TRUNCATE = 16, O_DIRECT = 32;
    /** Transfer operations: read all or fail with EOF, write all, read what is there (-1 at end of file). */
    static final int OP_READ_FULLY = 0, OP_WRITE = 1, OP_READ = 2;
    /** Lock modes for {@link #lock}. */
    static final int LOCK_NONE = 0, LOCK_SHARED = 1, LOCK_EXCLUSIVE = 2;

    private NativeIo() { }

    static native int open(String path, int flags) throws IOException;

    static native void close(int fd, String path) throws IOException;

    static native long size(int fd, String path) throws IOException;

    static native void truncate(int fd, String path, long size) throws IOException;

    static native void sync(int fd, String path, boolean metadata) throws IOException;

    /** posix_fallocate. */
    static native void allocate(int fd, String path, long position, long length) throws IOException;

    /** lseek(SEEK_HOLE): where the first hole at or after {@code position} starts (the end of the file counts as one). */
    static native long holeAt(int fd, String path, long position) throws IOException;

    /** posix_fadvise; {@code advice} is an {@link Advice} ordinal. */
    static native void advise(int fd, String path, long position, long length, int advice) throws IOException;

    /** fcntl(F_OFD_SETLKW): takes (blocking) or, with LOCK_NONE, releases a byte-range lock. */
    static native void lock(int fd, String path, long position, long length, int mode) throws IOException;

    /**
     * pread/pwrite of {@code length} bytes at {@code buf}'s byte {@code index} (a direct buffer); see
     * {@link #transferArray} for the rest. Returns the bytes moved.
     */
    static native int transferBuffer(int fd, String path, ByteBuffer buf, int index, int length, long position,
                                     int op, int fix, int align, ByteBuffer bounce) throws IOException;

    /**
     * pread/pwrite of {@code length} bytes of a primitive array from its byte {@code byteIndex}, the array
     * pinned (no copy). {@code fix}: 0 none, 1 boolean (reads normalise to 0/1), 2/4/8 reverse the bytes of
     * each element of that size (non-native order; writes go through {@code bounce}, never touching the
     * array). {@code align} &gt; 0: the descriptor is O_DIRECT and position and length are multiples of it;
     * unaligned memory then goes through {@code bounce} (aligned, capacity a multiple of align).
     * Returns the bytes moved; for OP_READ fewer at end of file, -1 if none.
     */
    static native int transferArray(int fd, String path, Object array, long byteIndex, int length, long position,
                                    int op, int fix, int align, ByteBuffer bounce) throws IOException;

    /**
     * pwritev (OP_WRITE) or preadv (OP_READ_FULLY) of {@code n} stretches of a primitive array, pinned, over
     * the file range at {@code position}: stretch k is {@code runs[2k+1]} bytes from the array's byte
     * {@code runs[2k]}. At most {@link PosixEngineFile#RUNS} stretches; native order, no booleans, no
     * O_DIRECT descriptor. A read's stretch of at least {@code unaliasMin} bytes whose place is aliased to
     * its file offset goes through {@code bounce} (null: none does), as {@link #transferArray}'s reads.
     * Returns the bytes moved.
     */
    static native int transferRuns(int fd, String path, Object array, long[] runs, int n, long position, int op, long unaliasMin,
                                   ByteBuffer bounce) throws IOException;
}
