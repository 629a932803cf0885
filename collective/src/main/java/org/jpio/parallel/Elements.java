package org.jpio.parallel;

import org.jpio.io.ElementType;

/**
 * The memory side of a transfer: {@code count} elements of a primitive array from {@code index}, MPI's
 * {@code (buf, count, datatype)} for Java arrays. The typed factories say at compile time what the buffer
 * holds; {@link #ofArray} takes any primitive array for code that is generic over the element type.
 *
 * <p>Nothing is checked here: ParallelFile checks the buffer with the rest of a call's arguments, so that
 * a bad buffer on one rank is reported to every rank of a collective call instead of failing that rank
 * alone before the others have arrived.
 */
public final class Elements {
    private final Object array;
    private final int index, count;
    /** A memory datatype, or null: then {@code count} elements from {@code index}. */
    private final org.jpio.view.Datatype memtype;

    private Elements(Object array, int index, int count) { this(array, index, count, null); }

    private Elements(Object array, int index, int count, org.jpio.view.Datatype memtype) {
        this.array = array;
        this.index = index;
        this.count = count;
        this.memtype = memtype;
    }

    /**
     * {@code count} copies of the memory datatype {@code memtype} in {@code array}, the i-th at i times its
     * extent from the array's first element (MPI's {@code buf, count, datatype}): the elements move straight
     * between these places in the array and the file, in type order, with no temporary. For example the
     * interior of a ghosted block is {@code Datatype.subarray(padded, interior, ghosts, Order.C, ...)}.
     */
    public static Elements of(Object array, org.jpio.view.Datatype memtype, int count) {
        return new Elements(array, 0, count, memtype);
    }

    public static Elements of(byte[] a) { return whole(a); }
    public static Elements of(short[] a) { return whole(a); }
    public static Elements of(char[] a) { return whole(a); }
    public static Elements of(int[] a) { return whole(a); }
    public static Elements of(long[] a) { return whole(a); }
    public static Elements of(float[] a) { return whole(a); }
    public static Elements of(double[] a) { return whole(a); }
    public static Elements of(boolean[] a) { return whole(a); }

    public static Elements of(byte[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(short[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(char[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(int[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(long[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(float[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(double[] a, int index, int count) { return new Elements(a, index, count); }
    public static Elements of(boolean[] a, int index, int count) { return new Elements(a, index, count); }

    /** {@code count} elements of any primitive array from {@code index}. */
    public static Elements ofArray(Object array, int index, int count) { return new Elements(array, index, count); }

    /** The whole of any primitive array. */
    public static Elements ofArray(Object array) { return whole(array); }

    private static Elements whole(Object a) {
        int n = 0;
        if (a != null && a.getClass().isArray() && a.getClass().getComponentType().isPrimitive()) n = java.lang.reflect.Array.getLength(a);
        return new Elements(a, 0, n);
    }

    public Object array() { return array; }
    public int index() { return index; }
    /** Elements of a contiguous buffer; for a memory datatype, copies of it ({@link #memtype}). */
    public int count() { return count; }

    /** The memory datatype, or null for a contiguous buffer. */
    public org.jpio.view.Datatype memtype() { return memtype; }

    /** The array's element type, or null when the buffer is null or not a primitive array (no message built). */
    ElementType typeOrNull() {
        if (array == null) return null;
        Class<?> c = array.getClass().getComponentType();
        return c == null || !c.isPrimitive() ? null : ElementType.of(array);
    }

    /** The array's element type; IllegalArgumentException when the buffer is null or not a primitive array. */
    ElementType type(String where) {
        if (array == null) throw new IllegalArgumentException("buffer is null: " + where);
        try {
            return ElementType.of(array);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + ": " + where, e);
        }
    }

    @Override public String toString() {
        return "Elements[" + (array == null ? "null" : array.getClass().getSimpleName()) + " index=" + index + " count=" + count + "]";
    }
}
