package org.jpio.driver;

import org.jpio.io.ElementType;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * One rank's part of one read or write, checked by ParallelFile: {@code count} elements of {@code array}
 * from {@code index}, at view offset {@code offset} (etypes) of {@code view}, and what walking the view's
 * runs found ({@link Access}). {@code op} is MPI's name of the call, for messages ("write_at_all").
 */
public record Transfer(String op, FileView view, long offset, Object array, int index, int count, ElementType type, Access access) {
    /** The first view byte of the transfer (offset in bytes of visible data). */
    public long from() { return offset * view.etype().size(); }

    /** Bytes the transfer moves. */
    public long bytes() { return (long) count << type.shift(); }

    /** The file runs of the transfer, in order (a fresh cursor each call). */
    public RunCursor runs() { return view.runsOfBytes(from(), bytes()); }
}
