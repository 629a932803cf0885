package org.jpio.bulk;

import java.io.DataOutput;
import java.io.IOException;
import org.jpio.io.ElementType;

/**
 * {@link DataOutput} with whole-array writes: one call per array instead of one per element (the bulk I/O
 * extension of Bik, Gannon and others' "High-performance file I/O in Java"). The bytes are exactly those the
 * element-wise {@code writeInt}, {@code writeDouble}, ... calls would produce (big-endian), so files stay
 * readable by {@code DataInputStream}.
 *
 * <p>Implementations provide {@link #writeElements}; the typed overloads are defaults that delegate to it.
 */
public interface BulkDataOutput extends DataOutput {

    /**
     * Writes {@code count} elements of the primitive {@code array} from {@code index}. The range is checked
     * before any byte is written.
     */
    void writeElements(Object array, ElementType type, int index, int count) throws IOException;

    default void writeArray(boolean[] a) throws IOException { writeElements(a, ElementType.BOOLEAN, 0, a.length); }
    default void writeArray(boolean[] a, int index, int count) throws IOException { writeElements(a, ElementType.BOOLEAN, index, count); }
    default void writeArray(byte[] a) throws IOException { writeElements(a, ElementType.BYTE, 0, a.length); }
    default void writeArray(byte[] a, int index, int count) throws IOException { writeElements(a, ElementType.BYTE, index, count); }
    default void writeArray(char[] a) throws IOException { writeElements(a, ElementType.CHAR, 0, a.length); }
    default void writeArray(char[] a, int index, int count) throws IOException { writeElements(a, ElementType.CHAR, index, count); }
    default void writeArray(short[] a) throws IOException { writeElements(a, ElementType.SHORT, 0, a.length); }
    default void writeArray(short[] a, int index, int count) throws IOException { writeElements(a, ElementType.SHORT, index, count); }
    default void writeArray(int[] a) throws IOException { writeElements(a, ElementType.INT, 0, a.length); }
    default void writeArray(int[] a, int index, int count) throws IOException { writeElements(a, ElementType.INT, index, count); }
    default void writeArray(long[] a) throws IOException { writeElements(a, ElementType.LONG, 0, a.length); }
    default void writeArray(long[] a, int index, int count) throws IOException { writeElements(a, ElementType.LONG, index, count); }
    default void writeArray(float[] a) throws IOException { writeElements(a, ElementType.FLOAT, 0, a.length); }
    default void writeArray(float[] a, int index, int count) throws IOException { writeElements(a, ElementType.FLOAT, index, count); }
    default void writeArray(double[] a) throws IOException { writeElements(a, ElementType.DOUBLE, 0, a.length); }
    default void writeArray(double[] a, int index, int count) throws IOException { writeElements(a, ElementType.DOUBLE, index, count); }
}
