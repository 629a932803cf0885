package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;

/**
 * A file open in an engine that calls the OS itself, through {@link PosixCalls}: the {@link NativeEngine}
 * (JNI) and the {@code FfmEngine} (java.lang.foreign). One descriptor, or for O_DIRECT two. Every
 * decision is made here, in Java, once for both engines; the calls only move bytes.
 *
 * <p><b>Bounded pinning.</b> An array stays pinned (JNI's GetPrimitiveArrayCritical, or a critical FFM
 * downcall, which hold off the GC) only for one call of at most {@link #PIECE} bytes; larger transfers
 * are split here.
 *
 * <p><b>O_DIRECT.</b> Each transfer is split into the block-aligned middle, moved with the O_DIRECT
 * descriptor (through an aligned bounce buffer when the memory is not aligned, which Java arrays never
 * are), and the unaligned head and tail, moved with a second, buffered descriptor. The alternative,
 * read-modify-write of the partial edge blocks, would lose data when two writers own disjoint bytes of
 * one block; the kernel keeps the page cache and direct I/O coherent for these disjoint ranges.
 *
 * <p><b>Close.</b> A descriptor is closed only when no call is using it, so a racing close never lets the
 * number be reused for another file under a running transfer.
 */
final class PosixEngineFile implements EngineFile {
    /** Largest single call of a transfer: bounds the time an array is pinned. {@code -Djpio.native.piece=BYTES}. */
    static final int PIECE = Math.max(1 << 16, Integer.getInteger("jpio.native.piece", 64 << 20) & ~0xFFFF);
    /** O_DIRECT alignment of file positions, lengths and memory: a multiple of every common logical block size. */
    static final int ALIGN = 4096;
    /**
     * Per-thread bounce buffer for swapped writes, O_DIRECT and reads whose destination would hit the
     * 4K-aliasing trap of the kernel's copy (on processors that have it, {@link AliasTrap}; whether a read
     * does is decided in C, which alone sees the pinned address; see jpio_core.c): aligned, a multiple of ALIGN.
     * A read is given no bounce buffer where the processor has no trap, so C reads straight into the array.
     */
    static final int BOUNCE = 1 << 20;

    private static final ThreadLocal<ByteBuffer> BOUNCES =
            ThreadLocal.withInitial(() -> Staging.pageAligned(BOUNCE));
    /**
     * The bounce buffer of O_DIRECT transfers, larger: each chunk of it is one O_DIRECT request, which the
     * device serves before the next is sent, so its size sets the queue's depth. 1 GiB written with
     * O_DIRECT here (dd, fdatasync): 0.79-0.85 s in 1 MiB requests, 0.67-0.68 s in 8 MiB ones.
     * {@code -Djpio.native.direct.bounce=BYTES} (a multiple of ALIGN, at least 64 KiB); taken only by threads
     * that transfer through an O_DIRECT descriptor.
     */
    static final int DIRECT_BOUNCE = Math.max(1 << 16, Integer.getInteger("jpio.native.direct.bounce", 8 << 20) & -ALIGN);

    private static final ThreadLocal<ByteBuffer> DIRECT_BOUNCES =
            ThreadLocal.withInitial(() -> Staging.pageAligned(DIRECT_BOUNCE));

    private final IoEngine engine;
    private final PosixCalls calls;
    private final Path path;
    private final String name;
    private final int fd;
    /** The buffered descriptor for the unaligned edges; == fd unless O_DIRECT. */
    private final int edgeFd;
    private final boolean direct;
    private final AtomicInteger users = new AtomicInteger();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean released = new AtomicBoolean();

    PosixEngineFile(IoEngine engine, PosixCalls calls, Path path, int fd, int edgeFd) {
        this.engine = engine;
        this.calls = calls;
        this.path = path;
        this.name = path.toString();
        this.fd = fd;
        this.edgeFd = edgeFd;
        this.direct = fd != edgeFd;
    }

