package org.jpio.file;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jpio.engine.Advice;
import org.jpio.engine.EngineFile;
import org.jpio.engine.IoEngine;
import org.jpio.engine.OpenSpec;
import org.jpio.io.ElementType;

/**
 * Positional, thread-safe reads and writes of primitive arrays and ByteBuffers at explicit file offsets,
 * in a chosen byte order. There is no file pointer, so any number of threads may share one ArrayFile,
 * and any number of threads and processes may write disjoint regions of one file at once.
 *
 * <p>Arguments are checked before any byte moves: a negative or overflowing offset or count, an array
 * range out of bounds, a closed file and a read past end of file each fail with a message naming the
 * file, offset and count, and the file is left as it was.
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
    private final boolean deleteOnClose;
    private final IoStats stats = new IoStats();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile RangeLocks locks;

    private ArrayFile(Path path, ArrayFileOptions options, EngineFile file, boolean deleteOnClose) {
        this.path = path;
        this.options = options;
        this.file = file;
        this.deleteOnClose = deleteOnClose;
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
        EngineFile f = engine.open(path, new OpenSpec(modes, options.direct()));
        return new ArrayFile(path, options, f, modes.contains(StandardOpenOption.DELETE_ON_CLOSE));
    }

    public Path path() { return path; }

    public ByteOrder order() { return options.order(); }

    public ArrayFileOptions options() { return options; }

    public IoEngine engine() { return file.engine(); }

    /** Counters of this file's I/O so far. */
    public IoStats.Snapshot stats() { return stats.snapshot(); }

    // ---- arrays -----------------------------------------------------------------------------------

    /** Writes the whole primitive array at {@code fileOffset}. */
    public void writeArray(long fileOffset, Object array) throws IOException {
        writeArray(fileOffset, array, 0, ElementType.of(array).length(array));
    }

    /** Writes {@code count} elements of {@code array} from {@code index} at {@code fileOffset}. */
    public void writeArray(long fileOffset, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = check("write", fileOffset, array, t, index, count);
        long t0 = System.nanoTime();
        file.writeArray(fileOffset, array, t, index, count, options.order());
        stats.wrote(bytes, System.nanoTime() - t0);
    }

    /** Fills the whole array from {@code fileOffset}. */
    public void readArray(long fileOffset, Object array) throws IOException {
        readArray(fileOffset, array, 0, ElementType.of(array).length(array));
    }

    /** Reads {@code count} elements into {@code array[index..]}; EOFException before any read if the file is too short. */
    public void readArray(long fileOffset, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        long bytes = check("read", fileOffset, array, t, index, count);
        requireWithinFile("read", fileOffset, bytes);
        long t0 = System.nanoTime();
        file.readArray(fileOffset, array, t, index, count, options.order());
        stats.read(bytes, System.nanoTime() - t0);
    }

    // ---- byte buffers -----------------------------------------------------------------------------

    /** Writes all remaining bytes of {@code src} at {@code fileOffset}, advancing its position. */
    public void write(long fileOffset, ByteBuffer src) throws IOException {
        int n = src.remaining();
        checkOffset("write", fileOffset, n);
        long t0 = System.nanoTime();
        file.writeFully(fileOffset, src);
        stats.wrote(n, System.nanoTime() - t0);
    }

    /** Fills the remaining bytes of {@code dst} from {@code fileOffset}; EOFException first if the file is too short. */
    public void read(long fileOffset, ByteBuffer dst) throws IOException {
        int n = dst.remaining();
        checkOffset("read", fileOffset, n);
        requireWithinFile("read", fileOffset, n);
        long t0 = System.nanoTime();
        file.readFully(fileOffset, dst);
        stats.read(n, System.nanoTime() - t0);
    }

    // ---- noncontiguous (data sieving) -------------------------------------------------------------

    /**
     * Writes the array range, in order, to the file pieces {@code (offsets[i], lengths[i])} (bytes; each a
     * multiple of the element size, and adding up to {@code count} elements). With {@code romio_ds_write}
     * on, pieces closer than {@code ind_wr_buffer_size} are merged into read-modify-write windows taken
     * under a byte-range lock, so concurrent writers of interleaved pieces lose nothing.
     */
    public void writePieces(long[] offsets, long[] lengths, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        t.checkRange(array, index, count);
        long total = Pieces.check(path, "write", offsets, lengths, t.size(), (long) count << t.shift());
        ensureOpen("write", offsets.length == 0 ? 0 : offsets[0], total);
        ByteBuffer mem = ByteBuffer.allocate((int) total).order(options.order());
        t.put(mem, array, index, count);
        mem.flip();
        long t0 = System.nanoTime();
        DataSieve.write(this, offsets, lengths, mem);
        stats.wrote(total, System.nanoTime() - t0);
    }

    /** Reads the file pieces, in order, into the array range; the reverse of {@link #writePieces}. */
    public void readPieces(long[] offsets, long[] lengths, Object array, int index, int count) throws IOException {
        ElementType t = ElementType.of(array);
        t.checkRange(array, index, count);
        long total = Pieces.check(path, "read", offsets, lengths, t.size(), (long) count << t.shift());
        ensureOpen("read", offsets.length == 0 ? 0 : offsets[0], total);
        long end = Pieces.end(offsets, lengths);
        if (end > 0) requireWithinFile("read", 0, end);
        ByteBuffer mem = ByteBuffer.allocate((int) total).order(options.order());
        long t0 = System.nanoTime();
        DataSieve.read(this, offsets, lengths, mem);
        stats.read(total, System.nanoTime() - t0);
        mem.flip();
        t.get(mem, array, index, count);
    }

    // ---- file-level operations --------------------------------------------------------------------

    public long size() throws IOException {
        ensureOpen("size", 0, 0);
        return file.size();
    }

    /** Truncates or extends the file (MPI_File_set_size). */
    public void setLength(long size) throws IOException {
        checkOffset("setLength", size, 0);
        file.setLength(size);
    }

    /** Reserves blocks for {@code [offset, offset+length)} (MPI_File_preallocate, posix_fallocate). */
    public void preallocate(long offset, long length) throws IOException {
        checkOffset("preallocate", offset, length);
        long t0 = System.nanoTime();
        file.preallocate(offset, length);
        stats.other(System.nanoTime() - t0);
    }

    /** Forces written data to the device; with {@code metadata}, also the file's metadata (fsync). */
    public void sync(boolean metadata) throws IOException {
        ensureOpen("sync", 0, 0);
        long t0 = System.nanoTime();
        file.sync(metadata);
        stats.other(System.nanoTime() - t0);
    }

    public void advise(long offset, long length, Advice advice) throws IOException {
        checkOffset("advise", offset, length);
        file.advise(offset, length, advice);
    }

    /**
     * Locks {@code [offset, offset+length)} against other threads and processes that lock it too (advisory,
     * as fcntl). Close the returned lock to release it.
     */
    public EngineFile.RangeLock lock(long offset, long length, boolean shared) throws IOException {
        checkOffset("lock", offset, length);
        RangeLocks l = locks;
        if (l == null) locks = l = RangeLocks.forFile(path);
        return l.lock(file, offset, length, shared);
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

    /** The engine file, for jpio's own layers (sieving, async, collective) that move bytes themselves. */
    public EngineFile engineFile() { return file; }

    // ---- checks -----------------------------------------------------------------------------------

    private long check(String op, long fileOffset, Object array, ElementType t, int index, int count) throws IOException {
        try {
            t.checkRange(array, index, count);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(op + " path=" + path + " offset=" + fileOffset + ": " + e.getMessage());
        }
        long bytes = (long) count << t.shift();
        checkOffset(op, fileOffset, bytes);
        return bytes;
    }

    void checkOffset(String op, long fileOffset, long length) throws IOException {
        if (fileOffset < 0 || length < 0 || fileOffset > Long.MAX_VALUE - length)
            throw new IllegalArgumentException(op + ": offset and length must be non-negative and not overflow: path="
                    + path + " offset=" + fileOffset + " length=" + length);
        ensureOpen(op, fileOffset, length);
    }

    private void ensureOpen(String op, long fileOffset, long length) throws IOException {
        if (closed.get())
            throw new IOException(op + " on closed file: path=" + path + " offset=" + fileOffset + " length=" + length);
    }

    private void requireWithinFile(String op, long fileOffset, long length) throws IOException {
        long size = file.size();
        if (fileOffset + length > size)
            throw new EOFException("read past end of file: path=" + path + " offset=" + fileOffset
                    + " length=" + length + " size=" + size);
    }
}
