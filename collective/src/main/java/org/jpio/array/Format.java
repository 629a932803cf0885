package org.jpio.array;

import java.nio.file.Path;
import java.util.Locale;

/** On-disk formats of a {@link DistributedArray} (specs in docs/FORMATS.md). */
public enum Format {
    /** The global array in C order, no header: what MPI-IO writes through a darray view ("native"). */
    RAW,
    /** numpy's .npy: a header with dtype, shape and fortran_order, then the data from a 64-byte boundary. */
    NPY;

    /** NPY for a name ending in ".npy" (any case), RAW otherwise. */
    public static Format of(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".npy") ? NPY : RAW;
    }
}
