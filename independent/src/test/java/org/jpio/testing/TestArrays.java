package org.jpio.testing;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.jpio.io.ElementType;

/** Test data for every element type, and DataInput/DataOutput one element at a time as the reference. */
public final class TestArrays {
    private TestArrays() { }

    /** {@code n} random elements of type {@code t} (random bit patterns, NaNs included for floats). */
    public static Object random(ElementType t, int n, long seed) {
        byte[] bytes = new byte[n * t.size()];
        new Random(seed).nextBytes(bytes);
        Object a = t.newArray(n);
        t.get(ByteBuffer.wrap(bytes), a, 0, n);
        return a;
    }

    public static boolean equal(Object a, Object b) {
        return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
    }

    public static String describe(Object a) {
        return Arrays.deepToString(new Object[] {a});
    }

    /** The JDK's element-wise write of {@code a[i]}. */
    public static void writeOne(DataOutput out, ElementType t, Object a, int i) throws IOException {
        switch (t) {
            case BOOLEAN -> out.writeBoolean(Array.getBoolean(a, i));
            case BYTE -> out.writeByte(Array.getByte(a, i));
            case CHAR -> out.writeChar(Array.getChar(a, i));
            case SHORT -> out.writeShort(Array.getShort(a, i));
            case INT -> out.writeInt(Array.getInt(a, i));
            case LONG -> out.writeLong(Array.getLong(a, i));
            case FLOAT -> out.writeFloat(Array.getFloat(a, i));
            case DOUBLE -> out.writeDouble(Array.getDouble(a, i));
        }
    }

    /** The JDK's element-wise read into {@code a[i]}. */
    public static void readOne(DataInput in, ElementType t, Object a, int i) throws IOException {
        switch (t) {
            case BOOLEAN -> Array.setBoolean(a, i, in.readBoolean());
            case BYTE -> Array.setByte(a, i, in.readByte());
            case CHAR -> Array.setChar(a, i, in.readChar());
            case SHORT -> Array.setShort(a, i, in.readShort());
            case INT -> Array.setInt(a, i, in.readInt());
            case LONG -> Array.setLong(a, i, in.readLong());
            case FLOAT -> Array.setFloat(a, i, in.readFloat());
            case DOUBLE -> Array.setDouble(a, i, in.readDouble());
        }
    }
}
