package org.jpio.array;

import java.lang.reflect.Array;
import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * Test values of a distributed array: the element at global C-order position p holds {@link #value},
 * so every rank knows what every element must be without talking to the others. Ghost cells hold a
 * sentinel that reads must leave alone.
 */
public final class Fill {
    private Fill() { }

    /** numpy's version of {@link #value}, a Python function {@code values(code, shape)} (code as 'f8'), for tests that have Python check files. */
    public static final String NUMPY_VALUES = String.join("\n",
            "import numpy as np, sys",
            "def values(code, shape):",
            "    p = np.arange(int(np.prod(shape)), dtype=np.int64)",
            "    v = p * 7 + 3",
            "    a = {'b1': p % 3 != 1, 'i1': v.astype(np.int8), 'u2': (v * 31).astype(np.uint16), 'i2': (-v).astype(np.int16),",
            "         'i4': (v * 1001).astype(np.int32), 'i8': v * 1000000007, 'f4': (v * 0.25).astype(np.float32), 'f8': -v * 0.125}[code]",
            "    return a.reshape(shape)",
            "");

    /** The value of global position p (narrow types wrap as a cast does). */
    public static Object value(ElementType t, long p) {
        long v = p * 7 + 3;
        return switch (t) {
            case BOOLEAN -> p % 3 != 1;
            case BYTE -> (byte) v;
            case CHAR -> (char) (v * 31);
            case SHORT -> (short) -v;
            case INT -> (int) (v * 1001);
            case LONG -> v * 1_000_000_007L;
            case FLOAT -> (float) (v * 0.25);
            case DOUBLE -> -v * 0.125;
        };
    }

    /** The sentinel of ghost cells and of elements not yet read. */
    public static Object sentinel(ElementType t) {
        return switch (t) {
            case BOOLEAN -> true;
            case BYTE -> (byte) 0x5A;
            case CHAR -> (char) 0xBEEF;
            case SHORT -> (short) 0x5A5A;
            case INT -> 0x5A5A5A5A;
            case LONG -> 0x5A5A5A5A5A5AL;
            case FLOAT -> Float.NaN;
            case DOUBLE -> Double.NaN;
        };
    }

    /** Global C-order position of global coordinates. */
    public static long position(int[] shape, int[] g) {
        long p = 0;
        for (int d = 0; d < shape.length; d++) p = p * shape[d] + g[d];
        return p;
    }

    /** Every cell (ghosts too) to the sentinel. */
    public static void clear(DistributedArray a) {
        Object data = a.data();
        Object s = sentinel(a.elementType());
        for (int i = 0; i < Array.getLength(data); i++) Array.set(data, i, s);
    }

    /** Sentinels in the ghosts, values in the owned elements. */
    public static void fill(DistributedArray a) {
        clear(a);
        forEachOwned(a, (local, global) -> Array.set(a.data(), a.index(local), value(a.elementType(), position(a.globalShape(), global))));
    }

    /** Checks owned elements hold their values and ghosts still hold the sentinel; the message names the first wrong one. */
    public static void check(DistributedArray a, String context) {
        Object data = a.data();
        boolean[] owned = new boolean[Array.getLength(data)];
        forEachOwned(a, (local, global) -> {
            int i = a.index(local);
            owned[i] = true;
            Object want = value(a.elementType(), position(a.globalShape(), global));
            if (!Array.get(data, i).equals(want))
                throw new AssertionError("global " + Arrays.toString(global) + " (local " + Arrays.toString(local) + ") holds " + Array.get(data, i)
                        + " expected " + want + ": " + a + " " + context);
        });
        Object s = sentinel(a.elementType());
        for (int i = 0; i < owned.length; i++)
            if (!owned[i] && !Array.get(data, i).equals(s))
                throw new AssertionError("ghost cell " + i + " changed to " + Array.get(data, i) + ": " + a + " " + context);
    }

    public interface Visitor { void visit(int[] local, int[] global); }

    /** Every owned element, C order over the local shape. */
    public static void forEachOwned(DistributedArray a, Visitor v) {
        int[] shape = a.localShape();
        if (a.localCount() == 0) return;
        int[] at = new int[shape.length];
        while (true) {
            v.visit(at.clone(), a.toGlobal(at));
            int d = shape.length - 1;
            while (d >= 0 && ++at[d] == shape[d]) at[d--] = 0;
            if (d < 0) return;
        }
    }
}
