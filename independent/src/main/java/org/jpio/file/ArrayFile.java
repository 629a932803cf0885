package org.jpio.file;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jpio.engine.Advice;
import org.jpio.engine.EngineFile;
import org.jpio.engine.IoEngine;
import org.jpio.engine.OpenSpec;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotReadableException;
import org.jpio.io.FileNotWritableException;

/**
 * Positional, thread-safe reads and writes of primitive arrays and ByteBuffers at explicit file positions
 * (byte locations), in a chosen byte order. There is no file pointer, so any number of threads may share one ArrayFile,
 * and any number of threads and processes may write disjoint regions of one file at once.
 *
 * <p>Arguments are checked before any byte moves: a negative or overflowing position or count, an array
 * range out of bounds and a read past end of file each fail with a message naming the file, position
 * and count, and the file is left as it was. As a {@link java.nio.channels.FileChannel}: an operation after
 * {@link #close()} throws {@link FileClosedException}, a write (or setLength, preallocate, exclusive lock)
 * on a file opened without WRITE {@link FileNotWritableException}, a read (or shared lock) on a file
 * opened without READ {@link FileNotReadableException}, each before the engine is called. The modes
 * checked are the ones this ArrayFile was opened with.
 *
 * <pre>{@code
 * try (ArrayFile f = ArrayFile.open(path, ArrayFileOptions.defaults(), CREATE, READ, WRITE)) {
 *     f.writeArray(rank * block * 4L, data, 0, block);   // int[] data
 * }
 * }</pre>
 */
public final class ArrayFile implements Closeable {
    private final Path path;
    private final ArrayFileOptions options;
    private final EngineFile file;
    /** The modes asked for at open: what the access checks hold calls to. */
    private final Set<StandardOpenOption> modes;
    private final boolean readable;
    private final boolean writable;
    private final boolean deleteOnClose;
    private final IoStats stats = new IoStats();
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * A size the file has at least: the last size asked of the system, raised by this handle's writes, set by
     * its truncations. A read that ends within it asks no fstat (one system call per read saved; a file
     * truncated meanwhile through another handle is then found by the read itself, which stops at the end
     * of file with the same EOFException, after filling what lay before it).
     */
    private final java.util.concurrent.atomic.AtomicLong sizeAtLeast = new java.util.concurrent.atomic.AtomicLong(-1);
    private volatile RangeLocks locks;

    private ArrayFile(Path path, ArrayFileOptions options, EngineFile file, OpenSpec spec) {
        this.path = path;
        this.options = options;
        this.file = file;
        this.modes = Collections.unmodifiableSet(EnumSet.copyOf(spec.options())); // EnumSet: stable order in messages
        this.readable = spec.readable();
        this.writable = spec.writable();
        this.deleteOnClose = modes.contains(StandardOpenOption.DELETE_ON_CLOSE);
    }

    /** Opens with the default options; no modes means READ. */
    public static ArrayFile open(Path path, StandardOpenOption... modes) throws IOException {
        return open(path, ArrayFileOptions.defaults(), modes);
    }

    public static ArrayFile open(Path path, ArrayFileOptions options, StandardOpenOption... modes) throws IOException {
        Set<StandardOpenOption> set = modes.length == 0 ? EnumSet.of(StandardOpenOption.READ) : EnumSet.of(modes[0], modes);
        return open(path, options, set);
    }

    public static ArrayFile open(Path path, ArrayFileOptions options, Set<StandardOpenOption> modes) throws IOException {
        if (path == null) throw new IllegalArgumentException("path is null");
        if (modes.contains(StandardOpenOption.APPEND))
            throw new IllegalArgumentException("APPEND has no meaning for positional I/O: path=" + path);
        IoEngine engine = options.engine();
        if (options.direct() && !engine.supportsDirect())
            throw new IllegalArgumentException("engine=" + engine.name() + " does not support O_DIRECT: path=" + path);
        OpenSpec spec = new OpenSpec(modes, options.direct());
        return new ArrayFile(path, options, engine.open(path, spec), spec);
    }

    public Path path() { return path; }

    public ByteOrder order() { return options.order(); }

    public ArrayFileOptions options() { return options; }

    public IoEngine engine() { return file.engine(); }

    /** The open options this file was opened with (no modes: READ). */
    public Set<StandardOpenOption> modes() { return modes; }

    /** Counters of this file's I/O so far. */
    public IoStats.Snapshot stats() { return stats.snapshot(); }

    // ---- arrays -----------------------------------------------------------------------------------

    /** Writes the whole primitive array at {@code position}. */
    public void writeArray(long position, Object array) throws IOException {
        writeArray(position, array, 0, ElementType.of(array).length(array));
    }

    /** Writes {@code count} elements of {@code array} from {@code index} at {@code position}. */
    public void writeArray(long position, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = check(Access.WRITE, position, array, t, index, count);
        file.writeArray(position, array, t, index, count, options.order());
        stats.wrote(bytes);
        grewTo(position + bytes);
    }

