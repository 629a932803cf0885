package org.jpio.view;

import java.nio.ByteOrder;
import java.util.Locale;

/**
 * Data representation of a file view (MPI_File_set_view's datarep): how elements are laid out in the
 * file. "native" is the machine's own order, as MPI's; "big-endian" is jpio's portable representation,
 * the order of Java's DataOutput and of MPI's external32 for these primitive types.
 */
public enum DataRep {
    NATIVE("native"),
    BIG_ENDIAN("big-endian");

    private final String datarep;

    DataRep(String datarep) { this.datarep = datarep; }

    /** The name as passed to set_view ("native", "big-endian"). */
    public String datarep() { return datarep; }

    public ByteOrder byteOrder() { return this == NATIVE ? ByteOrder.nativeOrder() : ByteOrder.BIG_ENDIAN; }

    public static DataRep forName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (DataRep r : values()) if (r.datarep.equals(n)) return r;
        throw new IllegalArgumentException("unknown datarep=" + name + " (one of native, big-endian)");
    }
}
