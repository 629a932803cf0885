package org.jpio.format;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where an array is: a file, and for a format that holds several arrays (HDF5) the path of the dataset
 * inside it, written {@code file.h5:/group/dataset} on command lines. The path inside the file is absolute
 * ("/" is the file's root group, which holds the file's attributes); "" means the file's one array, for
 * formats that hold one (RAW, NPY), or the format's default dataset ({@link ArrayFormat#defaultDataset}).
 */
public record ArrayPath(Path file, String dataset) {
    public ArrayPath {
        if (file == null || dataset == null) throw new IllegalArgumentException("array path: file and dataset must not be null");
        dataset = normalized(dataset, file);
    }

    /** The file's one array (or the format's default dataset). */
    public static ArrayPath of(Path file) { return new ArrayPath(file, ""); }

    public static ArrayPath of(Path file, String dataset) { return new ArrayPath(file, dataset); }

    /**
     * {@code file.h5:/group/dataset} or a plain file name. The text splits at the first {@code :/} that
     * follows a file name ending like a format that holds several arrays ({@code .h5}, {@code .hdf5}); any
     * other text is a file name as it stands (a colon is legal in one).
     */
    public static ArrayPath parse(String text) {
        if (text == null || text.isEmpty()) throw new IllegalArgumentException("array path must not be empty");
        for (int at = text.indexOf(":/"); at > 0; at = text.indexOf(":/", at + 1)) {
            String file = text.substring(0, at).toLowerCase(Locale.ROOT);
            for (ArrayFormat f : ArrayFormats.all())
                if (f.holdsSeveral()) for (String ext : f.extensions()) if (file.endsWith(ext)) return new ArrayPath(Path.of(text.substring(0, at)), text.substring(at + 1));
        }
        return of(Path.of(text));
    }

    /** The same dataset in another file (a temporary beside the target, say). */
    public ArrayPath inFile(Path other) { return new ArrayPath(other, dataset); }

    @Override public String toString() { return dataset.isEmpty() ? file.toString() : file + ":" + dataset; }

    private static String normalized(String dataset, Path file) {
        if (dataset.isEmpty() || dataset.equals("/")) return dataset;
        String d = dataset.startsWith("/") ? dataset : "/" + dataset;
        if (d.endsWith("/")) d = d.substring(0, d.length() - 1);
        for (String part : d.substring(1).split("/", -1))
            if (part.isEmpty() || part.equals(".") || part.equals("..") || part.indexOf('\0') >= 0)
                throw new IllegalArgumentException("dataset path=" + dataset + " of file path=" + file
                        + " has an empty, '.', '..' or NUL component; write it as /group/name");
        return d;
    }
}
