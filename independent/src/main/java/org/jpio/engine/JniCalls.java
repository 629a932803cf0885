package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;

/** {@link PosixCalls} through JNI: {@link NativeIo}'s natives in {@code libjpio.so}, which also swap and normalise. */
final class JniCalls implements PosixCalls {
    static final JniCalls INSTANCE = new JniCalls();

    private JniCalls() { }

    @Override public int open(String path, int flags) throws IOException { return NativeIo.open(path, flags); }
    @Override public void close(int fd, String path) throws IOException { NativeIo.close(fd, path); }
    @Override public long size(int fd, String path) throws IOException { return NativeIo.size(fd, path); }
    @Override public void truncate(int fd, String path, long size) throws IOException { NativeIo.truncate(fd, path, size); }
    @Override public void sync(int fd, String path, boolean metadata) throws IOException { NativeIo.sync(fd, path, metadata); }

    @Override public void allocate(int fd, String path, long position, long length) throws IOException {
        NativeIo.allocate(fd, path, position, length);
    }

    @Override public long holeAt(int fd, String path, long position) throws IOException {
        return NativeIo.holeAt(fd, path, position);
    }

    @Override public void advise(int fd, String path, long position, long length, int advice) throws IOException {
        NativeIo.advise(fd, path, position, length, advice);
    }

    @Override public void lock(int fd, String path, long position, long length, int mode) throws IOException {
        NativeIo.lock(fd, path, position, length, mode);
    }

    @Override public int transferBuffer(int fd, String path, ByteBuffer buf, int index, int length, long position, int op, int align,
                                        ByteBuffer bounce) throws IOException {
        return NativeIo.transferBuffer(fd, path, buf, index, length, position, op, 0, align, bounce);
    }

    @Override public int transferArray(int fd, String path, Object array, long byteIndex, int length, long position, int op, int fix,
                                       int align, ByteBuffer bounce) throws IOException {
        return NativeIo.transferArray(fd, path, array, byteIndex, length, position, op, fix, align, bounce);
    }

    @Override public boolean fixesArrays() { return true; }

    @Override public int transferRuns(int fd, String path, Object array, long[] runs, int n, long position, int op, long unaliasMin,
                                      ByteBuffer bounce) throws IOException {
        return NativeIo.transferRuns(fd, path, array, runs, n, position, op, unaliasMin, bounce);
    }

    @Override public boolean transfersRuns() { return true; }
}
