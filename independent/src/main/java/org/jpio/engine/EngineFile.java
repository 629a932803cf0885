package org.jpio.engine;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import org.jpio.io.ElementType;

/**
 * An open file of an {@link IoEngine}: positional, thread-safe transfers (no shared file pointer) plus
 * size, sync and locking, at byte positions. Arguments, open state and access mode have been checked by
 * the caller (ArrayFile); an engine reports I/O failures, as IOException whose message carries
 * {@code path=, offset=, length=} (offset= is the key of the position), and use after close as
 * {@link org.jpio.io.FileClosedException}.
 *
 * <p>The array transfers have a generic default that stages through a per-thread direct buffer in
 * {@link Staging#CHUNK} pieces; engines that can reach the array directly override them.
 */
public interface EngineFile extends Closeable {
    Path path();

    /** The engine that opened this file. */
    IoEngine engine();

    /** Reads exactly {@code dst.remaining()} bytes at {@code position}; EOFException if the file ends first. */
    void readFully(long position, ByteBuffer dst) throws IOException;

    /** Writes all of {@code src} at {@code position}, growing the file as needed. */
    void writeFully(long position, ByteBuffer src) throws IOException;

    /** Reads up to {@code dst.remaining()} bytes at {@code position}; returns the count, -1 at end of file. */
    int read(long position, ByteBuffer dst) throws IOException;

    /** Reads {@code count} elements into {@code array[index..]}, the file holding them in {@code order}. */
    default void readArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        Staging.readArray(this, position, array, type, index, count, order);
    }

    /** Writes {@code count} elements of {@code array[index..]} at {@code position}, in {@code order}. */
    default void writeArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
        Staging.writeArray(this, position, array, type, index, count, order);
    }

    /**
     * Writes {@code n} stretches of the array one after another to the file range at {@code position}:
     * stretch k is {@code count[k]} elements from {@code array[index[k]]} (the rows of a ghosted block's
     * interior, say), in {@code order}. The default gathers them through a per-thread direct buffer
     * ({@link Staging#writeRuns}); an engine that reaches the array directly writes them with one vectored
     * call per batch, without that copy.
     */
    default void writeArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order) throws IOException {
        Staging.writeRuns(this, position, array, type, index, count, n, order);
    }

    /**
     * The reverse of {@link #writeArrayRuns}: the file range at {@code position} read into the stretches one
     * after another; EOFException if the file ends first. The default goes through the per-thread buffer
     * ({@link Staging#readRuns}); an engine that reaches the array reads into it with vectored calls.
     */
    default void readArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order) throws IOException {
        Staging.readRuns(this, position, array, type, index, count, n, order);
    }

    long size() throws IOException;

    /** Truncates or extends (with a hole) the file to {@code size} bytes. */
    void setLength(long size) throws IOException;

    /**
     * Reserves disk blocks for {@code [position, position+length)} so later writes cannot fail for lack of
     * space (posix_fallocate); the file grows if needed. The default only extends the length.
     */
    default void preallocate(long position, long length) throws IOException {
        if (size() < position + length) setLength(position + length);
    }

    /**
     * Where the first hole (bytes without disk blocks) at or after {@code position} starts, the end of the
     * file counting as one (lseek SEEK_HOLE); a range ending at or before it has every block. Used to skip
     * reserving blocks a file already has. The default knows nothing of holes and answers {@code position}.
     */
    default long holeAt(long position) throws IOException { return position; }

    /** Flushes written data to the device: {@code fdatasync} when {@code metadata} is false, else {@code fsync}. */
    void sync(boolean metadata) throws IOException;

    /** Access-pattern advice (posix_fadvise); a hint, ignored by engines that cannot pass it on. */
    default void advise(long position, long length, Advice advice) throws IOException { }

    /**
     * Takes an OS byte-range lock (exclusive or shared) between processes, blocking until granted. It does
     * not exclude threads of this JVM: ArrayFile's lock table does that, and it also makes sure that one
     * owner (see {@link #locksPerProcess}) never asks for overlapping locks.
     */
    RangeLock lock(long position, long length, boolean shared) throws IOException;

    /**
     * Who owns this file's OS locks: true when they belong to the process (POSIX fcntl locks, as
     * FileChannel takes them, and the JVM refuses overlapping ones within itself), false when they belong
     * to this open file (Linux open-file-description locks). Either way threads share the owner's locks,
     * so ArrayFile takes a shared range once per owner for all its in-process holders.
     */
    default boolean locksPerProcess() { return true; }

    /** A held byte-range lock. */
    interface RangeLock extends AutoCloseable {
        @Override void close() throws IOException;
    }
}
