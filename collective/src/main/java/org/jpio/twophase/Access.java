package org.jpio.twophase;

import org.jpio.view.FileView;
import org.jpio.view.PieceCursor;
import org.jpio.view.Run;
import org.jpio.view.RunCursor;

/**
 * One rank's part of a collective call: {@code count} etypes from view offset {@code offset} of its view,
 * with a user buffer that is contiguous in view order (memory offset 0 = the first byte accessed).
 */
public record Access(FileView view, long offset, long count) {
    public Access {
        if (view == null) throw new IllegalArgumentException("access: view is null");
        view.runs(offset, count);                      // validates offset and count (lazy: no run is walked)
    }

    /** An empty access (a rank that takes part without data). */
    public static Access none(FileView view) { return new Access(view, 0, 0); }

    /** Bytes moved. */
    public long bytes() { return Math.multiplyExact(count, (long) view.etype().size()); }

    /** First view byte of the access. */
    public long firstViewByte() { return offset * view.etype().size(); }

    /** [first, last + 1) file byte touched (ADIOI_Calc_bounds); null for an empty access. */
    public Run range() { return count == 0 ? null : view.accessRange(offset, count); }

    /** The file runs in view order (ADIOI_Calc_my_off_len, lazily). */
    public RunCursor runs() { return view.runs(offset, count); }

    /** The pieces inside the file window [lo, hi), with memory offsets in this access's buffer. */
    public PieceCursor pieces(long lo, long hi) { return view.pieces(firstViewByte(), bytes(), lo, hi); }
}
