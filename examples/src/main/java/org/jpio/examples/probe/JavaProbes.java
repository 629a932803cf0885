package org.jpio.examples.probe;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The Java programs of the two papers, each the mirror of an {@code io_probe.c} mode: the same loop, the
 * same buffer sizes and operation sizes, the same check value. Writes write operations of the bytes
 * {@code (byte) (k + 1)}, k = 0..op-1, and return the sum of the bytes written; reads return the sum of the
 * bytes read, or the number of newlines for the counting programs.
 */
final class JavaProbes {
    private JavaProbes() { }

    static byte[] opBuffer(int op) {
        byte[] b = new byte[op];
        for (int k = 0; k < op; k++) b[k] = (byte) (k + 1);
        return b;
    }

    static long sum(byte[] b, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += b[i] & 0xFF;
        return s;
    }

    /** Xu and Guo's raw Java I/O: FileOutputStream.write(int), a system call per byte. */
    static long rawWrite(Path file, long bytes) throws IOException {
        try (FileOutputStream out = new FileOutputStream(file.toFile())) {
            for (long i = 0; i < bytes; i++) out.write(1);
        }
        return bytes;
    }

    static long rawRead(Path file) throws IOException {
        long s = 0;
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            for (int b; (b = in.read()) != -1; ) s += b;
        }
        return s;
    }

    /** Java's own buffering: Buffered{Out,In}putStream with a {@code buf}-byte buffer, a call per byte. */
    static long bufferedWrite(Path file, long bytes, int buf) throws IOException {
        try (BufferedOutputStream out = new BufferedOutputStream(new FileOutputStream(file.toFile()), buf)) {
            for (long i = 0; i < bytes; i++) out.write(1);
        }
        return bytes;
    }

    static long bufferedRead(Path file, int buf) throws IOException {
        long s = 0;
        try (InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()), buf)) {
            for (int b; (b = in.read()) != -1; ) s += b;
        }
        return s;
    }

    /** Xu and Guo's direct buffering: the application's own {@code buf}-byte array, {@code op} bytes copied in per operation. */
    static long directWrite(Path file, long bytes, int buf, int op) throws IOException {
        byte[] b = new byte[buf], src = opBuffer(op);
        long s = 0;
        int pos = 0;
        try (FileOutputStream out = new FileOutputStream(file.toFile())) {
            for (long at = 0; at < bytes; at += op) {
                int n = (int) Math.min(op, bytes - at);
                for (int k = 0; k < n; ) {
                    int m = Math.min(buf - pos, n - k);
                    System.arraycopy(src, k, b, pos, m);
                    pos += m;
                    k += m;
                    if (pos == buf) {
                        out.write(b, 0, pos);
                        pos = 0;
                    }
                }
                s += sum(src, n);
            }
            out.write(b, 0, pos);
        }
        return s;
    }

    static long directRead(Path file, int buf, int op) throws IOException {
        byte[] b = new byte[buf], dst = new byte[op];
        long s = 0;
        int pos = 0, len = 0;
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            while (true) {
                int got = 0;
                while (got < op) {
                    if (pos == len) {
                        len = Math.max(0, in.read(b, 0, buf));
                        pos = 0;
                        if (len == 0) break;
                    }
                    int m = Math.min(len - pos, op - got);
                    System.arraycopy(b, pos, dst, got, m);
                    pos += m;
                    got += m;
                }
                if (got == 0) return s;
                s += sum(dst, got);
            }
        }
    }

    /** No buffer: FileOutputStream.write / FileInputStream.read of {@code op} bytes per call. */
    static long opWrite(Path file, long bytes, int op) throws IOException {
        byte[] src = opBuffer(op);
        long s = 0;
        try (FileOutputStream out = new FileOutputStream(file.toFile())) {
            for (long at = 0; at < bytes; at += op) {
                int n = (int) Math.min(op, bytes - at);
                out.write(src, 0, n);
                s += sum(src, n);
            }
        }
        return s;
    }

    static long opRead(Path file, int op) throws IOException {
        byte[] dst = new byte[op];
        long s = 0;
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            for (int n; (n = in.read(dst, 0, op)) != -1; ) s += sum(dst, n);
        }
        return s;
    }

    /** Burnett and Jindal's BufferedRead: BufferedInputStream.read() per byte, counting newlines. */
    static long countBuffered(Path file, int buf) throws IOException {
        long count = 0;
        try (InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()), buf)) {
            for (int c; (c = in.read()) != -1; ) if (c == '\n') count++;
        }
        return count;
    }

    /** Burnett and Jindal's BigRead: read() of a whole buffer, counting the newlines in it. */
    static long bigRead(Path file, int buf) throws IOException {
        byte[] b = new byte[buf];
        long count = 0;
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            for (int n; (n = in.read(b, 0, buf)) != -1; )
                for (int i = 0; i < n; i++) if (b[i] == '\n') count++;
        }
        return count;
    }

    /** Burnett and Jindal's PureJava: a loop calling a Java method that increments a counter. */
    static long pureCalls(long n) {
        int c = 0;
        for (long i = 0; i < n; i++) c = increment(c);
        return c;
    }

    private static int increment(int c) { return c + 1; }

    // ---- through JNI (jni_probe.c): the same C buffer as io_probe.c's, one native call per operation ----

    /** Xu and Guo's JNI version of direct buffering: the buffer in C, one native call per {@code op}-byte operation. */
    static long jniWrite(Path file, long bytes, int buf, int op) throws IOException {
        byte[] src = opBuffer(op);
        long s = 0;
        try (NativeProbe p = NativeProbe.open(file, buf, NativeProbe.WRITE, 0)) {
            for (long at = 0; at < bytes; at += op) {
                int n = (int) Math.min(op, bytes - at);
                p.put(src, 0, n);
                s += sum(src, n);
            }
        }
        return s;
    }

    static long jniRead(Path file, int buf, int op) throws IOException {
        byte[] dst = new byte[op];
        long s = 0;
        try (NativeProbe p = NativeProbe.open(file, buf, NativeProbe.READ, 0)) {
            for (int n; (n = p.get(dst, 0, op)) > 0; ) s += sum(dst, n);
        }
        return s;
    }

    /** Burnett and Jindal's NativeRead (handle passed: their cached version), or its naive or dummy (no read()) variants. */
    static long countNative(Path file, int buf, String how, long bytes) throws IOException {
        long count = 0;
        boolean dummy = how.equals("dummy");
        try (NativeProbe p = NativeProbe.open(file, buf, dummy ? NativeProbe.DUMMY : NativeProbe.READ, bytes)) {
            if (how.equals("naive")) {
                for (int c; (c = p.readByteNaive()) != -1; ) if (c == '\n') count++;
            } else if (dummy) {
                while (p.readByte() != -1) count++; // nothing is read: the check is the bytes handed out
            } else {
                for (int c; (c = p.readByte()) != -1; ) if (c == '\n') count++;
            }
        }
        return count;
    }

    static long nativeCalls(long n) {
        int c = 0;
        for (long i = 0; i < n; i++) c = NativeProbe.increment(c);
        return c;
    }

    /** A JNI call wrapping one pread of 1 byte (of a cached page): the call and the system call it wraps. */
    static long jniPreads(Path file, long n) throws IOException {
        long s = 0;
        try (NativeProbe p = NativeProbe.open(file, 1, NativeProbe.READ, 0)) {
            for (long i = 0; i < n; i++) s += p.pread1();
        }
        return s;
    }
}
