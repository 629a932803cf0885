package org.jpio.io;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The eight Java primitive element types, table-driven: every bulk operation in jpio is written once
 * against this enum instead of eight times, one per array type.
 *
 * <p>Each constant knows its array class, its size in bytes, numpy's dtype letter and how to move a
 * range of its array into or out of a {@link ByteBuffer} in the buffer's byte order (one bulk view copy,
 * except for boolean, which Java stores as one byte 0/1 as {@code DataOutput.writeBoolean} does).
 */
public enum ElementType {
    BOOLEAN(boolean[].class, 1, 'b') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) {
            boolean[] b = (boolean[]) a;
            for (int k = 0; k < n; k++) dst.put(b[i + k] ? (byte) 1 : (byte) 0);
        }
        @Override public void get(ByteBuffer src, Object a, int i, int n) {
            boolean[] b = (boolean[]) a;
            for (int k = 0; k < n; k++) b[i + k] = src.get() != 0;
        }
    },
    BYTE(byte[].class, 1, 'i') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.put((byte[]) a, i, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.get((byte[]) a, i, n); }
    },
    CHAR(char[].class, 2, 'u') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asCharBuffer().put((char[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asCharBuffer().get((char[]) a, i, n); advance(src, n); }
    },
    SHORT(short[].class, 2, 'i') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asShortBuffer().put((short[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asShortBuffer().get((short[]) a, i, n); advance(src, n); }
    },
    INT(int[].class, 4, 'i') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asIntBuffer().put((int[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asIntBuffer().get((int[]) a, i, n); advance(src, n); }
    },
    LONG(long[].class, 8, 'i') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asLongBuffer().put((long[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asLongBuffer().get((long[]) a, i, n); advance(src, n); }
    },
    FLOAT(float[].class, 4, 'f') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asFloatBuffer().put((float[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asFloatBuffer().get((float[]) a, i, n); advance(src, n); }
    },
    DOUBLE(double[].class, 8, 'f') {
        @Override public void put(ByteBuffer dst, Object a, int i, int n) { dst.asDoubleBuffer().put((double[]) a, i, n); advance(dst, n); }
        @Override public void get(ByteBuffer src, Object a, int i, int n) { src.asDoubleBuffer().get((double[]) a, i, n); advance(src, n); }
    };

    private final Class<?> arrayClass;
    private final int size;
    private final char numpyKind;

    ElementType(Class<?> arrayClass, int size, char numpyKind) {
        this.arrayClass = arrayClass;
        this.size = size;
        this.numpyKind = numpyKind;
    }

    /** Size of one element in bytes (boolean: 1, as DataOutput writes it). */
    public int size() { return size; }

    /** log2 of {@link #size()}, for shifts. */
    public int shift() { return Integer.numberOfTrailingZeros(size); }

    public Class<?> arrayClass() { return arrayClass; }

    /** numpy's kind letter ('b', 'i', 'u', 'f'); the dtype string is kind + size, e.g. {@code <i4}. */
    public char numpyKind() { return numpyKind; }

    /** Copies {@code n} elements of {@code array} from index {@code i} into {@code dst} (its order), advancing it. */
    public abstract void put(ByteBuffer dst, Object array, int i, int n);

    /** Copies {@code n} elements from {@code src} (its order) into {@code array} at index {@code i}, advancing it. */
    public abstract void get(ByteBuffer src, Object array, int i, int n);

    void advance(ByteBuffer b, int n) { b.position(b.position() + n * size); }

    /** A new array of this type with {@code n} elements. */
    public Object newArray(int n) { return java.lang.reflect.Array.newInstance(arrayClass.getComponentType(), n); }

    /** Number of elements in {@code array}, which must be of this type. */
    public int length(Object array) { return java.lang.reflect.Array.getLength(array); }

    /** The element type of a primitive array; IllegalArgumentException for anything else. */
    public static ElementType of(Object array) {
        if (array == null) throw new IllegalArgumentException("array is null");
        for (ElementType t : VALUES) if (t.arrayClass == array.getClass()) return t;
        throw new IllegalArgumentException("not a primitive array: " + array.getClass().getTypeName());
    }

    /** The type for a Java primitive class ({@code int.class}) or a name ("int", "DOUBLE"). */
    public static ElementType forName(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown element type: " + name + " (one of boolean, byte, char, short, int, long, float, double)");
        }
    }

    /**
     * Checks that {@code [index, index+count)} lies inside {@code array} and that the array has this
     * type; the message names the array length, index and count.
     */
    public void checkRange(Object array, int index, int count) {
        if (array == null) throw new IllegalArgumentException("array is null");
        if (array.getClass() != arrayClass)
            throw new IllegalArgumentException("array type=" + array.getClass().getTypeName() + " expected=" + arrayClass.getTypeName());
        int len = length(array);
        if (index < 0 || count < 0 || index > len - count)
            throw new IllegalArgumentException("array range out of bounds: index=" + index + " count=" + count + " length=" + len);
    }

    private static final ElementType[] VALUES = values();
}
