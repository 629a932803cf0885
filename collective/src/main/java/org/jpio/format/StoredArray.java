package org.jpio.format;

import java.nio.ByteOrder;
import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * What a file holds of one array, whatever its format: the element type, the global shape, the byte order
 * of its elements, whether it is stored in Fortran order, and the byte position where its data starts
 * (the data is one contiguous block there). Every format's header says this much; a RAW file says none of
 * it and must be told. Exchanged between ranks as longs ({@link #pack}), so every rank reads the file
 * through the same description.
 */
public record StoredArray(String format, ElementType type, long[] shape, ByteOrder order, boolean fortranOrder, long dataPosition) {
    public StoredArray {
        if (format == null || type == null || shape == null || order == null)
            throw new IllegalArgumentException("stored array: format, type, shape and order must not be null");
        if (dataPosition < 0) throw new IllegalArgumentException("stored array: data position=" + dataPosition + " must be >= 0");
        shape = shape.clone();
        for (long s : shape) if (s < 0) throw new IllegalArgumentException("stored array: shape " + Arrays.toString(shape) + " has a negative extent");
    }

    @Override public long[] shape() { return shape.clone(); }

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

    /** The description as longs, for a broadcast; the format name travels as its registry index. */
    public long[] pack(int formatIndex) {
        long[] p = new long[5 + shape.length];
        p[0] = formatIndex;
        p[1] = type.ordinal();
        p[2] = order == ByteOrder.BIG_ENDIAN ? 1 : 0;
        p[3] = fortranOrder ? 1 : 0;
        p[4] = dataPosition;
        System.arraycopy(shape, 0, p, 5, shape.length);
        return p;
    }

    /** The reverse of {@link #pack}, with the format's name looked up from its index. */
    public static StoredArray unpack(long[] p, String format) {
        return new StoredArray(format, ElementType.values()[(int) p[1]], Arrays.copyOfRange(p, 5, p.length),
                p[2] == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN, p[3] == 1, p[4]);
    }

    @Override public boolean equals(Object o) {
        return o instanceof StoredArray s && s.format.equals(format) && s.type == type && Arrays.equals(s.shape, shape) && s.order.equals(order)
                && s.fortranOrder == fortranOrder && s.dataPosition == dataPosition;
    }

    @Override public int hashCode() { return Arrays.hashCode(shape) * 31 + type.hashCode(); }

    @Override public String toString() {
        return format + " " + type + " shape=" + Arrays.toString(shape) + " order=" + order + (fortranOrder ? " fortran" : "") + " data at " + dataPosition;
    }
}
