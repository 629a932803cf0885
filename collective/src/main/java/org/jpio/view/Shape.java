package org.jpio.view;

/**
 * What MPI computes for a datatype from its type map: data size, the bounds including lb/ub markers, the
 * true bounds of the data alone, and two structural facts the cursors and file views rely on:
 * {@code dense} (the data is exactly one run covering [lb, ub)) and {@code monotone} (data runs in type
 * order never go backwards or overlap, which MPI requires of filetypes).
 */
record Shape(long size, long lb, long ub, long trueLb, long trueUb, boolean dense, boolean monotone) {

    static Shape basic(int size) { return new Shape(size, 0, size, 0, size, true, true); }

    /** A type with no copies at all: every bound is 0 (MPI's empty type map). */
    static Shape empty() { return new Shape(0, 0, 0, 0, 0, true, true); }
}
