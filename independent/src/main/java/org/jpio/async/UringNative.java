package org.jpio.async;

import java.io.IOException;
import java.nio.ByteBuffer;

/** The JNI entry points of libjpiouring (native/src/main/c/uring/jpio_uring.c). Callers load the library first. */
final class UringNative {
    static final int OP_READ = 0, OP_WRITE = 1, OP_FSYNC = 2, OP_FDATASYNC = 3, OP_CANCEL = 4, OP_NOP = 5;
    static final int ECANCELED = 125, EINTR = 4;

    private UringNative() { }

    /** 0 when io_uring works here with the needed opcodes, else -errno. */
    static native int probe();

    /** A new ring of {@code entries} submission entries; the handle is freed by {@link #destroy}. */
    static native long create(int entries, String path) throws IOException;

    static native void destroy(long ring);

    static native int open(String path, boolean write, boolean create, boolean createNew, boolean truncate, boolean direct) throws IOException;

    static native void close(int fd) throws IOException;

    static native long size(int fd) throws IOException;

    /** Queues one operation (buf: a direct buffer or null; for OP_CANCEL {@code position} is the target's user data). */
    static native int submit(long ring, int op, int fd, ByteBuffer buf, int bufPos, int len, long position, long userData);

    /** Waits for one completion, drains up to the arrays' length; count or -errno. */
    static native int reap(long ring, long[] userData, int[] res);

    /** The IOException jpio_throw_errno would throw, returned (the one errno mapping). */
    static native IOException errnoException(int errno, String op, String path, long position, long length);
}
