package org.jpio.layout;

import java.nio.file.Path;

/**
 * Reads (and where the file system allows, sets) the stripe layout of one kind of file system. The
 * registry ({@link LayoutProbes}) asks each probe in turn whether it {@link #recognizes} the file system
 * of a path, by statfs's magic and the mount table's type name, and lets the first that does read it.
 */
public interface LayoutProbe {
    /** The probe's name, as {@code bin/jpio fsinfo} reports it. */
    String name();

    boolean recognizes(FsStat fs);

    /** The layout of the file or directory at {@code path}; numbers it cannot read are unknown, with the reason. */
    StripeLayout read(Path path, FsStat fs, FsCalls calls);

    /**
     * Sets stripe unit and count (0: leave as the file system chooses) on {@code file}, a new empty file.
     * By default the file system takes no per-file layout.
     */
    default Applied apply(Path file, long unit, long count, FsStat fs, FsCalls calls) {
        return Applied.no(fs.type() + " takes no per-file stripe layout");
    }
}
