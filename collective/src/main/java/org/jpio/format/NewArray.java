package org.jpio.format;

import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * What {@link ArrayFormat#prepare(java.nio.file.Path, NewArray)} lays out: an array of {@code type} and
 * {@code shape} in C order and native byte order, named {@code dataset} inside the file ("" for the file's
 * one array or the format's default), with {@code attributes}, its data starting on a multiple of
 * {@code alignment} bytes where the format can place it ({@link #alignment}: the file system's stripe size, or
 * 1 MiB for a large array whose ranks' blocks interleave; 0 or 1: anywhere).
 */
public record NewArray(String dataset, ElementType type, long[] shape, Attributes attributes, long alignment) {
    public NewArray {
        if (dataset == null || type == null || shape == null || attributes == null)
            throw new IllegalArgumentException("new array: dataset, type, shape and attributes must not be null");
        if (alignment < 0) throw new IllegalArgumentException("new array: alignment=" + alignment + " must be >= 0");
        shape = shape.clone();
        for (long s : shape) if (s < 0) throw new IllegalArgumentException("new array: shape " + Arrays.toString(shape) + " has a negative extent");
    }

    /** Where the data of an interleaved array starts when no stripe is known: {@link #alignment}. */
    public static final long INTERLEAVED_ALIGNMENT = 1 << 20;
    /** Arrays smaller than this keep the format's own place: the padding would be a large share of the file. */
    public static final long ALIGNED_FROM = 16L << 20;

    /**
     * The alignment jpio asks of a format for an array of {@code type} and {@code shape} written by ranks
     * whose blocks {@code interleave} in the file: the stripe where the file system has one ({@code stripingUnit} > 0);
     * else {@link #INTERLEAVED_ALIGNMENT} for an interleaved array of at least {@link #ALIGNED_FROM} bytes;
     * else 0, the format's own place (HDF5's is right after its metadata, byte 2048 for one dataset).
     *
     * <p>Why interleaved arrays: the page cache keeps a file in large folios where the writes that made it
     * started on a large power-of-two boundary. Ranks whose runs start off one (2048 + k x 128 KiB) leave it
     * in small pieces, and on ext4 the coll_perf array's 4 writers then took 11-23% longer to write and sync
     * than from offset 0 or 1 MiB (docs/BENCHMARKS.md, {@code offset_probe}). Why not every array: a read
     * into a Java array from a page-aligned offset meets the 4K-aliasing trap on the processors that have it
     * (docs/ARCHITECTURE.md), which costs the reads of whole blocks (1-2 ranks) more than the alignment saves
     * their writes, whose few runs start off a boundary only at the ranks' edges.
     */
    public static long alignment(long stripingUnit, ElementType type, long[] shape, boolean interleave) {
        if (stripingUnit < 0) throw new IllegalArgumentException("alignment: striping_unit=" + stripingUnit + " must be >= 0");
        if (stripingUnit > 0) return stripingUnit;
        if (!interleave) return 0;
        long bytes = type.size();
        for (long s : shape) {
            if (s < 0) throw new IllegalArgumentException("alignment: shape " + Arrays.toString(shape) + " has a negative extent");
            if (s == 0) return 0;
            bytes = s > Long.MAX_VALUE / bytes ? Long.MAX_VALUE : bytes * s;
        }
        return bytes >= ALIGNED_FROM ? INTERLEAVED_ALIGNMENT : 0;
    }

    /** An array with no name, no attributes and no alignment: what a single-array format writes. */
    public static NewArray of(ElementType type, long... shape) { return new NewArray("", type, shape, Attributes.empty(), 0); }

    @Override public long[] shape() { return shape.clone(); }
}
