package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import java.nio.ByteOrder;
import org.jpio.io.ElementType;

/**
 * The HDF5 types of the eight Java element types, the way h5py and numpy name them: boolean is h5py's
 * enum {FALSE = 0, TRUE = 1} of a signed byte (numpy's bool), char is an unsigned 16-bit integer (numpy's
 * uint16), the others signed integers and IEEE floats of their size. jpio writes them in native byte order
 * and reads either order. Every other type is named, not guessed at: it has no Java element type.
 */
final class H5Types {
    /** An HDF5 type as jpio sees it: its element type (null when it has none), its byte order, and a name for messages. */
    record Found(ElementType type, ByteOrder order, String name) { }

    private H5Types() { }

    /** The predefined file types of {@code t} in little- and big-endian order; BOOLEAN has none (an enum is built). */
    private static long[] standard(ElementType t) {
        return switch (t) {
            case BOOLEAN -> null;
            case BYTE -> new long[] {HDF5Constants.H5T_STD_I8LE, HDF5Constants.H5T_STD_I8BE, HDF5Constants.H5T_NATIVE_INT8};
            case CHAR -> new long[] {HDF5Constants.H5T_STD_U16LE, HDF5Constants.H5T_STD_U16BE, HDF5Constants.H5T_NATIVE_UINT16};
            case SHORT -> new long[] {HDF5Constants.H5T_STD_I16LE, HDF5Constants.H5T_STD_I16BE, HDF5Constants.H5T_NATIVE_INT16};
            case INT -> new long[] {HDF5Constants.H5T_STD_I32LE, HDF5Constants.H5T_STD_I32BE, HDF5Constants.H5T_NATIVE_INT32};
            case LONG -> new long[] {HDF5Constants.H5T_STD_I64LE, HDF5Constants.H5T_STD_I64BE, HDF5Constants.H5T_NATIVE_INT64};
            case FLOAT -> new long[] {HDF5Constants.H5T_IEEE_F32LE, HDF5Constants.H5T_IEEE_F32BE, HDF5Constants.H5T_NATIVE_FLOAT};
            case DOUBLE -> new long[] {HDF5Constants.H5T_IEEE_F64LE, HDF5Constants.H5T_IEEE_F64BE, HDF5Constants.H5T_NATIVE_DOUBLE};
        };
    }

    /** The type elements of {@code t} have in a file, in {@code order}; one jpio builds is closed with {@code ids}. */
    static long fileType(ElementType t, ByteOrder order, H5Ids ids) {
        long[] s = standard(t);
        return s == null ? bool(HDF5Constants.H5T_STD_I8LE, ids) : s[order == ByteOrder.BIG_ENDIAN ? 1 : 0];
    }

    /** The type of {@code t}'s elements in memory (native order), which HDF5 converts to and from. */
    static long memoryType(ElementType t, H5Ids ids) {
        long[] s = standard(t);
        return s == null ? bool(HDF5Constants.H5T_NATIVE_INT8, ids) : s[2];
    }

    /** h5py's boolean: an enum of a one-byte integer with FALSE = 0 and TRUE = 1. */
    private static long bool(long base, H5Ids ids) {
        long e = ids.add(H5.H5Tenum_create(base));
        H5.H5Tenum_insert(e, "FALSE", new byte[] {0});
        H5.H5Tenum_insert(e, "TRUE", new byte[] {1});
        return e;
    }

    /** The variable-length UTF-8 string type, as h5py writes a str. */
    static long string(H5Ids ids) {
        long s = ids.add(H5.H5Tcopy(HDF5Constants.H5T_C_S1));
        H5.H5Tset_size(s, HDF5Constants.H5T_VARIABLE);
        H5.H5Tset_cset(s, HDF5Constants.H5T_CSET_UTF8);
        return s;
    }