    /**
     * Writes {@code n} stretches of {@code array} one after another at {@code position}: stretch k is
     * {@code count[k]} elements from {@code index[k]} (the rows of a ghosted block's interior, which then
     * reach the file without being copied together first where the engine can move them with vectored
     * calls). Every stretch is checked before any byte moves.
     */
    public void writeArrayRuns(long position, Object array, int[] index, int[] count, int n) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = checkRuns(Access.WRITE, position, array, t, index, count, n);
        file.writeArrayRuns(position, array, t, index, count, n, options.order());
        stats.wrote(bytes);
        grewTo(position + bytes);
    }

    /** The reverse of {@link #writeArrayRuns}; EOFException before any read if the file is too short. */
    public void readArrayRuns(long position, Object array, int[] index, int[] count, int n) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = checkRuns(Access.READ, position, array, t, index, count, n);
        requireWithinFile(position, bytes);
        file.readArrayRuns(position, array, t, index, count, n, options.order());
        stats.read(bytes);
    }

    /** Fills the whole array from {@code position}. */
    public void readArray(long position, Object array) throws IOException {
        readArray(position, array, 0, ElementType.of(array).length(array));
    }

    /**
     * Reads {@code count} elements into {@code array[index..]}; EOFException before any read if the file is too
     * short (if another handle truncated it since this one last saw its size, the read itself meets the end
     * and throws the same EOFException after filling what lay before it).
     */
    public void readArray(long position, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = check(Access.READ, position, array, t, index, count);
        requireWithinFile(position, bytes);
        file.readArray(position, array, t, index, count, options.order());
        stats.read(bytes);
    }

    // ---- byte buffers -----------------------------------------------------------------------------

    /** Writes all remaining bytes of {@code src} at {@code position}, advancing the buffer's position. */
    public void write(long position, ByteBuffer src) throws IOException {
        int n = src.remaining();
        checkPosition(Access.WRITE, position, n);
        file.writeFully(position, src);
        stats.wrote(n);
        grewTo(position + n);
    }

    /** Fills the remaining bytes of {@code dst} from {@code position}; EOFException first if the file is too short. */
    public void read(long position, ByteBuffer dst) throws IOException {
        int n = dst.remaining();
        checkPosition(Access.READ, position, n);
        requireWithinFile(position, n);
        file.readFully(position, dst);
        stats.read(n);
    }

    // ---- noncontiguous (data sieving) -------------------------------------------------------------

    /**
     * Writes the array range, in order, to the file pieces {@code (positions[i], lengths[i])} (bytes; each a
     * multiple of the element size, and adding up to {@code count} elements). With {@code romio_ds_write}
     * on, pieces closer than {@code ind_wr_buffer_size} are merged into read-modify-write windows taken
     * under a byte-range lock, so concurrent writers of interleaved pieces lose nothing.
     */
    public void writePieces(long[] positions, long[] lengths, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        t.checkRange(array, index, count);
        long total = Pieces.check(path, "write", positions, lengths, t.size(), (long) count << t.shift());
        requireAccess(Access.WRITE, positions.length == 0 ? 0 : positions[0], total);
        ByteBuffer mem = ByteBuffer.allocate((int) total).order(options.order());
        t.put(mem, array, index, count);
        writePieces(positions, lengths, mem.flip());
    }

    /**
     * Writes the remaining bytes of {@code data} (in the file's byte order), in order, to the file pieces
     * (bytes; adding up to {@code data.remaining()}), with the data sieving of {@link #writePieces(long[],
     * long[], Object, int, int)}: for callers whose elements do not lie in one array range.
     */
    public void writePieces(long[] positions, long[] lengths, ByteBuffer data) throws IOException {
        long total = Pieces.check(path, "write", positions, lengths, 1, data.remaining());
        requireAccess(Access.WRITE, positions.length == 0 ? 0 : positions[0], total);
        DataSieve.write(this, positions, lengths, data);
        stats.wrote(total);
    }

    /** Reads the file pieces, in order, into the array range; the reverse of {@link #writePieces}. */
    public void readPieces(long[] positions, long[] lengths, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        t.checkRange(array, index, count);
        long total = Pieces.check(path, "read", positions, lengths, t.size(), (long) count << t.shift());
        ByteBuffer mem = ByteBuffer.allocate((int) total).order(options.order());
        readPieces(positions, lengths, mem);
        t.get(mem.flip(), array, index, count);
    }

    /** Reads the file pieces, in order, into the remaining bytes of {@code data} (in the file's byte order). */
    public void readPieces(long[] positions, long[] lengths, ByteBuffer data) throws IOException {
        long total = Pieces.check(path, "read", positions, lengths, 1, data.remaining());
        requireAccess(Access.READ, positions.length == 0 ? 0 : positions[0], total);
        long end = Pieces.end(positions, lengths);
        if (end > 0) requireWithinFile(0, end);
        DataSieve.read(this, positions, lengths, data);
        stats.read(total);
    }

    // ---- file-level operations --------------------------------------------------------------------

    public long size() throws IOException {
        requireAccess(Access.of("size"), 0, 0);
        long size = file.size();
        sizeAtLeast.set(size);
        return size;
    }

    /** Whether the file is known, without a system call, to extend at least to byte {@code end}. */
    public boolean knownWithin(long end) { return end <= sizeAtLeast.get(); }

    private void grewTo(long end) { sizeAtLeast.accumulateAndGet(end, Math::max); }

    /** Truncates or extends the file (MPI_File_set_size); needs WRITE, as FileChannel.truncate. */
    public void setLength(long size) throws IOException {
        checkPosition(Access.of("setLength", true, false), size, 0);
        file.setLength(size);
        sizeAtLeast.set(size);
    }

    /** Reserves blocks for {@code [position, position+length)} (MPI_File_preallocate, posix_fallocate); needs WRITE. */
    public void preallocate(long position, long length) throws IOException {
        checkPosition(Access.of("preallocate", true, false), position, length);
        file.preallocate(position, length);
        grewTo(position + length);
    }

    /** Where the first hole at or after {@code position} starts, the end counting as one ({@link org.jpio.engine.EngineFile#holeAt}). */
    public long holeAt(long position) throws IOException {
        checkPosition(Access.of("holeAt"), position, 0);
        return file.holeAt(position);
    }

    /** Forces written data to the device; with {@code metadata}, also the file's metadata (fsync). */
    public void sync(boolean metadata) throws IOException {
        requireAccess(Access.of("sync"), 0, 0);
        file.sync(metadata);
    }

    public void advise(long position, long length, Advice advice) throws IOException {
        checkPosition(Access.of("advise"), position, length);
        file.advise(position, length, advice);
    }

    /**
     * Locks {@code [position, position+length)} against other threads and processes that lock it too
     * (advisory, as fcntl). Close the returned lock to release it. As FileChannel.lock and fcntl, a shared
     * lock needs READ and an exclusive one WRITE.
     */
    public EngineFile.RangeLock lock(long position, long length, boolean shared) throws IOException {
        checkPosition(Access.of("lock", !shared, shared), position, length);
        RangeLocks l = locks;
        if (l == null) locks = l = RangeLocks.forFile(path);
        return l.lock(file, position, length, shared);
    }

    public boolean isOpen() { return !closed.get(); }

    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) return;
        try {
            file.close();
        } finally {
            if (deleteOnClose) Files.deleteIfExists(path);
        }
    }

    /**
     * The engine file, for jpio's own layers (sieving, async, collective) that move bytes themselves. It
     * has the access the engine opened it with; the checks of this class are not repeated there.
     */
    public EngineFile engineFile() { return file; }

    // ---- checks -----------------------------------------------------------------------------------

    /** An operation and the access it needs. */
    private record Access(String op, boolean write, boolean read) {
        static final Access READ = new Access("read", false, true);
        static final Access WRITE = new Access("write", true, false);

        static Access of(String op) { return new Access(op, false, false); }

        static Access of(String op, boolean write, boolean read) { return new Access(op, write, read); }
    }

    private long check(Access a, long position, Object array, ElementType t, int index, int count) throws IOException {
        try {
            t.checkRange(array, index, count);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(a.op + " path=" + path + " offset=" + position + ": " + e.getMessage());
        }
        long bytes = (long) count << t.shift();
        checkPosition(a, position, bytes);
        return bytes;
    }

    /** The stretches' bytes, every stretch checked against the array first, then the position and access. */
    private long checkRuns(Access a, long position, Object array, ElementType t, int[] index, int[] count, int n) throws IOException {
        String op = a.op + "ArrayRuns";
        if (n < 0 || n > index.length || n > count.length)
            throw new IllegalArgumentException(op + " path=" + path + " offset=" + position + ": n=" + n + " stretches, index has "
                    + index.length + ", count " + count.length);
        long elements = 0;
        for (int k = 0; k < n; k++) {
            try {
                t.checkRange(array, index[k], count[k]);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(op + " path=" + path + " offset=" + position + " stretch=" + k + ": " + e.getMessage());
            }
            elements += count[k];
        }
        long bytes = elements << t.shift();
        checkPosition(a, position, bytes);
        return bytes;
    }

    /** Arguments first (IllegalArgumentException), then open state and access, as FileChannel orders them. */
    private void checkPosition(Access a, long position, long length) throws IOException {
        if (position < 0 || length < 0 || position > Long.MAX_VALUE - length)
            throw new IllegalArgumentException(a.op + ": position and length must be non-negative and not overflow: path="
                    + path + " offset=" + position + " length=" + length);
        requireAccess(a, position, length);
    }

    private void requireAccess(Access a, long position, long length) throws FileClosedException {
        if (closed.get()) throw FileClosedException.of(a.op, path, position, length);
        if (a.write && !writable) throw FileNotWritableException.of(a.op, path, position, length, modes);
        if (a.read && !readable) throw FileNotReadableException.of(a.op, path, position, length, modes);
    }

    private void requireWithinFile(long position, long length) throws IOException {
        if (position + length <= sizeAtLeast.get()) return;
        long size = size();
        if (position + length > size)
            throw new EOFException("read past end of file: path=" + path + " offset=" + position
                    + " length=" + length + " size=" + size);
    }
}
