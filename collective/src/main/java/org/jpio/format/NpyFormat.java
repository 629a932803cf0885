package org.jpio.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.jpio.io.ElementType;
import org.jpio.npy.NpyFile;
import org.jpio.npy.NpyHeader;

/**
 * numpy's .npy (format 1.0 to 3.0, spec in docs/FORMATS.md): a header with dtype, shape and
 * fortran_order, then the data from a 64-byte boundary. jpio writes C order in native byte order and
 * reads either order and either byte order. The header is written last: until then the file's first bytes
 * are zeros, which numpy refuses ("the magic string is not correct"), so a file whose writer died is never
 * loaded as if it were complete.
 */
final class NpyFormat implements ArrayFormat {
    @Override public String name() { return "npy"; }

    @Override public List<String> extensions() { return List.of(".npy"); }

    @Override public StoredArray prepare(Path file, ElementType type, long[] shape) throws IOException {
        NpyHeader h = NpyHeader.of(type, ByteOrder.nativeOrder(), false, shape);
        StoredArray s = new StoredArray(name(), type, shape, h.order(), false, h.dataOffset());
        long size = Math.addExact(h.dataOffset(), ArrayFormats.bytes(s, file));
        try (FileChannel c = ArrayFormats.createEmpty(file)) {
            ArrayFormats.size(c, file, size); // sized and sparse, and no header yet
        }
        return s;
    }

    /** Keeps the file's blocks; the old header is zeroed first, so until finish numpy refuses the file. */
    @Override public StoredArray prepareInPlace(Path file, NewArray array, Path scratch) throws IOException {
        ArrayFormats.requireOneArray(this, file, array);
        NpyHeader h = NpyHeader.of(array.type(), ByteOrder.nativeOrder(), false, array.shape());
        StoredArray s = new StoredArray(name(), array.type(), array.shape(), h.order(), false, h.dataOffset());
        ArrayFormats.overwrite(file, h.dataOffset(), Math.addExact(h.dataOffset(), ArrayFormats.bytes(s, file)));
        return s;
    }

    @Override public void finish(Path file, StoredArray s) throws IOException {
        NpyHeader h = NpyHeader.of(s.type(), s.order(), s.fortranOrder(), s.shape());
        if (h.dataOffset() != s.dataPosition())
            throw new IllegalStateException("npy header of " + s + " is " + h.dataOffset() + " bytes, not " + s.dataPosition() + ": path=" + file);
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(h.encode());
            while (b.hasRemaining()) c.write(b, b.position());
            c.force(false);
        }
    }

    @Override public StoredArray inspect(Path file) throws IOException {
        NpyHeader h = NpyFile.readHeader(file);
        StoredArray s = new StoredArray(name(), h.type(), h.shape(), h.type().size() == 1 ? ByteOrder.nativeOrder() : h.order(), h.fortranOrder(), h.dataOffset());
        ArrayFormats.bytes(s, file); // a shape whose size overflows is named here, with the file
        return s;
    }

    @Override public String toString() { return "npy"; }

}
