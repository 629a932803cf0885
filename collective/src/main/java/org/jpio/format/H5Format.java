package org.jpio.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jpio.io.ElementType;

/**
 * HDF5 (.h5, .hdf5; spec in docs/FORMATS.md) through the HDF Group's Java bindings, which wrap the serial
 * library: rank 0 makes the metadata (file, groups, a contiguous dataset with its space allocated, the
 * attributes) and learns the dataset's file offset; every rank then writes or reads its block there with
 * jpio's collective I/O, in the byte order of the dataset's type. Datasets that are not one block (chunked,
 * compressed, compact) are read through the library with hyperslab selections ({@link #readSelection}).
 *
 * <p>A file holds several datasets in groups ({@code file.h5:/group/name}) and attributes on the file, its
 * groups and its datasets. A dataset added to an existing file is created as {@code .name.jpio-incomplete}
 * and renamed once every rank has written it, so a reader never sees a half-written dataset under its name.
 * Without the bindings the format stays registered and {@link #unavailableReason} says what is missing.
 */
final class H5Format implements ArrayFormat {
    @Override public String name() { return "h5"; }

    @Override public List<String> extensions() { return List.of(".h5", ".hdf5"); }

    @Override public Optional<String> unavailableReason() { return H5Library.unavailableReason(); }

    @Override public boolean holdsSeveral() { return true; }

    @Override public String defaultDataset() { return H5Files.DEFAULT_DATASET; }

    @Override public StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException {
        return prepare(file, NewArray.of(type, shape));
    }

    @Override public StoredArray prepare(Path file, NewArray array) throws IOException {
        H5Library.require();
        return H5Files.create(file, array);
    }

    @Override public StoredArray prepareInPlace(Path file, NewArray array, Path scratch) throws IOException {
        H5Library.require();
        return H5Files.createInPlace(file, array, scratch);
    }

    @Override public void finish(Path file, StoredArray stored) throws IOException {
        H5Library.require();
        H5Files.finish(file, stored);
    }

    @Override public void discard(Path file, StoredArray stored) throws IOException {
        H5Library.require();
        H5Files.discard(file, stored);
    }

    @Override public StoredArray inspect(Path file) throws IOException { return inspect(file, ""); }

    @Override public StoredArray inspect(Path file, String dataset) throws IOException {
        H5Library.require();
        return H5Files.layout(file, dataset).toStored(file, Files.size(file));
    }

    @Override public List<String> datasets(Path file) throws IOException {
        H5Library.require();
        return H5Files.datasets(file);
    }

    @Override public Attributes attributes(Path file, String object) throws IOException {
        H5Library.require();
        return H5Files.attributes(file, object);
    }

    @Override public void setAttributes(Path file, String object, Attributes attributes) throws IOException {
        H5Library.require();
        H5Files.setAttributes(file, object, attributes);
    }

    @Override public void readSelection(Path file, StoredArray stored, long[][] indices, ByteBuffer dst) throws IOException {
        H5Library.require();
        H5Selection.read(file, stored, indices, dst);
    }

    @Override public String toString() { return "h5"; }
}
