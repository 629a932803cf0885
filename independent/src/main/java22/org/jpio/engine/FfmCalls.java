package org.jpio.engine;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * {@link PosixCalls} as downcalls into the C library through {@code java.lang.foreign}: what
 * {@code jpio_core.c} does for the native engine, with the same loops, the same 4K-aliasing decision
 * and the same error messages, but no compiled library. errno is captured by the linker right after each
 * call ({@code captureCallState}), before the JVM can overwrite it.
 *
 * <p>Heap arrays reach pread/pwrite through critical downcalls with heap access: the JVM passes the
 * array's address and does not move it, and no safepoint happens, during the call. A critical call
 * holds off every other thread's next safepoint (a GC) until it returns, which is why
 * {@link PosixEngineFile} bounds each call to {@link PosixEngineFile#PIECE} bytes; direct buffers use
 * ordinary downcalls.
 *
 * <p>Values of Linux's ABI used here (open flags, errno, fcntl commands, struct flock, posix_fadvise
 * advice) are those of x86_64 and aarch64; other platforms are refused in {@link #problem()}.
 */
final class FfmCalls implements PosixCalls {
    private static final int O_WRONLY = 01, O_RDWR = 02, O_CREAT = 0100, O_EXCL = 0200, O_TRUNC = 01000, O_CLOEXEC = 02000000;
    private static final int EPERM = 1, ENOENT = 2, EINTR = 4, EACCES = 13, EEXIST = 17, EFBIG = 27, ENOSPC = 28, EDQUOT = 122;
    private static final int SEEK_END = 2, SEEK_HOLE = 4, ENXIO = 6, F_OFD_SETLKW = 38;
    private static final short F_RDLCK = 0, F_WRLCK = 1, F_UNLCK = 2;
    /** Advice ordinals (NORMAL, SEQUENTIAL, RANDOM, WILLNEED, DONTNEED, NOREUSE) to POSIX_FADV_* values. */
    private static final int[] ADVICE = {0, 2, 1, 3, 4, 5};
    /** Largest single read/write the kernel accepts without truncation (Linux MAX_RW_COUNT). */
    private static final long MAX_RW = 0x7ffff000L;
    /** The 4K-aliasing decision of jpio_core.c: page, window, smallest read concerned, bounce chunk. */
    private static final long PAGE = 4096, ALIAS_WINDOW = 32, ALIAS_CHUNK = 256 * 1024;

    private static final FfmCalls INSTANCE = new FfmCalls();
    private static volatile Optional<String> problem;

    private final int oDirect = System.getProperty("os.arch").equals("aarch64") ? 0200000 : 040000;

    private FfmCalls() { }

    static FfmCalls instance() { return INSTANCE; }

    /** Empty when the downcalls link here; otherwise why not (platform, or native access denied). */
    static Optional<String> problem() {
        Optional<String> p = problem;
        if (p == null) problem = p = probe();
        return p;
    }

    private static Optional<String> probe() {
        String os = System.getProperty("os.name"), arch = System.getProperty("os.arch");
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("aarch64")))
            return Optional.of("the FFM engine knows Linux's open flags, errno values and struct flock on amd64 and aarch64; this is "
                    + os + " " + arch);
        try {
            H.STRERROR.type(); // links every handle (H's static initialiser)
            return Optional.empty();
        } catch (ExceptionInInitializerError e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            String how = c instanceof IllegalCallerException
                    ? ": native access is denied to jpio; allow it with --enable-native-access=ALL-UNNAMED (class path) or with the module's name"
                    : "";
            return Optional.of("java.lang.foreign cannot link the C library's calls: " + c + how);
        } catch (IllegalCallerException e) {
            return Optional.of("native access is denied to jpio (" + e.getMessage() + "); allow it with --enable-native-access=ALL-UNNAMED");
        }
    }

    /** The downcall handles, linked on first use; an initialiser failure is reported by {@link #problem()}. */
    private static final class H {
        static final Linker LINKER = Linker.nativeLinker();
        static final StructLayout STATE = Linker.Option.captureStateLayout();
        static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        static final Linker.Option ERR = Linker.Option.captureCallState("errno");
        static final Linker.Option HEAP = Linker.Option.critical(true);

        static final MethodHandle OPEN = link("open", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), ERR, Linker.Option.firstVariadicArg(2));
        static final MethodHandle CLOSE = link("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERR);
        static final MethodHandle LSEEK = link("lseek", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, JAVA_LONG, JAVA_INT), ERR);
        static final MethodHandle FTRUNCATE = link("ftruncate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG), ERR);
        static final MethodHandle FSYNC = link("fsync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERR);
        static final MethodHandle FDATASYNC = link("fdatasync", FunctionDescriptor.of(JAVA_INT, JAVA_INT), ERR);
        /** posix_fallocate and posix_fadvise return the error instead of setting errno. */
        static final MethodHandle FALLOCATE = link("posix_fallocate", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG));
        static final MethodHandle FADVISE = link("posix_fadvise", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_INT));
        static final MethodHandle FCNTL = link("fcntl", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS), ERR, Linker.Option.firstVariadicArg(2));
        static final FunctionDescriptor PIO = FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG);
        static final MethodHandle PREAD = link("pread", PIO, ERR);
        static final MethodHandle PWRITE = link("pwrite", PIO, ERR);
        static final MethodHandle PREAD_HEAP = link("pread", PIO, ERR, HEAP);
        static final MethodHandle PWRITE_HEAP = link("pwrite", PIO, ERR, HEAP);
        /** memmove(p, p, 0) returns p: the address a heap segment has while the JVM holds the array still. */
        static final MethodHandle ADDRESS_OF = link("memmove", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG), HEAP);
        static final MethodHandle STRERROR = link("strerror", FunctionDescriptor.of(ADDRESS, JAVA_INT));

        static MethodHandle link(String name, FunctionDescriptor d, Linker.Option... options) {
            MemorySegment f = LINKER.defaultLookup().find(name)
                    .orElseThrow(() -> new IllegalStateException("the C library has no " + name));
            return LINKER.downcallHandle(f, d, options);
        }
    }

    /** Per-thread segment the linker writes errno into. */
    private static final ThreadLocal<MemorySegment> STATE = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(H.STATE));

    private static int errno(MemorySegment state) {
        return (int) H.ERRNO.get(state, 0L);
    }

    /** A Throwable from invokeExact that is not an unchecked exception cannot happen: downcalls throw none. */
    private static RuntimeException unexpected(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    // ---- file-level calls -----------------------------------------------------------------------

    @Override
    public int open(String path, int flags) throws IOException {
        int f = O_CLOEXEC;
        boolean read = (flags & NativeIo.O_READ) != 0, write = (flags & NativeIo.O_WRITE) != 0;
        if (read && write) f |= O_RDWR;
        else if (write) f |= O_WRONLY;
        if ((flags & NativeIo.O_CREATE) != 0) f |= O_CREAT;
        if ((flags & NativeIo.O_CREATE_NEW) != 0) f |= O_CREAT | O_EXCL;
        if ((flags & NativeIo.O_TRUNCATE) != 0) f |= O_TRUNC;
        if ((flags & NativeIo.O_DIRECT) != 0) f |= oDirect;
        MemorySegment state = STATE.get();
        int fd;
        try (Arena a = Arena.ofConfined()) {
            fd = (int) H.OPEN.invokeExact(state, a.allocateFrom(path), f, 0666);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (fd < 0) throw failure(errno(state), "open", path, 0, 0);
        return fd;
    }

    @Override
    public void close(int fd, String path) throws IOException {
        MemorySegment state = STATE.get();
        int rc;
        try {
            rc = (int) H.CLOSE.invokeExact(state, fd);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        // Linux releases the descriptor even when close reports an error: never retry
        if (rc != 0 && errno(state) != EINTR) throw failure(errno(state), "close", path, 0, 0);
    }

    @Override
    public long size(int fd, String path) throws IOException {
        MemorySegment state = STATE.get();
        long end;
        try {
            end = (long) H.LSEEK.invokeExact(state, fd, 0L, SEEK_END); // positional I/O never uses the offset it moves
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (end < 0) throw failure(errno(state), "size", path, 0, 0);
        return end;
    }

    @Override
    public void truncate(int fd, String path, long size) throws IOException {
        MemorySegment state = STATE.get();
        try {
            int rc;
            do rc = (int) H.FTRUNCATE.invokeExact(state, fd, size); while (rc != 0 && errno(state) == EINTR);
            if (rc == 0) return;
        } catch (Throwable t) {
            throw unexpected(t);
        }
        throw failure(errno(state), "setLength", path, size, 0);
    }

    @Override
    public void sync(int fd, String path, boolean metadata) throws IOException {
        MemorySegment state = STATE.get();
        int rc;
        try {
            rc = metadata ? (int) H.FSYNC.invokeExact(state, fd) : (int) H.FDATASYNC.invokeExact(state, fd);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (rc != 0) throw failure(errno(state), metadata ? "fsync" : "fdatasync", path, 0, 0);
    }

    @Override
    public void allocate(int fd, String path, long position, long length) throws IOException {
        int err;
        try {
            err = (int) H.FALLOCATE.invokeExact(fd, position, length);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (err != 0) throw failure(err, "preallocate", path, position, length);
    }

    @Override
    public long holeAt(int fd, String path, long position) throws IOException {
        MemorySegment state = STATE.get();
        long hole;
        try {
            hole = (long) H.LSEEK.invokeExact(state, fd, position, SEEK_HOLE);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (hole >= 0) return hole;
        if (errno(state) == ENXIO) return position; // at or past the end, which counts as a hole
        throw failure(errno(state), "holeAt", path, position, 0);
    }

    @Override
    public void advise(int fd, String path, long position, long length, int advice) throws IOException {
        if (advice < 0 || advice >= ADVICE.length) throw new IllegalArgumentException("advise: unknown advice=" + advice);
        int err;
        try {
            err = (int) H.FADVISE.invokeExact(fd, position, length, ADVICE[advice]);
        } catch (Throwable t) {
            throw unexpected(t);
        }
        if (err != 0) throw failure(err, "advise", path, position, length);
    }

    /** Open-file-description locks, as jpio_core.c takes them (see there for why not classic POSIX locks). */
    @Override
    public void lock(int fd, String path, long position, long length, int mode) throws IOException {
        MemorySegment state = STATE.get();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment fl = a.allocate(32, 8); // struct flock: l_type, l_whence, l_start, l_len, l_pid
            fl.set(JAVA_SHORT, 0, mode == NativeIo.LOCK_NONE ? F_UNLCK : mode == NativeIo.LOCK_SHARED ? F_RDLCK : F_WRLCK);
            fl.set(JAVA_SHORT, 2, (short) 0); // SEEK_SET
            fl.set(JAVA_LONG, 8, position);
            fl.set(JAVA_LONG, 16, length);
            int rc;
            do rc = (int) H.FCNTL.invokeExact(state, fd, F_OFD_SETLKW, fl); while (rc != 0 && errno(state) == EINTR);
            if (rc == 0) return;
        } catch (Throwable t) {
            throw unexpected(t);
        }
        throw failure(errno(state), mode == NativeIo.LOCK_NONE ? "unlock" : "lock", path, position, length);
    }

    // ---- transfers ------------------------------------------------------------------------------

    @Override
    public int transferBuffer(int fd, String path, ByteBuffer buf, int index, int length, long position, int op, int align,
                              ByteBuffer bounce) throws IOException {
        MemorySegment whole = MemorySegment.ofBuffer(buf.duplicate().clear());
        return transfer(fd, path, whole, false, index, length, position, op, align, bounce);
    }

    @Override
    public int transferArray(int fd, String path, Object array, long byteIndex, int length, long position, int op, int fix,
                             int align, ByteBuffer bounce) throws IOException {
        if (fix != 0) throw new IllegalArgumentException("transferArray: fix=" + fix + ": the FFM engine stages swapped and boolean arrays");
        return transfer(fd, path, heap(array), true, byteIndex, length, position, op, align, bounce);
    }

    /** Swapping and boolean normalisation stay in Java: {@link PosixEngineFile} stages those arrays. */
    @Override public boolean fixesArrays() { return false; }

    @Override
    public int transferRuns(int fd, String path, Object array, long[] runs, int n, long position, int op, long unaliasMin, ByteBuffer bounce) {
        throw new IllegalStateException("transferRuns: the FFM engine does not move stretches of arrays: path=" + path);
    }

    /**
     * A vectored call needs the address of each stretch inside the array, and a heap segment has none (a
     * critical downcall may take one whole, not addresses into it): {@link PosixEngineFile} stages these.
     */
    @Override public boolean transfersRuns() { return false; }

    /** The caller stages booleans (fix), so every array here has a heap segment. */
    private static MemorySegment heap(Object a) {
        if (a instanceof byte[] b) return MemorySegment.ofArray(b);
        if (a instanceof int[] i) return MemorySegment.ofArray(i);
        if (a instanceof long[] l) return MemorySegment.ofArray(l);
        if (a instanceof double[] d) return MemorySegment.ofArray(d);
        if (a instanceof float[] f) return MemorySegment.ofArray(f);
        if (a instanceof short[] s) return MemorySegment.ofArray(s);
        if (a instanceof char[] c) return MemorySegment.ofArray(c);
        throw new IllegalArgumentException("not an array the FFM engine passes to the kernel: " + (a == null ? "null" : a.getClass().getName()));
    }

    /**
     * jpio_core.c's transfer(): straight between memory and the file when it can; through the bounce
     * buffer when the descriptor is O_DIRECT and the memory is not aligned (heap memory never is), or when
     * a large read would fall into the 4K-aliasing trap (see jpio_core.c: a copy whose destination lies
     * 1-31 bytes above its source modulo 4 KiB runs 3x slower; the bounce chunk then sits half a page
     * from the source). Returns the bytes moved, -1 at end of file for OP_READ.
     */
    private int transfer(int fd, String path, MemorySegment mem, boolean heap, long q0, int len, long off, int op, int align,
                         ByteBuffer bounce) throws IOException {
        boolean write = op == NativeIo.OP_WRITE;
        long addr = heap ? addressOf(mem, q0) : mem.address() + q0;
        boolean misaligned = align > 0 && (addr % align) != 0;
        // a bounce given with a read means keep it clear (Java passes it from AliasTrap.minBytes on, as to jpio_core.c)
        boolean unalias = !write && align == 0 && aliased(addr, off) && bounce != null && bounce.capacity() >= ALIAS_CHUNK + PAGE;
        long[] done = {0};
        int rc;
        if (!misaligned && !unalias) {
            rc = pio(fd, mem, heap, q0, len, off, write, done);
        } else {
            if (bounce == null || bounce.capacity() == 0) throw failure(22, write ? "write" : "read", path, off, len); // EINVAL, as C
            MemorySegment b = MemorySegment.ofBuffer(bounce.duplicate().clear());
            long moved = 0;
            rc = 0;
            while (moved < len && rc == 0) {
                long at = off + moved;
                long start = unalias ? ((at + PAGE / 2 - b.address()) & (PAGE - 1)) : 0;
                long n = Math.min(len - moved, unalias ? ALIAS_CHUNK : b.byteSize());
                long[] got = {0};
                if (write) MemorySegment.copy(mem, q0 + moved, b, start, n);
                rc = pio(fd, b, false, start, n, at, write, got);
                if (!write) MemorySegment.copy(b, start, mem, q0 + moved, got[0]);
                moved += got[0];
            }
            done[0] = moved;
        }
        if (rc == 0) return (int) done[0];
        if (rc == -1 && op == NativeIo.OP_READ) return done[0] == 0 ? -1 : (int) done[0];
        throw failure(rc == -1 ? 0 : rc, write ? "write" : "read", path, off, len);
    }

    private static boolean aliased(long addr, long off) {
        long d = (addr - off) & (PAGE - 1);
        return d != 0 && d < ALIAS_WINDOW;
    }

    /** The address of heap memory {@code mem[q]} now (GC may move small arrays later: then only speed is affected). */
    private static long addressOf(MemorySegment mem, long q) {
        try {
            MemorySegment at = mem.asSlice(q, 0);
            return ((MemorySegment) H.ADDRESS_OF.invokeExact(at, at, 0L)).address();
        } catch (Throwable t) {
            throw unexpected(t);
        }
    }

    /**
     * jpio_pio: pread/pwrite of exactly {@code len} bytes, retrying on EINTR, at most MAX_RW per call,
     * stopping at end of file. Returns 0, -1 at end of file (read), or errno; {@code done[0]}: bytes moved.
     */
    private static int pio(int fd, MemorySegment mem, boolean heap, long q, long len, long off, boolean write, long[] done) {
        MemorySegment state = STATE.get();
        long left = len;
        int rc = 0;
        try {
            while (left > 0) {
                long n = Math.min(left, MAX_RW);
                MemorySegment at = mem.asSlice(q + len - left, n);
                long r;
                if (heap) r = write ? (long) H.PWRITE_HEAP.invokeExact(state, fd, at, n, off) : (long) H.PREAD_HEAP.invokeExact(state, fd, at, n, off);
                else r = write ? (long) H.PWRITE.invokeExact(state, fd, at, n, off) : (long) H.PREAD.invokeExact(state, fd, at, n, off);
                if (r < 0) {
                    int e = errno(state);
                    if (e == EINTR) continue;
                    rc = e;
                    break;
                }
                if (r == 0) { // read: end of file; write: nothing moved, treated as no space
                    rc = write ? ENOSPC : -1;
                    break;
                }
                off += r;
                left -= r;
            }
        } catch (Throwable t) {
            throw unexpected(t);
        }
        done[0] = len - left;
        return rc;
    }

    // ---- errors ---------------------------------------------------------------------------------

    /**
     * jpio_throw_errno's exception: "op failed: path= offset= length= errno=N (text)", "no space left" for
     * ENOSPC/EDQUOT, the file size limit for EFBIG, the JDK's file system exception classes for
     * EACCES/EPERM, ENOENT and EEXIST; err 0 is end of file.
     */
    private static IOException failure(int err, String op, String path, long off, long len) {
        String where = "path=" + path + " offset=" + off + " length=" + len;
        if (err == 0) return new EOFException(op + ": end of file: " + where);
        String tail = where + " errno=" + err + " (" + strerror(err) + ")";
        String msg;
        if (err == EFBIG) {
            String limit = IoErrors.fileSizeLimit();
            msg = op + " failed: file too large (the file size limit, ulimit -f, is " + (limit.equals("unlimited") ? "unknown" : limit) + "): " + tail;
        } else {
            msg = op + " failed:" + (err == ENOSPC || err == EDQUOT ? " no space left:" : "") + " " + tail;
        }
        return err == EACCES || err == EPERM ? new java.nio.file.AccessDeniedException(msg)
                : err == ENOENT ? new java.nio.file.NoSuchFileException(msg)
                : err == EEXIST ? new java.nio.file.FileAlreadyExistsException(msg)
                : new IOException(msg);
    }

    private static String strerror(int err) {
        try {
            MemorySegment s = (MemorySegment) H.STRERROR.invokeExact(err);
            return s.reinterpret(1024).getString(0);
        } catch (Throwable t) {
            return "errno " + err;
        }
    }
}
