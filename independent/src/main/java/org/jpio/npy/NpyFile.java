package org.jpio.npy;

import static java.nio.file.StandardOpenOption.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.io.ElementType;

/**
 * Whole-array {@code .npy} reads and writes from one process, through {@link ArrayFile}. The data is
 * returned in file order (C order, or Fortran order when the header says so); the distributed tier maps it
 * onto ranks.
 */
public final class NpyFile {
    private NpyFile() { }

    /** The array and the header it came with. */
    public record Contents(NpyHeader header, Object data) { }

    /** Reads the header of {@code path}; IllegalArgumentException naming the file when it is not a valid .npy. */
    /** The longest header read: far more than any real one needs (a dict of three short entries). */
    static final long MAX_HEADER = 1 << 20;

    public static NpyHeader readHeader(Path path) throws IOException {
        try (ArrayFile f = ArrayFile.open(path)) {
            return readHeader(f);
        }
    }

    /** Reads and checks the header of an open file: the data it announces must be in the file. */
    public static NpyHeader readHeader(ArrayFile f) throws IOException {
        long size = f.size();
        byte[] head = new byte[(int) Math.min(size, 12)];
        f.read(0, ByteBuffer.wrap(head));
        int prefix = NpyHeader.prefixLength(head, f.path().toString());
        ByteBuffer len = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        long headerLen = prefix == 10 ? Short.toUnsignedInt(len.getShort(8)) : Integer.toUnsignedLong(len.getInt(8));
        if (prefix + headerLen > size)
            throw new IllegalArgumentException("truncated .npy header: file=" + f.path() + " header_len=" + headerLen + " size=" + size);
        if (headerLen > MAX_HEADER)
            throw new IllegalArgumentException("implausible .npy header: file=" + f.path() + " header_len=" + headerLen + " (more than "
                    + MAX_HEADER + " bytes; numpy itself refuses headers over 10000 bytes): not a .npy file, or a damaged one");
        byte[] all = new byte[(int) (prefix + headerLen)];
        f.read(0, ByteBuffer.wrap(all));
        NpyHeader h = NpyHeader.parse(all, f.path().toString());
        long need;
        try {
            need = Math.addExact(h.dataOffset(), h.dataBytes());
        } catch (ArithmeticException e) {
            throw new IOException(".npy shape=" + Arrays.toString(h.shape()) + " dtype=" + h.descr()
                    + " has more bytes than a file can hold (2^63): file=" + f.path(), e);
        }
        if (need > size)
            throw new IllegalArgumentException(".npy data is truncated: file=" + f.path() + " shape=" + Arrays.toString(h.shape())
                    + " dtype=" + h.descr() + " needs " + need + " bytes, size=" + size);
        return h;
    }

    /** Reads a whole .npy file of at most 2^31-1 elements. */
    public static Contents read(Path path) throws IOException {
        try (ArrayFile raw = ArrayFile.open(path)) {
            NpyHeader h = readHeader(raw);
            long n = h.elementCount();
            if (n > Integer.MAX_VALUE - 8)
                throw new IllegalArgumentException("array too large for one Java array: file=" + path + " elements=" + n);
            Object data = h.type().newArray((int) n);
            try (ArrayFile f = ArrayFile.open(path, ArrayFileOptions.defaults().withOrder(h.order()), READ)) {
                f.readArray(h.dataOffset(), data);
            }
            return new Contents(h, data);
        }
    }

    /** Writes {@code array} (C order, native byte order) with the given shape; the shape must match its length. */
    public static NpyHeader write(Path path, Object array, long... shape) throws IOException {
        ElementType t = ElementType.of(array);
        NpyHeader h = NpyHeader.of(t, ByteOrder.nativeOrder(), false, shape);
        if (h.elementCount() != t.length(array))
            throw new IllegalArgumentException("shape=" + Arrays.toString(shape) + " holds " + h.elementCount()
                    + " elements but the array has " + t.length(array) + ": file=" + path);
        try (ArrayFile f = ArrayFile.open(path, ArrayFileOptions.defaults().withOrder(h.order()), CREATE, TRUNCATE_EXISTING, WRITE, READ)) {
            f.write(0, ByteBuffer.wrap(h.encode()));
            f.writeArray(h.dataOffset(), array);
        }
        return h;
    }
}
