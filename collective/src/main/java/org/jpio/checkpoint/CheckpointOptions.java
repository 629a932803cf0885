package org.jpio.checkpoint;

import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.parallel.Hints;

/**
 * How a {@link CheckpointStore} writes: the array format, how many valid checkpoints to keep, the staging
 * memory of asynchronous checkpoints, the size of the chunks data moves in, the checksum block size, and the
 * hints of the collective I/O. Immutable; {@code CheckpointOptions.defaults().keepLast(3)}. Every rank must
 * pass the same options (checked when the store opens).
 */
public final class CheckpointOptions {
    /** Default bound of the staging memory of asynchronous checkpoints, per rank. */
    public static final long DEFAULT_STAGING_BYTES = 256L << 20;
    /** Default chunk: each collective write moves up to this much per rank. */
    public static final int DEFAULT_CHUNK_BYTES = 16 << 20;
    /** Default checksum block: one CRC32C per MiB of file. */
    public static final int DEFAULT_BLOCK_BYTES = 1 << 20;

    private final ArrayFormat format;
    private final int keepLast;
    private final long stagingBytes;
    private final int chunkBytes;
    private final int blockBytes;
    private final Hints hints;
    private final boolean readOnly;
    private final AsyncMode async;

    private CheckpointOptions(ArrayFormat format, int keepLast, long stagingBytes, int chunkBytes, int blockBytes, Hints hints, boolean readOnly, AsyncMode async) {
        this.format = format;
        this.keepLast = keepLast;
        this.stagingBytes = stagingBytes;
        this.chunkBytes = chunkBytes;
        this.blockBytes = blockBytes;
        this.hints = hints;
        this.readOnly = readOnly;
        this.async = async;
    }

    /**
     * NPY, keep every checkpoint, 256 MiB staging, 16 MiB chunks, 1 MiB checksum blocks, hints from the
     * environment (ROMIO_HINTS), asynchronous commits where {@link AsyncMode#AUTOMATIC} decides.
     */
    public static CheckpointOptions defaults() {
        return new CheckpointOptions(ArrayFormats.NPY, 0, DEFAULT_STAGING_BYTES, DEFAULT_CHUNK_BYTES, DEFAULT_BLOCK_BYTES, null, false, AsyncMode.AUTOMATIC);
    }

    /**
     * The format of the arrays' files (the manifest says which); any available entry of {@link ArrayFormats}.
     * NPY and RAW write a file per array; h5 writes each checkpoint as one HDF5 file, {@code checkpoint.h5},
     * a dataset {@code /<name>} per array and the step and attributes on its root group. An unavailable
     * entry (h5 without the HDF5 bindings) is an IllegalArgumentException saying what is missing.
     */
    public CheckpointOptions format(ArrayFormat f) {
        if (f == null) throw new IllegalArgumentException("format must not be null");
        f.unavailableReason().ifPresent(why -> { throw new IllegalArgumentException("format " + f.name() + " is unavailable: " + why); });
        return new CheckpointOptions(f, keepLast, stagingBytes, chunkBytes, blockBytes, hints, readOnly, async);
    }

    /**
     * Keep the newest {@code k} valid checkpoints: older ones are removed after each commit, never before
     * the newer one is committed, and the latest valid one never. 0 keeps all.
     */
    public CheckpointOptions keepLast(int k) {
        if (k < 0) throw new IllegalArgumentException("keepLast=" + k + " must be >= 0 (0 keeps all)");
        return new CheckpointOptions(format, k, stagingBytes, chunkBytes, blockBytes, hints, readOnly, async);
    }

    /**
     * The most memory per rank that copies of arrays for asynchronous checkpoints may take. A checkpoint
     * larger than this is copied as the background writes: {@code commitAsync} then waits for room.
     */
    public CheckpointOptions stagingBytes(long bytes) {
        if (bytes < 1) throw new IllegalArgumentException("stagingBytes=" + bytes + " must be >= 1");
        return new CheckpointOptions(format, keepLast, bytes, chunkBytes, blockBytes, hints, readOnly, async);
    }

    /** Per-rank bytes of each collective write (and of each staging piece); at most the staging bound is used. */
    public CheckpointOptions chunkBytes(int bytes) {
        if (bytes < 8) throw new IllegalArgumentException("chunkBytes=" + bytes + " must be >= 8");
        return new CheckpointOptions(format, keepLast, stagingBytes, bytes, blockBytes, hints, readOnly, async);
    }

    /** Bytes per CRC32C block of the files (the manifest records it, so readers need not know). */
    public CheckpointOptions blockBytes(int bytes) {
        if (bytes < 1) throw new IllegalArgumentException("blockBytes=" + bytes + " must be >= 1");
        return new CheckpointOptions(format, keepLast, stagingBytes, chunkBytes, bytes, hints, readOnly, async);
    }

    /** Hints of the collective I/O that moves the arrays (ParallelFile's). */
    public CheckpointOptions hints(Hints h) {
        if (h == null) throw new IllegalArgumentException("hints must not be null");
        return new CheckpointOptions(format, keepLast, stagingBytes, chunkBytes, blockBytes, h, readOnly, async);
    }

    /**
     * Where {@code commitAsync} writes: {@link AsyncMode#AUTOMATIC} (the default: in the background only where
     * the ranks leave a processor free), or forced {@link AsyncMode#BACKGROUND} or {@link AsyncMode#INLINE}.
     */
    public CheckpointOptions async(AsyncMode mode) {
        if (mode == null) throw new IllegalArgumentException("async mode must not be null (AUTOMATIC, BACKGROUND or INLINE)");
        return new CheckpointOptions(format, keepLast, stagingBytes, chunkBytes, blockBytes, hints, readOnly, mode);
    }

    /** A store that only restarts: it takes no writer lock and cannot begin checkpoints. */
    public CheckpointOptions readOnly() {
        return new CheckpointOptions(format, keepLast, stagingBytes, chunkBytes, blockBytes, hints, true, async);
    }

    public ArrayFormat format() { return format; }
    public int keepLast() { return keepLast; }
    public long stagingBytes() { return stagingBytes; }
    public int blockBytes() { return blockBytes; }
    public boolean isReadOnly() { return readOnly; }
    public AsyncMode asyncMode() { return async; }

    /** The chunk actually used: at most the staging bound. */
    public int chunkBytes() { return (int) Math.min(chunkBytes, stagingBytes); }

    /** The hints given, or those of the environment. */
    public Hints hints() { return hints != null ? hints : Hints.fromEnvironment(); }

    /** What every rank must agree on. */
    String[] describe() {
        return new String[] {"format", format.name(), "keepLast", Integer.toString(keepLast), "stagingBytes", Long.toString(stagingBytes),
                "chunkBytes", Integer.toString(chunkBytes()), "blockBytes", Integer.toString(blockBytes), "readOnly", Boolean.toString(readOnly), "async", async.name()};
    }

    @Override public String toString() {
        return "CheckpointOptions[format=" + format.name() + " keepLast=" + keepLast + " stagingBytes=" + stagingBytes + " chunkBytes=" + chunkBytes()
                + " blockBytes=" + blockBytes + " async=" + async.name().toLowerCase(java.util.Locale.ROOT) + (readOnly ? " readOnly" : "") + "]";
    }
}
