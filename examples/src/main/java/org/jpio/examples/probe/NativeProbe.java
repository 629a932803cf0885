package org.jpio.examples.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JNI probe ({@code native/src/main/c/bench/jni_probe.c}, {@code libjpiobench.so}): the C buffer of
 * {@code probe.h} driven from Java one call per byte or per operation. The C side keeps the file
 * descriptor and buffer behind {@link #handle}; {@link #readByteNaive} looks the handle up from this object
 * on every call (GetObjectClass, GetFieldID, GetLongField), the others are passed it.
 */
final class NativeProbe implements AutoCloseable {
    static final int READ = 0, WRITE = 1, DUMMY = 2;
    private static final String UNAVAILABLE = load();

    /** Read by jni_probe.c's readByteNaive by name: do not rename. */
    private final long handle;

    private NativeProbe(long handle) {
        this.handle = handle;
    }

    /** Why the library cannot be used here, or null. */
    static String unavailable() { return UNAVAILABLE; }

    private static String load() {
        String dir = System.getProperty("jpio.native.dir");
        if (dir == null) return "jpio.native.dir is not set (run through bin/jpio)";
        Path lib = Path.of(dir, "libjpiobench.so");
        if (!Files.isRegularFile(lib)) return lib + " is missing (build native/ with make -C native)";
        try {
            System.load(lib.toAbsolutePath().toString());
            return null;
        } catch (UnsatisfiedLinkError e) {
            return "cannot load " + lib + ": " + e.getMessage();
        }
    }

    /** Opens a probe over {@code file}: a {@code size}-byte buffer, mode READ, WRITE or DUMMY (hands out {@code bytes} without reading). */
    static NativeProbe open(Path file, int size, int mode, long bytes) throws IOException {
        if (UNAVAILABLE != null) throw new IllegalStateException("JNI probe unavailable: " + UNAVAILABLE);
        return new NativeProbe(open0(file.toString(), size, mode, bytes));
    }

    int readByte() throws IOException { return readByte0(handle); }

    native int readByteNaive() throws IOException;

    int get(byte[] dst, int off, int len) throws IOException { return get0(handle, dst, off, len); }

    void put(byte[] src, int off, int len) throws IOException { put0(handle, src, off, len); }

    int pread1() throws IOException { return pread1(handle); }

    @Override
    public void close() throws IOException { close0(handle); }

    /** The calling thread's user CPU time in ns: getrusage(RUSAGE_THREAD), microsecond resolution; -1 on failure. */
    static native long threadUserNanos();

    /** Burnett and Jindal's EmptyNative: a native method that increments a counter. */
    static native int increment(int c);

    private static native long open0(String path, int size, int mode, long bytes) throws IOException;

    private static native int readByte0(long h) throws IOException;

    private static native int get0(long h, byte[] dst, int off, int len) throws IOException;

    private static native void put0(long h, byte[] src, int off, int len) throws IOException;

    private static native int pread1(long h) throws IOException;

    private static native void close0(long h) throws IOException;
}
