package org.jpio.parallel;

import java.util.EnumSet;
import java.util.Set;

/**
 * MPI_File_open's access modes (MPI_MODE_*). Exactly one of {@link #RDONLY}, {@link #WRONLY} and
 * {@link #RDWR}; {@link #CREATE} and {@link #EXCL} need write access, as MPI requires.
 */
public enum AccessMode {
    RDONLY, WRONLY, RDWR, CREATE, EXCL, DELETE_ON_CLOSE;

    /** Checks MPI's rules for a set of modes; IllegalArgumentException naming the conflict. */
    static Set<AccessMode> check(Set<AccessMode> modes) {
        EnumSet<AccessMode> m = modes.isEmpty() ? EnumSet.noneOf(AccessMode.class) : EnumSet.copyOf(modes);
        int access = (m.contains(RDONLY) ? 1 : 0) + (m.contains(WRONLY) ? 1 : 0) + (m.contains(RDWR) ? 1 : 0);
        if (access != 1) throw new IllegalArgumentException("amode=" + m + ": exactly one of RDONLY, WRONLY, RDWR is required");
        if (m.contains(RDONLY) && (m.contains(CREATE) || m.contains(EXCL)))
            throw new IllegalArgumentException("amode=" + m + ": CREATE and EXCL need write access (MPI forbids them with RDONLY)");
        return m;
    }
}