    /** What the type {@code id} is to jpio. */
    static Found find(long id) {
        int cls = H5.H5Tget_class(id);
        for (ElementType t : ElementType.values()) {
            long[] s = standard(t);
            if (s == null) continue;
            if (H5.H5Tequal(id, s[0])) return new Found(t, t.size() == 1 ? ByteOrder.nativeOrder() : ByteOrder.LITTLE_ENDIAN, standardName(t, ByteOrder.LITTLE_ENDIAN));
            if (H5.H5Tequal(id, s[1])) return new Found(t, t.size() == 1 ? ByteOrder.nativeOrder() : ByteOrder.BIG_ENDIAN, standardName(t, ByteOrder.BIG_ENDIAN));
        }
        if (cls == HDF5Constants.H5T_ENUM && isBool(id)) return new Found(ElementType.BOOLEAN, ByteOrder.nativeOrder(), "enum {FALSE=0, TRUE=1} of 8-bit integer (bool)");
        return new Found(null, ByteOrder.nativeOrder(), describe(id));
    }

    /** HDF5's name of a predefined type ("H5T_STD_I32LE"). */
    static String standardName(ElementType t, ByteOrder order) {
        String o = order == ByteOrder.BIG_ENDIAN ? "BE" : "LE";
        return switch (t) {
            case BOOLEAN -> "enum {FALSE=0, TRUE=1} of H5T_STD_I8" + o;
            case CHAR -> "H5T_STD_U16" + o;
            case FLOAT, DOUBLE -> "H5T_IEEE_F" + t.size() * 8 + o;
            default -> "H5T_STD_I" + t.size() * 8 + o;
        };
    }

    private static boolean isBool(long id) {
        long base = H5.H5Tget_super(id);
        try {
            if (H5.H5Tget_class(base) != HDF5Constants.H5T_INTEGER || H5.H5Tget_size(base) != 1 || H5.H5Tget_nmembers(id) != 2) return false;
        } finally {
            H5.H5Tclose(base);
        }
        byte[] v = new byte[1];
        boolean f = false, t = false;
        for (int i = 0; i < 2; i++) {
            H5.H5Tget_member_value(id, i, v);
            String n = H5.H5Tget_member_name(id, i);
            f |= n.equals("FALSE") && v[0] == 0;
            t |= n.equals("TRUE") && v[0] == 1;
        }
        return f && t;
    }

    /** A name for a type jpio has no element type for: "32-bit unsigned integer, little-endian (H5T_STD_U32LE)". */
    static String describe(long id) {
        int cls = H5.H5Tget_class(id);
        long size = H5.H5Tget_size(id);
        if (cls == HDF5Constants.H5T_INTEGER || cls == HDF5Constants.H5T_FLOAT) {
            boolean be = H5.H5Tget_order(id) == HDF5Constants.H5T_ORDER_BE;
            boolean integer = cls == HDF5Constants.H5T_INTEGER;
            boolean unsigned = integer && H5.H5Tget_sign(id) == HDF5Constants.H5T_SGN_NONE;
            return size * 8 + "-bit " + (integer ? (unsigned ? "unsigned integer" : "signed integer") : "float") + ", " + (be ? "big" : "little") + "-endian ("
                    + (integer ? "H5T_STD_" + (unsigned ? "U" : "I") : "H5T_IEEE_F") + size * 8 + (be ? "BE" : "LE") + ")";
        }
        if (cls == HDF5Constants.H5T_STRING)
            return (H5.H5Tis_variable_str(id) ? "variable-length" : size + "-byte") + " string (H5T_STRING)";
        if (cls == HDF5Constants.H5T_ENUM) {
            StringBuilder b = new StringBuilder("enum {");
            int n = H5.H5Tget_nmembers(id);
            for (int i = 0; i < Math.min(n, 8); i++) b.append(i > 0 ? ", " : "").append(H5.H5Tget_member_name(id, i));
            return b.append(n > 8 ? ", ...}" : "}").append(" (H5T_ENUM of ").append(size).append(" bytes)").toString();
        }
        return H5.H5Tget_class_name(cls) + " of " + size + " bytes";
    }

    /** What jpio reads, for error messages. */
    static String supported() {
        return "bool (enum FALSE/TRUE of int8), int8, uint16, int16, int32, int64, float32, float64, either byte order";
    }
}