    /** Opens {@code path} for {@code engine} through {@code calls}: the open flags from the spec, and for O_DIRECT the second descriptor. */
    static PosixEngineFile open(IoEngine engine, PosixCalls calls, Path path, OpenSpec spec) throws IOException {
        int access = (spec.readable() ? NativeIo.O_READ : 0) | (spec.writable() ? NativeIo.O_WRITE : 0);
        int flags = access;
        if (spec.options().contains(StandardOpenOption.CREATE)) flags |= NativeIo.O_CREATE;
        if (spec.options().contains(StandardOpenOption.CREATE_NEW)) flags |= NativeIo.O_CREATE_NEW;
        if (spec.options().contains(StandardOpenOption.TRUNCATE_EXISTING) && spec.writable()) flags |= NativeIo.O_TRUNCATE;
        String name = path.toString();
        int fd = calls.open(name, flags | (spec.direct() ? NativeIo.O_DIRECT : 0));
        if (!spec.direct()) return new PosixEngineFile(engine, calls, path, fd, fd);
        // O_DIRECT: a second, buffered descriptor carries the unaligned edges of each transfer
        // (see above), so disjoint writers never read-modify-write each other's blocks.
        try {
            return new PosixEngineFile(engine, calls, path, fd, calls.open(name, access));
        } catch (IOException | RuntimeException e) {
            calls.close(fd, name);
            throw e;
        }
    }

    @Override public Path path() { return path; }
    @Override public IoEngine engine() { return engine; }

    /** Whether this file was opened with O_DIRECT. */
    boolean direct() { return direct; }

    // ---- transfers --------------------------------------------------------------------------------

    /** One call of {@code n} bytes: file position {@code pos}, memory {@code from} bytes into the request. */
    @FunctionalInterface
    private interface Piece {
        int move(int fd, int align, long pos, long from, int n) throws IOException;
    }

