package org.jpio.view;

import java.nio.ByteOrder;
import java.util.Locale;

/**
 * Data representation of a file view (MPI_File_set_view's datarep): how elements are laid out in the
 * file, by MPI's names. {@code native}: as in memory (this machine's byte order); {@code internal}: the
 * implementation's choice, which for jpio is native; {@code external32}: MPI's portable representation,
 * big-endian with fixed sizes, which for Java's eight primitive types are Java's own (boolean 1 byte, char
 * 2, the others as in Java), so a file written with it reads back the same on any machine and by any MPI.
 * {@code big-endian} is jpio's older name for the same layout as external32 (the order of DataOutput).
 */
public enum DataRep {
    NATIVE("native"),
    INTERNAL("internal"),
    EXTERNAL32("external32"),
    BIG_ENDIAN("big-endian");

    private final String datarep;

    DataRep(String datarep) { this.datarep = datarep; }

    /** The name as passed to set_view ("native", "big-endian"). */
    public String datarep() { return datarep; }

    public ByteOrder byteOrder() { return this == NATIVE || this == INTERNAL ? ByteOrder.nativeOrder() : ByteOrder.BIG_ENDIAN; }

    /** MPI_File_get_type_extent: bytes an element of {@code type} takes in this representation (Java's size in all of them). */
    public long extent(org.jpio.io.ElementType type) { return type.size(); }

    public static DataRep forName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (DataRep r : values()) if (r.datarep.equals(n)) return r;
        throw new IllegalArgumentException("unknown datarep=" + name + " (one of native, internal, external32, big-endian)");
    }
}
