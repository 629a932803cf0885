package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * Attributes of an HDF5 object (the file's root group, a group or a dataset) as h5py writes and reads
 * them: a scalar is a scalar dataspace, an array a one-dimensional one; primitives in native byte order
 * with the element types' HDF5 types ({@link H5Types}), strings variable-length UTF-8. Reading also
 * accepts fixed-length strings and either byte order; any other type or rank is named in the error.
 */
final class H5Attributes {
    private H5Attributes() { }

    /** Writes every attribute on the open object {@code obj}, replacing attributes of the same names. */
    static void write(long obj, Attributes attributes) {
        for (var e : attributes.values().entrySet()) {
            String name = e.getKey();
            Attributes.Value v = e.getValue();
            if (H5.H5Aexists(obj, name)) H5.H5Adelete(obj, name);
            try (H5Ids ids = new H5Ids()) {
                long space = ids.add(v.scalar() ? H5.H5Screate(HDF5Constants.H5S_SCALAR) : H5.H5Screate_simple(1, new long[] {v.length()}, null));
                if (v.type() == null) {
                    long type = H5Types.string(ids);
                    long a = ids.add(H5.H5Acreate(obj, name, type, space, HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT));
                    H5.H5AwriteVL(a, type, (String[]) v.data());
                } else {
                    ElementType t = v.type();
                    long a = ids.add(H5.H5Acreate(obj, name, H5Types.fileType(t, ByteOrder.nativeOrder(), ids), space,
                            HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT));
                    ByteBuffer b = ByteBuffer.allocate(v.length() * t.size()).order(ByteOrder.nativeOrder());
                    t.put(b, v.data(), 0, v.length());
                    H5.H5Awrite(a, H5Types.memoryType(t, ids), b.array());
                }
            }
        }
    }

    /** Every attribute of the open object {@code obj}, by name; {@code where} names the object for errors. */
    static Attributes read(long obj, String where) {
        Attributes out = Attributes.empty();
        long n = H5.H5Oget_info(obj).num_attrs;
        for (long i = 0; i < n; i++) {
            String name = H5.H5Aget_name_by_idx(obj, ".", HDF5Constants.H5_INDEX_NAME, HDF5Constants.H5_ITER_INC, i, HDF5Constants.H5P_DEFAULT);
            try (H5Ids ids = new H5Ids()) {
                long a = ids.add(H5.H5Aopen(obj, name, HDF5Constants.H5P_DEFAULT));
                long type = ids.add(H5.H5Aget_type(a));
                long space = ids.add(H5.H5Aget_space(a));
                boolean scalar = H5.H5Sget_simple_extent_type(space) == HDF5Constants.H5S_SCALAR;
                int rank = scalar ? 0 : H5.H5Sget_simple_extent_ndims(space);
                if (rank > 1 || H5.H5Sget_simple_extent_type(space) == HDF5Constants.H5S_NULL)
                    throw new IllegalArgumentException("attribute " + name + " of " + where + " has " + (rank > 1 ? rank + " dimensions" : "no value (a null dataspace)")
                            + "; jpio reads scalars and one-dimensional arrays");
                int len = (int) H5.H5Sget_simple_extent_npoints(space);
                out = out.withValue(name, value(a, type, len, scalar, name, where, ids));
            }
        }
        return out;
    }

    private static Attributes.Value value(long a, long type, int len, boolean scalar, String name, String where, H5Ids ids) {
        if (H5.H5Tget_class(type) == HDF5Constants.H5T_STRING) return new Attributes.Value(null, strings(a, type, len), scalar);
        H5Types.Found f = H5Types.find(type);
        if (f.type() == null)
            throw new IllegalArgumentException("attribute " + name + " of " + where + " has type " + f.name() + ", which has no Java element type (jpio reads "
                    + H5Types.supported() + " and strings)");
        ElementType t = f.type();
        byte[] raw = new byte[len * t.size()];
        H5.H5Aread(a, H5Types.memoryType(t, ids), raw);
        Object data = t.newArray(len);
        t.get(ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder()), data, 0, len);
        return new Attributes.Value(t, data, scalar);
    }

    /** Variable-length strings as the library hands them out; fixed-length ones cut at their padding. */
    private static String[] strings(long a, long type, int len) {
        String[] s = new String[len];
        if (H5.H5Tis_variable_str(type)) {
            H5.H5AreadVL(a, type, s);
            return s;
        }
        int size = (int) H5.H5Tget_size(type);
        byte[] raw = new byte[len * size];
        H5.H5Aread(a, type, raw);
        boolean spaces = H5.H5Tget_strpad(type) == HDF5Constants.H5T_STR_SPACEPAD;
        for (int i = 0; i < len; i++) {
            byte[] one = Arrays.copyOfRange(raw, i * size, (i + 1) * size);
            int end = 0;
            while (end < size && one[end] != 0) end++;
            while (spaces && end > 0 && one[end - 1] == ' ') end--;
            s[i] = new String(one, 0, end, StandardCharsets.UTF_8);
        }
        return s;
    }
}
