package org.jpio.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jpio.io.ElementType;

/**
 * An on-disk format of a whole array, behind {@code DistributedArray}: RAW, NPY (numpy's .npy), and
 * others as entries of {@link ArrayFormats}. A format only describes and prepares files; every rank's data
 * moves through collective I/O into the one contiguous block the description names. The three calls
 * below are made by one rank (rank 0), and their outcome is agreed on by all.
 *
 * <p>The order of a write keeps a reader from trusting a half-written file: {@link #prepare} lays out a new
 * file with nothing a reader would accept as complete, every rank writes its data, and only then
 * {@link #finish} makes the file valid (a .npy header is written last).
 */
public interface ArrayFormat {
    /** The registry name ("raw", "npy"). */
    String name();

    /** File name endings that select this format, lower case with the dot (".npy"). */
    List<String> extensions();

    /** Why this format cannot be used here (a missing library), or empty. */
    default Optional<String> unavailableReason() { return Optional.empty(); }

    /** Whether files say what they hold; a RAW file does not, so a reader must be told its type and shape. */
    default boolean selfDescribing() { return true; }

    /**
     * Creates {@code file} (which does not exist, or is empty) laid out for an array of {@code type} and {@code shape}
     * in C order and native byte order, sized to hold it, and says where the data goes.
     */
    StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException;

    /** Makes the file valid once all data is in it (writes what says it is complete), and syncs what it wrote. */
    void finish(Path file, StoredArray stored) throws IOException;

    /**
     * What an existing file holds; an IOException or IllegalArgumentException naming the file and what is
     * wrong when it is not a file of this format, or not one jpio can read.
     */
    StoredArray inspect(Path file) throws IOException;
}
