package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import hdf.hdf5lib.exceptions.HDF5Exception;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpio.io.ElementType;

/**
 * Reads part of a dataset through the HDF5 library (a chunked, compressed or compact dataset, whose data is
 * not one block jpio could address): the product of per-dimension index sets becomes a union of regular
 * hyperslabs (a BLOCK distribution gives one, CYCLIC(k) at most two per dimension: the full blocks with
 * their stride, and a shorter last one), which HDF5 hands out in C order, converted to the native type.
 */
final class H5Selection {
    /** One regular hyperslab along one dimension: {@code count} blocks of {@code block} indices, {@code stride} apart, from {@code start}. */
    record Run(long start, long stride, long count, long block) { }

    private H5Selection() { }

    static void read(Path file, StoredArray s, long[][] indices, ByteBuffer dst) throws IOException {
        long n = 1;
        for (long[] idx : indices) n = Math.multiplyExact(n, idx.length);
        if (n == 0) return;
        ElementType t = s.type();
        if (n * t.size() > Integer.MAX_VALUE - 8 || n * t.size() > dst.remaining())
            throw new IllegalArgumentException("selection of " + n + " elements of " + t + " does not fit a read buffer of remaining=" + dst.remaining() + " bytes");
        byte[] buf = new byte[(int) (n * t.size())];
        try (H5Ids ids = new H5Ids()) {
            long f = H5Files.open(file, false, HDF5Constants.H5P_DEFAULT, ids);
            long d = ids.add(H5.H5Dopen(f, s.dataset(), HDF5Constants.H5P_DEFAULT));
            long fspace = ids.add(H5.H5Dget_space(d));
            if (indices.length > 0) select(fspace, indices);
            long mspace = ids.add(H5.H5Screate_simple(1, new long[] {n}, null));
            H5.H5Dread(d, H5Types.memoryType(t, ids), mspace, fspace, HDF5Constants.H5P_DEFAULT, buf);
        } catch (HDF5Exception e) {
            throw H5Files.failure("reading a hyperslab selection", file, s.dataset(), e);
        }
        if (dst.order().equals(ByteOrder.nativeOrder()) || t.size() == 1) {
            dst.put(buf);
        } else {                                              // the library converted to native order; dst wants the other
            Object tmp = t.newArray((int) n);
            t.get(ByteBuffer.wrap(buf).order(ByteOrder.nativeOrder()), tmp, 0, (int) n);
            t.put(dst, tmp, 0, (int) n);
        }
    }

    /** Selects the product of the index sets in {@code space}: every combination of each dimension's runs, OR'ed. */
    private static void select(long space, long[][] indices) {
        int rank = indices.length;
        List<List<Run>> runs = new ArrayList<>();
        for (long[] idx : indices) runs.add(runs(idx));
        int[] at = new int[rank];
        boolean first = true;
        while (true) {
            long[] start = new long[rank], stride = new long[rank], count = new long[rank], block = new long[rank];
            for (int d = 0; d < rank; d++) {
                Run r = runs.get(d).get(at[d]);
                start[d] = r.start;
                stride[d] = r.stride;
                count[d] = r.count;
                block[d] = r.block;
            }
            H5.H5Sselect_hyperslab(space, first ? HDF5Constants.H5S_SELECT_SET : HDF5Constants.H5S_SELECT_OR, start, stride, count, block);
            first = false;
            int d = rank - 1;
            while (d >= 0 && ++at[d] == runs.get(d).size()) at[d--] = 0;
            if (d < 0) return;
        }
    }

    /** Ascending indices as few regular runs as a greedy pass finds: equal blocks at equal strides join one run. */
    static List<Run> runs(long[] idx) {
        List<Run> out = new ArrayList<>();
        int i = 0, n = idx.length;
        while (i < n) {
            long start = idx[i];
            int b = length(idx, i);
            int j = i + b;
            long count = 1, stride = b;
            if (j < n) {
                long s = idx[j] - start;
                while (j < n && idx[j] == start + count * s && length(idx, j) == b) {
                    count++;
                    j += b;
                }
                if (count > 1) stride = s;
            }
            out.add(new Run(start, stride, count, b));
            i = j;
        }
        return out;
    }

    /** Length of the run of consecutive indices from {@code idx[i]}. */
    private static int length(long[] idx, int i) {
        int b = 1;
        while (i + b < idx.length && idx[i + b] == idx[i] + b) b++;
        return b;
    }
}
