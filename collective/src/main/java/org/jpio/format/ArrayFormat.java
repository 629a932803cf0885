package org.jpio.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jpio.io.ElementType;

/**
 * An on-disk format of arrays, behind {@code DistributedArray}: RAW, NPY (numpy's .npy) and H5 (HDF5), as
 * entries of {@link ArrayFormats}. A format only describes and prepares files; every rank's data moves
 * through collective I/O into the one contiguous block the description names. The calls below are made
 * by one rank (rank 0), and their outcome is agreed on by all; only {@link #readSelection} is made by
 * every rank.
 *
 * <p>The order of a write keeps a reader from trusting a half-written file: {@link #prepare} lays out the
 * array with nothing a reader would accept as complete, every rank writes its data, and only then
 * {@link #finish} makes it valid (a .npy header is written last; an HDF5 dataset added to an existing file
 * gets its name last).
 *
 * <p>RAW and NPY files hold one array. A format that {@linkplain #holdsSeveral holds several} (HDF5)
 * addresses them by a dataset path inside the file ({@link ArrayPath}: {@code file.h5:/group/name}), keeps
 * groups, and keeps {@link Attributes} on the file ("/"), its groups and its arrays. The defaults below are
 * those of a one-array format: no dataset names, no attributes, every array contiguous.
 */
public interface ArrayFormat {
    /** The registry name ("raw", "npy", "h5"). */
    String name();

    /** File name endings that select this format, lower case with the dot (".npy"). */
    List<String> extensions();

    /** Why this format cannot be used here (a missing library, and how to install it), or empty. */
    default Optional<String> unavailableReason() { return Optional.empty(); }

    /** Whether files say what they hold; a RAW file does not, so a reader must be told its type and shape. */
    default boolean selfDescribing() { return true; }

    /** Whether a file holds several named arrays (datasets), in groups, with attributes. */
    default boolean holdsSeveral() { return false; }

    /** The dataset an array given without one is written to ("" for a one-array format). */
    default String defaultDataset() { return ""; }

    /**
     * Creates {@code file} (which does not exist, or is empty) laid out for an array of {@code type} and {@code shape}
     * in C order and native byte order, sized to hold it, and says where the data goes.
     */
    StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException;

    /**
     * Lays out {@code array} in {@code file}: a file that does not exist or is empty is created for it; an
     * existing file of a format that {@linkplain #holdsSeveral holds several} arrays gets one more, which
     * stays invisible under its name (and a dataset of that name stays as it was) until {@link #finish}.
     * The default is a one-array format's: no dataset name, no attributes.
     */
    default StoredArray prepare(Path file, NewArray array) throws IOException {
        ArrayFormats.requireOneArray(this, file, array);
        return prepare(file, array.type(), array.shape());
    }

    /**
     * Lays out {@code array} over the file where it is, for a rewrite in place: the file (created if it is
     * missing) keeps its inode and the blocks its new size still covers, where a truncation would give them
     * all back and the ranks' writes would take them again (on ext4 here that doubles the time of rewriting
     * 64 MiB: docs/BENCHMARKS.md, bench h5). Afterwards the file has the size {@link #prepare} would give a
     * new one and, outside the data, its bytes; the data range keeps the old bytes until the ranks write it;
     * and nothing in it tells a reader it is complete until {@link #finish} (what said the old file was
     * complete is gone first). {@code scratch} is a private path beside the file that the format may create
     * and must delete before it returns. The default truncates the file and prepares it as a new one.
     */
    default StoredArray prepareInPlace(Path file, NewArray array, Path scratch) throws IOException {
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE)) {
            c.truncate(0);
        }
        return prepare(file, array);
    }

    /** Makes the file valid once all data is in it (writes what says it is complete), and syncs what it wrote. */
    void finish(Path file, StoredArray stored) throws IOException;

    /**
     * Undoes a {@link #prepare} that will not be finished, in a file that is kept (an existing file that was
     * given one more array): it leaves the file as it was. A new file is deleted instead, so the default does
     * nothing.
     */
    default void discard(Path file, StoredArray stored) throws IOException { }

    /**
     * What an existing file holds; an IOException or IllegalArgumentException naming the file and what is
     * wrong when it is not a file of this format, or not one jpio can read.
     */
    StoredArray inspect(Path file) throws IOException;

    /** What dataset {@code dataset} of {@code file} holds ("" for a one-array format, or its default dataset). */
    default StoredArray inspect(Path file, String dataset) throws IOException {
        ArrayFormats.requireOneArray(this, file, dataset);
        return inspect(file);
    }

    /** The datasets a file holds, by path, in the file's order ({@code [""]} for a one-array format). */
    default List<String> datasets(Path file) throws IOException { return List.of(""); }

    /** The attributes of an object of the file ("/" the file, or a group or dataset path); none for a format without them. */
    default Attributes attributes(Path file, String object) throws IOException { return Attributes.empty(); }

    /**
     * Adds {@code attributes} to an object of an existing file ("/" the file, a group or a dataset; a path
     * that does not exist becomes a group), replacing attributes of the same names.
     */
    default void setAttributes(Path file, String object, Attributes attributes) throws IOException {
        throw new IllegalArgumentException("format " + name() + " holds no attributes: cannot store " + attributes + " on object=" + object + " of file path=" + file);
    }

    /**
     * Reads part of an array that is not {@linkplain StoredArray#contiguous contiguous}, through the format's
     * library: the elements whose global index along dimension d is in {@code indices[d]} (ascending, no
     * repeats; their product is the selection), in C order of the selection, into {@code dst} in its byte
     * order, advancing it. Called by every rank at once; a format whose arrays are all contiguous has none
     * to read.
     */
    default void readSelection(Path file, StoredArray stored, long[][] indices, ByteBuffer dst) throws IOException {
        throw new IllegalStateException("format " + name() + " stores every array contiguously; " + stored + " of file path=" + file + " is not");
    }
}
