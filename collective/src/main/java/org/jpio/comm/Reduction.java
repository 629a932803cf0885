package org.jpio.comm;

import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;
import org.jpio.comm.Comm.Op;
import org.jpio.io.ElementType;

/**
 * Element-wise reduction kernels, one loop per array type over one operator table per arithmetic kind
 * (int-sized and smaller, long, floating point, boolean). Sums wrap like C's fixed-width integers do;
 * {@code char} is unsigned (MPI_UNSIGNED_SHORT); the bitwise operators are defined for integers and, as
 * logical or/and, for booleans; SUM/MIN/MAX are not defined for booleans.
 */
public final class Reduction {
    private Reduction() { }

    /** IllegalArgumentException when MPI defines no such reduction ({@code op} on {@code type}). */
    public static void check(String op, ElementType type, Op reduce) {
        boolean bitwise = reduce == Op.BOR || reduce == Op.BAND;
        boolean floating = type == ElementType.FLOAT || type == ElementType.DOUBLE;
        if ((bitwise && floating) || (!bitwise && type == ElementType.BOOLEAN))
            throw new IllegalArgumentException(op + ": op=" + reduce + " is not defined for type=" + type
                    + " (booleans: BOR, BAND; floating point: SUM, MIN, MAX)");
    }

    /** {@code acc[i] = acc[i] op src[i]} for i in [0, count). */
    public static void combine(ElementType type, Op op, Object acc, Object src, int count) {
        switch (type) {
            case BOOLEAN -> {
                boolean[] a = (boolean[]) acc, b = (boolean[]) src;
                boolean or = op == Op.BOR;
                for (int i = 0; i < count; i++) a[i] = or ? a[i] | b[i] : a[i] & b[i];
            }
            case BYTE -> {
                byte[] a = (byte[]) acc, b = (byte[]) src;
                IntBinaryOperator f = ints(op);
                for (int i = 0; i < count; i++) a[i] = (byte) f.applyAsInt(a[i], b[i]);
            }
            case CHAR -> {
                char[] a = (char[]) acc, b = (char[]) src;
                IntBinaryOperator f = ints(op);
                for (int i = 0; i < count; i++) a[i] = (char) f.applyAsInt(a[i], b[i]);
            }
            case SHORT -> {
                short[] a = (short[]) acc, b = (short[]) src;
                IntBinaryOperator f = ints(op);
                for (int i = 0; i < count; i++) a[i] = (short) f.applyAsInt(a[i], b[i]);
            }
            case INT -> {
                int[] a = (int[]) acc, b = (int[]) src;
                IntBinaryOperator f = ints(op);
                for (int i = 0; i < count; i++) a[i] = f.applyAsInt(a[i], b[i]);
            }
            case LONG -> {
                long[] a = (long[]) acc, b = (long[]) src;
                LongBinaryOperator f = longs(op);
                for (int i = 0; i < count; i++) a[i] = f.applyAsLong(a[i], b[i]);
            }
            case FLOAT -> {
                float[] a = (float[]) acc, b = (float[]) src;
                DoubleBinaryOperator f = doubles(op);
                // float op float evaluated in double then rounded once equals the float operation for + min max
                for (int i = 0; i < count; i++) a[i] = (float) f.applyAsDouble(a[i], b[i]);
            }
            case DOUBLE -> {
                double[] a = (double[]) acc, b = (double[]) src;
                DoubleBinaryOperator f = doubles(op);
                for (int i = 0; i < count; i++) a[i] = f.applyAsDouble(a[i], b[i]);
            }
        }
    }

    private static IntBinaryOperator ints(Op op) {
        return switch (op) {
            case SUM -> Integer::sum;
            case MIN -> Math::min;
            case MAX -> Math::max;
            case BOR -> (x, y) -> x | y;
            case BAND -> (x, y) -> x & y;
        };
    }

    private static LongBinaryOperator longs(Op op) {
        return switch (op) {
            case SUM -> Long::sum;
            case MIN -> Math::min;
            case MAX -> Math::max;
            case BOR -> (x, y) -> x | y;
            case BAND -> (x, y) -> x & y;
        };
    }

    private static DoubleBinaryOperator doubles(Op op) {
        return switch (op) {
            case SUM -> Double::sum;
            case MIN -> Math::min;
            case MAX -> Math::max;
            case BOR, BAND -> throw new IllegalArgumentException("op=" + op + " is not defined for floating point");
        };
    }
}