    @Override
    public void readArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        arrays(NativeIo.OP_READ_FULLY, position, array, type, index, count, order);
    }

    @Override
    public void writeArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        arrays(NativeIo.OP_WRITE, position, array, type, index, count, order);
    }

    /**
     * Stretches per vectored call: Linux's IOV_MAX (RUNS_MAX in jpio_core.c). The 16384 rows of 2 KiB of a
     * ghosted 64x256x256 double block's interior, overwritten in the page cache (32 MiB, scratch C probe on
     * the EPYC VM): pwritev 7.5-8.8 ms, gathered into a 4 MiB buffer and written 9.4-11.1 ms, the same bytes
     * from one contiguous buffer 6.6-7.5 ms.
     */
    static final int RUNS = 1024;

    @Override
    public void writeArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order) throws IOException {
        if (!runs(type, order)) Staging.writeRuns(this, position, array, type, index, count, n, order);
        else runs(NativeIo.OP_WRITE, position, array, type, index, count, n);
    }

    @Override
    public void readArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order) throws IOException {
        if (!runs(type, order)) Staging.readRuns(this, position, array, type, index, count, n, order);
        else runs(NativeIo.OP_READ_FULLY, position, array, type, index, count, n);
    }

    /** Whether stretches move straight between the array and the file: no bytes that change on the way, no O_DIRECT alignment. */
    private boolean runs(ElementType type, ByteOrder order) {
        return fix(type, order) == 0 && !direct && calls.transfersRuns();
    }

    /** What the bytes need on the way ({@link NativeIo#transferArray}'s fix): 0 none, 1 booleans, else the size of the elements to swap. */
    private static int fix(ElementType type, ByteOrder order) {
        return type == ElementType.BOOLEAN ? 1 : type.size() > 1 && order != ByteOrder.nativeOrder() ? type.size() : 0;
    }

    /** Vectored calls of at most RUNS stretches and PIECE bytes (the pinning bound), a stretch split where a batch fills. */
    private void runs(int op, long position, Object array, ElementType type, int[] index, int[] count, int n) throws IOException {
        long[] runs = new long[2 * Math.min(n, RUNS)];
        int shift = type.shift();
        // a read's stretches keep clear of the 4K-aliasing trap from the size this processor's trap costs more than a bounce
        long unaliasMin = op == NativeIo.OP_WRITE ? Long.MAX_VALUE : AliasTrap.minBytes();
        ByteBuffer bounce = unaliasMin == Long.MAX_VALUE ? null : BOUNCES.get();
        enter(op == NativeIo.OP_WRITE ? "write" : "read", position, 0);
        try {
            int k = 0, at = 0, m = 0; // stretch k, its elements already taken, stretches in this batch
            long bytes = 0, pos = position;
            while (k < n) {
                int take = (int) Math.min(count[k] - at, (PIECE - bytes) >> shift);
                if (take > 0) {
                    runs[2 * m] = (long) (index[k] + at) << shift;
                    runs[2 * m + 1] = (long) take << shift;
                    m++;
                    bytes += (long) take << shift;
                    at += take;
                }
                if (at == count[k]) { k++; at = 0; }
                if (m == RUNS || bytes + (1L << shift) > PIECE || k == n && m > 0) {
                    calls.transferRuns(fd, name, array, runs, m, pos, op, unaliasMin, bounce);
                    pos += bytes;
                    m = 0;
                    bytes = 0;
                }
            }
        } finally {
            leave();
        }
    }

    private void arrays(int op, long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        long base = (long) index << type.shift();
        long length = (long) count << type.shift();
        int fix = fix(type, order);
        if (fix != 0 && !calls.fixesArrays()) { // the bytes must change on the way: a staged copy does it
            if (op == NativeIo.OP_WRITE) Staging.writeArray(this, position, array, type, index, count, order);
            else Staging.readArray(this, position, array, type, index, count, order);
            return;
        }
        ByteBuffer bounce = bounceFor(op, fix, length);
        if (op != NativeIo.OP_WRITE) requireWithinFile(position, length);
        if (!direct && length <= PIECE) { // one native call, made without the two lambdas below: a small call allocates nothing
            enter(op == NativeIo.OP_WRITE ? "write" : "read", position, length);
            try {
                if (length > 0) calls.transferArray(fd, name, array, base, (int) length, position, op, fix, 0, bounce);
            } finally {
                leave();
            }
            return;
        }
        transfer(op, position, length, (f, align, pos, from, n) ->
                calls.transferArray(f, name, array, base + from, n, pos, op, fix, align, bounce));
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        requireWithinFile(position, dst.remaining());
        buffer(NativeIo.OP_READ_FULLY, position, dst);
    }

    @Override
    public int read(long position, ByteBuffer dst) throws IOException {
        if (!direct) return buffer(NativeIo.OP_READ, position, dst);
        // O_DIRECT cannot read across end of file at an unaligned size: read what the size says is there.
        long size = size();
        if (position >= size) return dst.hasRemaining() ? -1 : 0;
        ByteBuffer part = dst.slice().limit((int) Math.min(dst.remaining(), size - position));
        int n = buffer(NativeIo.OP_READ_FULLY, position, part);
        dst.position(dst.position() + n);
        return n;
    }

    @Override
    public void writeFully(long position, ByteBuffer src) throws IOException {
        if (src.isDirect() || src.hasArray()) {
            buffer(NativeIo.OP_WRITE, position, src);
            return;
        }
        // A read-only heap buffer exposes neither address nor array: stage it through a direct buffer.
        ByteBuffer stage = Staging.buffer();
        while (src.hasRemaining()) {
            int n = Math.min(stage.capacity(), src.remaining());
            stage.clear().put(src.slice().limit(n)).flip();
            buffer(NativeIo.OP_WRITE, position, stage);
            src.position(src.position() + n);
            position += n;
        }
    }

    /**
     * The bounce buffer C may need for a transfer (null: none): the O_DIRECT one on a direct file; else the
     * 1 MiB one for swapped bytes ({@code fix} > 1) and for reads of the size {@link AliasTrap#bounces} names
     * where the processor has the 4K-aliasing trap.
     */
    private ByteBuffer bounceFor(int op, int fix, long length) {
        if (direct) return DIRECT_BOUNCES.get();
        return fix > 1 || (op != NativeIo.OP_WRITE && AliasTrap.bounces(length)) ? BOUNCES.get() : null;
    }

    /** Moves the buffer's remaining bytes, advancing its position by the count, which it returns (-1 at EOF). */
    private int buffer(int op, long position, ByteBuffer b) throws IOException {
        int start = b.position();
        ByteBuffer bounce = bounceFor(op, 0, b.remaining());
        long n;
        if (b.isDirect()) {
            n = transfer(op, position, b.remaining(), (f, align, pos, from, len) ->
                    calls.transferBuffer(f, name, b, start + (int) from, len, pos, op, align, bounce));
        } else {
            long base = b.arrayOffset() + start;
            n = transfer(op, position, b.remaining(), (f, align, pos, from, len) ->
                    calls.transferArray(f, name, b.array(), base + from, len, pos, op, 0, align, bounce));
        }
        if (n > 0) b.position(start + (int) n);
        return (int) n;
    }

    /** Splits a request into the O_DIRECT middle and buffered edges, then into PIECE-sized calls. */
    private long transfer(int op, long position, long length, Piece piece) throws IOException {
        return using(op == NativeIo.OP_WRITE ? "write" : "read", position, length, () -> split(position, length, piece));
    }

    private long split(long position, long length, Piece piece) throws IOException {
        if (!direct) return pieces(fd, 0, position, 0, length, piece);
        long end = position + length;
        long midStart = Math.min(end, (position + ALIGN - 1) & -ALIGN);
        long midEnd = Math.max(midStart, end & -ALIGN);
        long done = pieces(edgeFd, 0, position, 0, midStart - position, piece);
        if (done < midStart - position) return done;
        done += pieces(fd, ALIGN, midStart, midStart - position, midEnd - midStart, piece);
        if (done < midEnd - position) return done;
        return done + pieces(edgeFd, 0, midEnd, midEnd - position, end - midEnd, piece);
    }

    /** Calls {@code piece} for at most PIECE bytes at a time; stops early only at end of file (OP_READ). */
    private static long pieces(int f, int align, long pos, long from, long length, Piece piece) throws IOException {
        long done = 0;
        while (done < length) {
            int n = (int) Math.min(PIECE, length - done);
            int got = piece.move(f, align, pos + done, from + done, n);
            if (got < 0) return done == 0 && from == 0 ? -1 : done;
            done += got;
            if (got < n) break;
        }
        return done;
    }

    private void requireWithinFile(long position, long length) throws IOException {
        // Non-direct reads find end of file themselves; O_DIRECT must not read past it at an unaligned size.
        if (!direct) return;
        long size = size();
        if (position + length > size) throw IoErrors.eof("read", path, position, length, size);
    }

    // ---- file-level calls -------------------------------------------------------------------------

    /** One native call made while the descriptor is held open (see {@link #enter}). */
    @FunctionalInterface
    private interface Call {
        long run() throws IOException;
    }

    private long using(String op, long position, long length, Call call) throws IOException {
        enter(op, position, length);
        try {
            return call.run();
        } finally {
            leave();
        }
    }

    @Override
    public long size() throws IOException {
        return using("size", 0, 0, () -> calls.size(fd, name));
    }

    @Override
    public void setLength(long size) throws IOException {
        using("setLength", size, 0, () -> { calls.truncate(fd, name, size); return 0; });
    }

    @Override
    public long holeAt(long position) throws IOException {
        return using("holeAt", position, 0, () -> calls.holeAt(fd, name, position));
    }

    @Override
    public void preallocate(long position, long length) throws IOException {
        if (length == 0) return; // posix_fallocate rejects an empty range with EINVAL; nothing to reserve
        using("preallocate", position, length, () -> { calls.allocate(fd, name, position, length); return 0; });
    }

    @Override
    public void sync(boolean metadata) throws IOException {
        using("sync", 0, 0, () -> {
            if (direct) calls.sync(edgeFd, name, metadata); // the edges went through the page cache
            calls.sync(fd, name, metadata);
            return 0;
        });
    }

    @Override
    public void advise(long position, long length, Advice advice) throws IOException {
        using("advise", position, length, () -> { calls.advise(edgeFd, name, position, length, advice.ordinal()); return 0; });
    }

    @Override
    public RangeLock lock(long position, long length, boolean shared) throws IOException {
        enter("lock", position, length);
        try {
            calls.lock(fd, name, position, length, shared ? NativeIo.LOCK_SHARED : NativeIo.LOCK_EXCLUSIVE);
        } catch (IOException | RuntimeException e) {
            leave();
            throw e;
        }
        // The file stays in use while the lock is held: the descriptor that owns the lock must live.
        AtomicBoolean unlocked = new AtomicBoolean();
        return () -> {
            if (!unlocked.compareAndSet(false, true)) return;
            try {
                calls.lock(fd, name, position, length, NativeIo.LOCK_NONE);
            } finally {
                leave();
            }
        };
    }

    /** Open-file-description locks: they belong to this descriptor, not to the process. */
    @Override public boolean locksPerProcess() { return false; }

    // ---- lifetime ---------------------------------------------------------------------------------

    private void enter(String op, long position, long length) throws IOException {
        users.incrementAndGet();
        if (closing.get()) {
            leave();
            throw FileClosedException.of(op, path, position, length);
        }
    }

    private void leave() throws IOException {
        if (users.decrementAndGet() == 0 && closing.get()) release();
    }

    @Override
    public void close() throws IOException {
        if (closing.compareAndSet(false, true) && users.get() == 0) release();
    }

    private void release() throws IOException {
        if (!released.compareAndSet(false, true)) return;
        try {
            calls.close(fd, name);
        } finally {
            if (direct) calls.close(edgeFd, name);
        }
    }
}
