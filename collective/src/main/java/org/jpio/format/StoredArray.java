package org.jpio.format;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * What a file holds of one array, whatever its format: the dataset it is (its path inside a file that holds
 * several, "" for a format that holds one), the element type, the global shape, the byte order of its
 * elements, whether it is stored in Fortran order, where its data starts, and how it is stored.
 *
 * <p>A {@linkplain #contiguous() contiguous} array is one block of bytes from {@link #dataPosition}, which
 * every rank reads and writes itself through collective I/O. An array stored otherwise (an HDF5 dataset in
 * chunks, compressed, or not yet allocated) has no position ({@link #NO_POSITION}) and is read through its
 * format's own library ({@link ArrayFormat#readSelection}); {@link #storage} says how it is stored.
 * Every format's header says this much; a RAW file says none of it and must be told. Exchanged between
 * ranks as bytes ({@link #encode}), so every rank reads the file through the same description.
 */
public record StoredArray(String format, String dataset, ElementType type, long[] shape, ByteOrder order, boolean fortranOrder,
                          long dataPosition, String storage) {
    /** The position of an array that is not one contiguous block. */
    public static final long NO_POSITION = -1;
    /** The storage of a contiguous array. */
    public static final String CONTIGUOUS = "contiguous";

    public StoredArray {
        if (format == null || dataset == null || type == null || shape == null || order == null || storage == null)
            throw new IllegalArgumentException("stored array: format, dataset, type, shape, order and storage must not be null");
        if (dataPosition < NO_POSITION) throw new IllegalArgumentException("stored array: data position=" + dataPosition + " must be >= 0 (or NO_POSITION)");
        shape = shape.clone();
        for (long s : shape) if (s < 0) throw new IllegalArgumentException("stored array: shape " + Arrays.toString(shape) + " has a negative extent");
    }

    /** A contiguous array that is the whole file's content (RAW, NPY). */
    public StoredArray(String format, ElementType type, long[] shape, ByteOrder order, boolean fortranOrder, long dataPosition) {
        this(format, "", type, shape, order, fortranOrder, dataPosition, CONTIGUOUS);
    }

    @Override public long[] shape() { return shape.clone(); }

    /** Whether the data is one block at {@link #dataPosition} that jpio reads and writes with collective I/O. */
    public boolean contiguous() { return dataPosition != NO_POSITION; }

    /** Elements of the array; ArithmeticException when the shape overflows a long. */
    public long count() {
        long n = 1;
        for (long s : shape) n = Math.multiplyExact(n, s);
        return n;
    }

    /** Bytes of the data; ArithmeticException when they overflow a long. */
    public long dataBytes() { return Math.multiplyExact(count(), type.size()); }

    /** The shape as ints, as DistributedArray takes it; IllegalArgumentException for an extent past 2^31 - 1. */
    public int[] shapeAsInts() {
        int[] s = new int[shape.length];
        for (int d = 0; d < s.length; d++) {
            if (shape[d] > Integer.MAX_VALUE)
                throw new IllegalArgumentException("extent " + shape[d] + " of dimension " + d + " is more than a distributed array's 2^31 - 1");
            s[d] = (int) shape[d];
        }
        return s;
    }

    /** The description as bytes, for a broadcast ({@link #decode} reverses it). */
    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(format);
            out.writeUTF(dataset);
            out.writeByte(type.ordinal());
            out.writeInt(shape.length);
            for (long s : shape) out.writeLong(s);
            out.writeBoolean(order == ByteOrder.BIG_ENDIAN);
            out.writeBoolean(fortranOrder);
            out.writeLong(dataPosition);
            out.writeUTF(storage);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return bytes.toByteArray();
    }

    public static StoredArray decode(byte[] encoded) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            String format = in.readUTF(), dataset = in.readUTF();
            ElementType type = ElementType.values()[in.readByte()];
            long[] shape = new long[in.readInt()];
            for (int d = 0; d < shape.length; d++) shape[d] = in.readLong();
            ByteOrder order = in.readBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            boolean fortran = in.readBoolean();
            long position = in.readLong();
            return new StoredArray(format, dataset, type, shape, order, fortran, position, in.readUTF());
        } catch (IOException e) {
            throw new IllegalArgumentException("encoded stored array is truncated or corrupt: " + encoded.length + " bytes", e);
        }
    }

    @Override public boolean equals(Object o) {
        return o instanceof StoredArray s && s.format.equals(format) && s.dataset.equals(dataset) && s.type == type && Arrays.equals(s.shape, shape)
                && s.order.equals(order) && s.fortranOrder == fortranOrder && s.dataPosition == dataPosition && s.storage.equals(storage);
    }

    @Override public int hashCode() { return Arrays.hashCode(shape) * 31 + type.hashCode(); }

    @Override public String toString() {
        return format + (dataset.isEmpty() ? "" : " dataset=" + dataset) + " " + type + " shape=" + Arrays.toString(shape) + " order=" + order
                + (fortranOrder ? " fortran" : "") + (contiguous() ? " data at " + dataPosition : " " + storage + " (read through the format's library)");
    }
}
