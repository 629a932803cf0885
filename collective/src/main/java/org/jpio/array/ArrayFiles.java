package org.jpio.array;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;

/**
 * Collective questions and changes about a file of arrays that are not about one array's data: which
 * datasets it holds, and the attributes of the file ("/"), a group or a dataset. Rank 0 asks the format
 * (one reader or writer of the metadata, not N), every rank gets the answer or the same failure.
 */
public final class ArrayFiles {
    private ArrayFiles() { }

    /** The datasets of {@code file} in the format of its name's ending ({@code [""]} for a one-array format). */
    public static List<String> datasets(Comm comm, Path file) throws IOException {
        ArrayFormat format = ArrayFormats.of(file);
        String op = "datasets path=" + file;
        String joined = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                StringBuilder b = new StringBuilder();
                for (String d : format.datasets(file)) b.append(d).append('\0'); // each ended, so [] and [""] differ
                joined = b.toString();
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        String all = new String(comm.shareFromRoot(op, 0, joined == null ? null : joined.getBytes(StandardCharsets.UTF_8), failed), StandardCharsets.UTF_8);
        String[] parts = all.split("\0", -1);
        return List.of(java.util.Arrays.copyOf(parts, parts.length - 1));
    }

    /** The attributes of {@code object}: its file, and "/" (the file), a group or a dataset as its dataset path. */
    public static Attributes attributes(Comm comm, ArrayPath object) throws IOException {
        ArrayFormat format = ArrayFormats.of(object.file());
        String op = "attributes path=" + object;
        Attributes found = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                found = format.attributes(object.file(), object.dataset());
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        return Attributes.decode(comm.shareFromRoot(op, 0, found == null ? null : found.encode(), failed));
    }

    /**
     * Adds {@code attributes} to {@code object} of an existing file (a missing group path becomes a group),
     * replacing attributes of the same names. In place: the HDF5 library rewrites the object's header.
     */
    public static void setAttributes(Comm comm, ArrayPath object, Attributes attributes) throws IOException {
        ArrayFormat format = ArrayFormats.of(object.file());
        String op = "set attributes path=" + object;
        comm.requireSame(op, "path", object.toString(), "attributes", attributes == null ? "null" : attributes.toString());
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                format.setAttributes(object.file(), object.dataset(), attributes);
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree(op, failed);
    }
}
