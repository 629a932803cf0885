package org.jpio.format;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jpio.io.ElementType;

/**
 * How one HDF5 dataset is stored, as its object header says (the descriptor of the h5 format; spec in
 * docs/FORMATS.md): its path, its HDF5 type (and the element type jpio reads it as, null when none), its
 * shape, its layout ("contiguous", "chunked", "compact" or "virtual"), chunk shape, filters, external files,
 * the absolute file offset of contiguous data ({@code H5Dget_offset}, -1 when none is allocated) and the bytes
 * allocated for it ({@code H5Dget_storage_size}).
 *
 * <p>A contiguous dataset without filters or external files, with its data allocated, is read and written
 * by every rank at {@link #offset} through collective I/O; any other is read through the HDF5 library.
 */
public record H5Layout(String dataset, String type, ElementType elementType, ByteOrder order, long[] shape, String layout, long[] chunk,
                       List<String> filters, int externalFiles, long offset, long storageBytes) {
    public H5Layout {
        shape = shape.clone();
        chunk = chunk.clone();
        filters = List.copyOf(filters);
    }

    @Override public long[] shape() { return shape.clone(); }

    @Override public long[] chunk() { return chunk.clone(); }

    /** The layout of {@code dataset} of an HDF5 file ("" for its only dataset); IllegalStateException without the HDF5 bindings. */
    public static H5Layout read(Path file, String dataset) throws IOException {
        H5Library.require();
        return H5Files.layout(file, dataset);
    }

    /** Whether the data is one block at {@link #offset} that jpio moves itself. */
    public boolean direct() {
        return layout.equals(StoredArray.CONTIGUOUS) && filters.isEmpty() && externalFiles == 0 && offset >= 0;
    }

    /** Elements of the dataset. */
    public long count() {
        long n = 1;
        for (long s : shape) n = Math.multiplyExact(n, s);
        return n;
    }

    /**
     * The array description jpio reads through: checked against the file, so a dataset jpio cannot read, or
     * whose data lies outside the file, fails here, before any byte moves, naming file, dataset and what it found.
     */
    StoredArray toStored(Path file, long fileSize) throws IOException {
        if (elementType == null)
            throw new IllegalArgumentException("dataset " + dataset + " of file path=" + file + " has type " + type + ", which has no Java element type (jpio reads "
                    + H5Types.supported() + ")");
        long bytes;
        try {
            bytes = Math.multiplyExact(count(), elementType.size());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("dataset " + dataset + " of file path=" + file + " has shape " + Arrays.toString(shape) + " of " + type
                    + ": more bytes than a file can hold (2^63)", e);
        }
        if (bytes == 0) return new StoredArray("h5", dataset, elementType, shape, order, false, 0, StoredArray.CONTIGUOUS);
        if (!direct()) return new StoredArray("h5", dataset, elementType, shape, order, false, StoredArray.NO_POSITION, storage());
        if (storageBytes != bytes || offset > fileSize - bytes)
            throw new IOException("dataset " + dataset + " of file path=" + file + " is corrupt: its contiguous data of " + type + " shape="
                    + Arrays.toString(shape) + " needs length=" + bytes + " bytes at offset=" + offset + ", the dataset has " + storageBytes
                    + " bytes allocated and the file has size=" + fileSize + " bytes");
        return new StoredArray("h5", dataset, elementType, shape, order, false, offset, StoredArray.CONTIGUOUS);
    }

    /** How a dataset jpio reads through the library is stored, for messages and hints. */
    String storage() {
        StringBuilder b = new StringBuilder(layout);
        if (layout.equals("chunked")) b.append(" ").append(Arrays.toString(chunk));
        if (!filters.isEmpty()) b.append(" with filters ").append(String.join(", ", filters));
        if (externalFiles > 0) b.append(" in ").append(externalFiles).append(" external file(s)");
        if (layout.equals(StoredArray.CONTIGUOUS) && offset < 0) b.append(" with no data written (reads give the fill value)");
        return b.toString();
    }

    @Override public boolean equals(Object o) {
        return o instanceof H5Layout l && l.dataset.equals(dataset) && l.type.equals(type) && l.elementType == elementType && l.order.equals(order)
                && Arrays.equals(l.shape, shape) && l.layout.equals(layout) && Arrays.equals(l.chunk, chunk) && l.filters.equals(filters)
                && l.externalFiles == externalFiles && l.offset == offset && l.storageBytes == storageBytes;
    }

    @Override public int hashCode() { return dataset.hashCode() * 31 + Arrays.hashCode(shape); }

    @Override public String toString() {
        return "h5 dataset " + dataset + " type=" + type + " shape=" + Arrays.toString(shape) + " layout=" + storage()
                + (offset >= 0 ? " offset=" + offset : "") + " storage=" + storageBytes;
    }
}
