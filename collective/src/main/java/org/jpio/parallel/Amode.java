package org.jpio.parallel;

import java.util.EnumSet;
import java.util.Set;

/**
 * MPI_File_open's access modes (MPI_MODE_*), named as MPI names them. Exactly one of {@link #RDONLY},
 * {@link #WRONLY} and {@link #RDWR}; {@link #CREATE} and {@link #EXCL} need write access and
 * {@link #SEQUENTIAL} excludes {@link #RDWR}, as MPI requires.
 *
 * <p>{@link #UNIQUE_OPEN} (the file is opened nowhere else meanwhile) is a promise jpio accepts and does
 * not need; {@link #APPEND} starts the file pointer at the end of the file; on a {@link #SEQUENTIAL} file
 * the explicit-offset routines ({@code readAt}, {@code writeAtAll} ...) are refused, as MPI makes them
 * erroneous there.
 */
public enum Amode {
    RDONLY, RDWR, WRONLY, CREATE, EXCL, DELETE_ON_CLOSE, UNIQUE_OPEN, SEQUENTIAL, APPEND;

    /** Checks MPI's rules for a set of modes; IllegalArgumentException naming the conflict (MPI_ERR_AMODE). */
    public static Set<Amode> check(Set<Amode> modes) {
        if (modes == null) throw new IllegalArgumentException("amode is null");
        EnumSet<Amode> m = modes.isEmpty() ? EnumSet.noneOf(Amode.class) : EnumSet.copyOf(modes);
        int access = (m.contains(RDONLY) ? 1 : 0) + (m.contains(WRONLY) ? 1 : 0) + (m.contains(RDWR) ? 1 : 0);
        if (access != 1) throw new IllegalArgumentException("amode=" + m + ": exactly one of RDONLY, WRONLY, RDWR is required (MPI_ERR_AMODE)");
        if (m.contains(RDONLY) && (m.contains(CREATE) || m.contains(EXCL)))
            throw new IllegalArgumentException("amode=" + m + ": CREATE and EXCL need write access (MPI forbids them with RDONLY, MPI_ERR_AMODE)");
        if (m.contains(RDWR) && m.contains(SEQUENTIAL))
            throw new IllegalArgumentException("amode=" + m + ": SEQUENTIAL with RDWR is erroneous in MPI (MPI_ERR_AMODE)");
        return m;
    }

    /** Whether a file opened with {@code modes} may be read through its handle. */
    public static boolean readable(Set<Amode> modes) { return !modes.contains(WRONLY); }

    /** Whether a file opened with {@code modes} may be written through its handle. */
    public static boolean writable(Set<Amode> modes) { return !modes.contains(RDONLY); }
}
