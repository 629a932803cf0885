package org.jpio.driver;

import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * One rank's part of one read or write, checked by ParallelFile: {@code count} elements of {@code array},
 * where {@code memory} says (from one index on, or as a memory datatype), at view offset {@code offset} (etypes) of {@code view}, and what walking the view's
 * runs found ({@link Access}). {@code op} is MPI's name of the call, for messages ("write_at_all");
 * {@code comm} the communicator a collective transfer runs its steps on (the file's, or for a nonblocking
 * call the duplicate its background thread uses, so that the program's own collectives go on meanwhile).
 */
public record Transfer(String op, FileView view, long offset, Object array, Memory memory, int count, ElementType type, Access access, Comm comm) {
    /** The array index of the first element, for a contiguous memory (IllegalStateException otherwise). */
    public int index() { return memory.index(); }

    /** The first view byte of the transfer (offset in bytes of visible data). */
    public long from() { return offset * view.etype().size(); }

    /** Bytes the transfer moves. */
    public long bytes() { return (long) count << type.shift(); }

    /** The same transfer cut to its first {@code n} elements (a read cut at the end of the file). */
    public Transfer first(int n) {
        if (n == count) return this;
        Access a = Access.of(view, from(), (long) n << type.shift(), type);
        return new Transfer(op, view, offset, array, memory, n, type, a, comm);
    }

    /** The file runs of the transfer, in order (a fresh cursor each call). */
    public RunCursor runs() { return view.runsOfBytes(from(), bytes()); }
}
