package org.jpio.format;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import hdf.hdf5lib.structs.H5O_info_t;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Paths inside an open HDF5 file: what is at a path, which datasets there are, and how one is stored. */
final class H5Paths {
    private H5Paths() { }

    /** The name an added dataset has until it is complete: {@code /group/.name.jpio-incomplete}. */
    static String incomplete(String dataset) {
        int slash = dataset.lastIndexOf('/');
        return dataset.substring(0, slash + 1) + "." + dataset.substring(slash + 1) + H5Files.INCOMPLETE;
    }

    /**
     * The object type (H5O_TYPE_*) at {@code path}, or null when nothing is there; an IllegalArgumentException
     * when a component on the way is not a group.
     */
    static Integer objectType(long f, String path, Path file) {
        if (path.equals("/")) return HDF5Constants.H5O_TYPE_GROUP;
        String at = "";
        String[] parts = path.substring(1).split("/");
        for (int i = 0; i < parts.length; i++) {
            at = at + "/" + parts[i];
            if (!H5.H5Lexists(f, at, HDF5Constants.H5P_DEFAULT)) return null;
            if (H5.H5Lget_info(f, at, HDF5Constants.H5P_DEFAULT).type != HDF5Constants.H5L_TYPE_HARD)
                throw new IllegalArgumentException("object " + at + " of file path=" + file + " is a soft or external link; jpio follows hard links only");
            int type = H5.H5Oget_info_by_name(f, at, HDF5Constants.H5P_DEFAULT).type;
            if (i == parts.length - 1) return type;
            if (type != HDF5Constants.H5O_TYPE_GROUP)
                throw new IllegalArgumentException("object " + at + " of file path=" + file + " is not a group, so " + path + " cannot be in it");
        }
        return null; // not reached: the loop returns at its last part
    }

    /** The dataset a path names ("" for the file's only one); an IllegalArgumentException listing the datasets otherwise. */
    static String dataset(long f, Path file, String dataset) {
        if (dataset.isEmpty()) {
            List<String> all = datasets(f);
            if (all.size() == 1) return all.get(0);
            throw new IllegalArgumentException("file path=" + file + " holds " + all.size() + " datasets " + all + "; name one as " + file + ":/name");
        }
        Integer type = objectType(f, dataset, file);
        if (type == null || type != HDF5Constants.H5O_TYPE_DATASET)
            throw new IllegalArgumentException((type == null ? "no dataset " : "object " + dataset + " is a group, not a dataset; no dataset ") + dataset
                    + " in file path=" + file + " (its datasets: " + datasets(f) + ")");
        return dataset;
    }

    /** Every dataset of an open file, depth first in name order; each object once; unfinished ones left out. */
    static List<String> datasets(long f) {
        List<String> out = new ArrayList<>();
        walk(f, "/", new HashSet<>(), out);
        return out;
    }

    private static void walk(long f, String group, Set<Long> seen, List<String> out) {
        long g = H5.H5Gopen(f, group, HDF5Constants.H5P_DEFAULT);
        try {
            long n = H5.H5Gget_info(g).nlinks;
            for (long i = 0; i < n; i++) {
                String name = H5.H5Lget_name_by_idx(g, ".", HDF5Constants.H5_INDEX_NAME, HDF5Constants.H5_ITER_INC, i, HDF5Constants.H5P_DEFAULT);
                String path = (group.equals("/") ? "/" : group + "/") + name;
                if (H5.H5Lget_info(f, path, HDF5Constants.H5P_DEFAULT).type != HDF5Constants.H5L_TYPE_HARD || name.endsWith(H5Files.INCOMPLETE)) continue;
                H5O_info_t info = H5.H5Oget_info_by_name(f, path, HDF5Constants.H5P_DEFAULT);
                if (!seen.add(info.addr)) continue;
                if (info.type == HDF5Constants.H5O_TYPE_DATASET) out.add(path);
                else if (info.type == HDF5Constants.H5O_TYPE_GROUP) walk(f, path, seen, out);
            }
        } finally {
            H5.H5Gclose(g);
        }
    }

    /** How dataset {@code name} is stored. */
    static H5Layout layout(long f, String name, H5Ids ids) {
        long d = ids.add(H5.H5Dopen(f, name, HDF5Constants.H5P_DEFAULT));
        long type = ids.add(H5.H5Dget_type(d));
        long space = ids.add(H5.H5Dget_space(d));
        long dcpl = ids.add(H5.H5Dget_create_plist(d));
        H5Types.Found found = H5Types.find(type);
        int spaceType = H5.H5Sget_simple_extent_type(space);
        if (spaceType == HDF5Constants.H5S_NULL)
            throw new IllegalArgumentException("dataset " + name + " has a null dataspace (no elements, not even a shape); jpio reads arrays");
        int rank = spaceType == HDF5Constants.H5S_SCALAR ? 0 : H5.H5Sget_simple_extent_ndims(space);
        long[] shape = new long[rank];
        if (rank > 0) H5.H5Sget_simple_extent_dims(space, shape, null);
        int kind = H5.H5Pget_layout(dcpl);
        String layout = kind == HDF5Constants.H5D_CONTIGUOUS ? StoredArray.CONTIGUOUS : kind == HDF5Constants.H5D_CHUNKED ? "chunked"
                : kind == HDF5Constants.H5D_COMPACT ? "compact" : kind == HDF5Constants.H5D_VIRTUAL ? "virtual" : "layout " + kind;
        long[] chunk = new long[kind == HDF5Constants.H5D_CHUNKED ? rank : 0];
        if (chunk.length > 0) H5.H5Pget_chunk(dcpl, rank, chunk);
        List<String> filters = new ArrayList<>();
        int nf = H5.H5Pget_nfilters(dcpl);
        for (int i = 0; i < nf; i++) {
            String[] fname = new String[1];
            H5.H5Pget_filter(dcpl, i, new int[1], new long[] {0}, new int[0], 64, fname, new int[1]);
            filters.add(fname[0]);
        }
        int external = kind == HDF5Constants.H5D_CONTIGUOUS ? H5.H5Pget_external_count(dcpl) : 0;
        long offset = kind == HDF5Constants.H5D_CONTIGUOUS && external == 0 ? H5.H5Dget_offset(d) : -1;
        return new H5Layout(name, found.name(), found.type(), found.order(), shape, layout, chunk, filters, external, offset < 0 ? -1 : offset,
                H5.H5Dget_storage_size(d));
    }
}
