package org.jpio.format;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The registry of array formats. A file's format is named, or taken from its name's ending; a name with no
 * known ending is RAW. Formats stay listed where they cannot run, with the reason: H5 needs the HDF Group's
 * Java bindings, which jpio does not require, and using it without them says what is missing and how to
 * install it.
 */
public final class ArrayFormats {
    /** The global array and nothing else (RAW). */
    public static final ArrayFormat RAW = new RawFormat();
    /** numpy's .npy. */
    public static final ArrayFormat NPY = new NpyFormat();
    /** HDF5 (.h5, .hdf5): datasets in groups, with attributes, through the HDF Group's Java bindings. */
    public static final ArrayFormat H5 = new H5Format();

    private static final List<ArrayFormat> ALL = List.of(RAW, NPY, H5);

    private ArrayFormats() { }

    public static List<ArrayFormat> all() { return ALL; }

    /** The format called {@code name}; IllegalArgumentException naming the known ones otherwise, or the reason it is unavailable. */
    public static ArrayFormat get(String name) {
        for (ArrayFormat f : ALL) {
            if (!f.name().equals(name)) continue;
            f.unavailableReason().ifPresent(why -> { throw new IllegalStateException("format " + name + " is unavailable: " + why); });
            return f;
        }
        List<String> names = new ArrayList<>();
        for (ArrayFormat f : ALL) names.add(f.name());
        throw new IllegalArgumentException("unknown array format=" + name + " (known: " + String.join(", ", names) + ")");
    }

    /** The format of a file name: by its ending, RAW when none matches. */
    public static ArrayFormat of(Path path) {
        Path name = path.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        for (ArrayFormat f : ALL) for (String ext : f.extensions()) if (n.endsWith(ext)) return get(f.name());
        return RAW;
    }

    /** The dataset of {@code file} a one-array format can name: "" (the file's array); an IllegalArgumentException otherwise. */
    static void requireOneArray(ArrayFormat f, Path file, String dataset) {
        if (dataset != null && !dataset.isEmpty())
            throw new IllegalArgumentException("format " + f.name() + " holds one array per file, without a dataset name: dataset=" + dataset
                    + " of file path=" + file + " (datasets need a format that holds several, such as h5)");
    }

    /** The checks of a one-array format: {@code a} has neither a dataset name nor attributes. */
    static void requireOneArray(ArrayFormat f, Path file, NewArray a) {
        requireOneArray(f, file, a.dataset());
        if (!a.attributes().isEmpty())
            throw new IllegalArgumentException("format " + f.name() + " holds no attributes: cannot store " + a.attributes() + " in file path=" + file);
    }

    /** Opens {@code file} for writing, creating it; an IOException naming it when it is not empty. */
    static java.nio.channels.FileChannel createEmpty(Path file) throws IOException {
        java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE);
        if (c.size() != 0) {
            long size = c.size();
            c.close();
            throw new IOException("a file to prepare for an array must be new or empty: path=" + file + " size=" + size);
        }
        return c;
    }

    /**
     * Gives a new file its size without writing its blocks (its last byte), failing as jpio's engines do:
     * "no space left", or "file too large" with the ulimit -f limit, naming the file.
     */
    static void size(java.nio.channels.FileChannel c, Path file, long size) throws IOException {
        if (size == 0) return;
        try {
            c.write(java.nio.ByteBuffer.allocate(1), size - 1);
        } catch (IOException e) {
            throw org.jpio.engine.IoErrors.wrap(e, "size the new file", file, size - 1, 1);
        }
    }

    /**
     * Readies {@code file} (created if missing) to be rewritten in place as a one-array file of {@code size}
     * bytes whose data starts at {@code dataPosition}: the bytes before the data, where the header goes at
     * finish, are zeroed (so the old header no longer vouches for the file), the size is set, and the blocks
     * it still covers are kept for the data to be written over.
     */
    static void overwrite(Path file, long dataPosition, long size) throws IOException {
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE)) {
            long zero = Math.min(dataPosition, c.size());
            try {
                java.nio.ByteBuffer z = java.nio.ByteBuffer.allocate((int) zero);
                while (z.hasRemaining()) c.write(z, z.position());
            } catch (IOException e) {
                throw org.jpio.engine.IoErrors.wrap(e, "withdraw the old header", file, 0, zero);
            }
            resize(c, file, size);
        }
    }

    /** Sets an existing file's size: a longer file loses its tail, a shorter one grows without writing its blocks. */
    static void resize(java.nio.channels.FileChannel c, Path file, long size) throws IOException {
        long now = c.size();
        if (now > size) c.truncate(size);
        else if (now < size) size(c, file, size);
    }

    /** The data bytes of {@code s}; an IOException naming the file when the shape's size overflows a long. */
    static long bytes(StoredArray s, Path file) throws IOException {
        try {
            return s.dataBytes();
        } catch (ArithmeticException e) {
            throw new IOException("array of " + s.type() + " with shape " + java.util.Arrays.toString(s.shape())
                    + " has more bytes than a file can hold (2^63): path=" + file, e);
        }
    }
}
