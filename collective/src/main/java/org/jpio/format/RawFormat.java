package org.jpio.format;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.jpio.io.ElementType;

/**
 * RAW: the global array in C order and native byte order from the first byte, nothing else: what MPI-IO
 * writes through a darray view with the "native" representation, and what a C code reads with one fread.
 * A RAW file does not say what it holds; a reader names the type and shape, and the file's size must match.
 */
final class RawFormat implements ArrayFormat {
    @Override public String name() { return "raw"; }

    @Override public List<String> extensions() { return List.of(".raw", ".bin", ".dat"); }

    @Override public boolean selfDescribing() { return false; }

    @Override public StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException {
        StoredArray s = new StoredArray(name(), type, shape, ByteOrder.nativeOrder(), false, 0);
        long size = ArrayFormats.bytes(s, file);
        try (FileChannel c = ArrayFormats.createEmpty(file)) {
            ArrayFormats.size(c, file, size); // sized and sparse
        }
        return s;
    }

    /** Keeps the file's blocks; nothing marks a RAW file complete, so a failure leaves old and new bytes mixed, as MPI-IO's would. */
    @Override public StoredArray prepareInPlace(Path file, NewArray array, Path scratch) throws IOException {
        ArrayFormats.requireOneArray(this, file, array);
        StoredArray s = new StoredArray(name(), array.type(), array.shape(), ByteOrder.nativeOrder(), false, 0);
        ArrayFormats.overwrite(file, 0, ArrayFormats.bytes(s, file));
        return s;
    }

    /** Nothing marks a RAW file complete: its writer's success is the only sign. */
    @Override public void finish(Path file, StoredArray stored) { }

    @Override public StoredArray inspect(Path file) {
        throw new IllegalArgumentException("a RAW file holds no description of its array: give the element type and shape (file path=" + file + ")");
    }
}
