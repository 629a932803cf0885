package org.jpio.bulk;

import java.io.DataInput;
import java.io.IOException;
import org.jpio.io.ElementType;

/**
 * {@link DataInput} with whole-array reads, the counterpart of {@link BulkDataOutput}: reads the big-endian
 * bytes that {@code DataOutputStream} (or {@code writeArray}) wrote. A stream that ends before the array is
 * full throws {@link java.io.EOFException}.
 */
public interface BulkDataInput extends DataInput {

    /** Reads {@code count} elements into the primitive {@code array} from {@code index}. */
    void readElements(Object array, ElementType type, int index, int count) throws IOException;

    default void readArray(boolean[] a) throws IOException { readElements(a, ElementType.BOOLEAN, 0, a.length); }
    default void readArray(boolean[] a, int index, int count) throws IOException { readElements(a, ElementType.BOOLEAN, index, count); }
    default void readArray(byte[] a) throws IOException { readElements(a, ElementType.BYTE, 0, a.length); }
    default void readArray(byte[] a, int index, int count) throws IOException { readElements(a, ElementType.BYTE, index, count); }
    default void readArray(char[] a) throws IOException { readElements(a, ElementType.CHAR, 0, a.length); }
    default void readArray(char[] a, int index, int count) throws IOException { readElements(a, ElementType.CHAR, index, count); }
    default void readArray(short[] a) throws IOException { readElements(a, ElementType.SHORT, 0, a.length); }
    default void readArray(short[] a, int index, int count) throws IOException { readElements(a, ElementType.SHORT, index, count); }
    default void readArray(int[] a) throws IOException { readElements(a, ElementType.INT, 0, a.length); }
    default void readArray(int[] a, int index, int count) throws IOException { readElements(a, ElementType.INT, index, count); }
    default void readArray(long[] a) throws IOException { readElements(a, ElementType.LONG, 0, a.length); }
    default void readArray(long[] a, int index, int count) throws IOException { readElements(a, ElementType.LONG, index, count); }
    default void readArray(float[] a) throws IOException { readElements(a, ElementType.FLOAT, 0, a.length); }
    default void readArray(float[] a, int index, int count) throws IOException { readElements(a, ElementType.FLOAT, index, count); }
    default void readArray(double[] a) throws IOException { readElements(a, ElementType.DOUBLE, 0, a.length); }
    default void readArray(double[] a, int index, int count) throws IOException { readElements(a, ElementType.DOUBLE, index, count); }
}
