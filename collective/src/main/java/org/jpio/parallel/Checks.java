package org.jpio.parallel;

import java.nio.file.Path;
import java.util.Set;
import org.jpio.driver.Access;
import org.jpio.driver.Memory;
import org.jpio.driver.Transfer;
import org.jpio.io.ElementType;
import org.jpio.io.FileNotReadableException;
import org.jpio.io.FileNotWritableException;
import org.jpio.view.FileView;

/**
 * The argument checks of every ParallelFile transfer, before any byte moves (MPI-IO's own layer,
 * ROMIO's MPIO_CHECK_* macros): the buffer, the offset and count, the view's etype against the buffer,
 * the access mode, and the walk of the view's runs (a run must not split an element; offsets must not
 * overflow). Each failure names the call, the path and the rank.
 */
final class Checks {
    private Checks() { }

    /**
     * Reads on a write-only file and writes on a read-only one are refused as the JDK's channels refuse
     * them. The access mode is the same on every rank (agreed at open), so every rank of a collective call
     * throws alike, without an agreement.
     */
    static void mode(String op, boolean write, Set<Amode> amode, Path path, int rank) {
        if (write && !Amode.writable(amode))
            throw new FileNotWritableException(op + " on a file opened RDONLY (MPI_ERR_READ_ONLY): path=" + path + " rank=" + rank);
        if (!write && !Amode.readable(amode))
            throw new FileNotReadableException(op + " on a file opened WRONLY (MPI_ERR_ACCESS): path=" + path + " rank=" + rank);
    }

    /** The checked transfer of {@code e} at view offset {@code offset}; IllegalArgumentException otherwise. */
    static Transfer transfer(String op, boolean explicitOffset, long offset, Elements e, FileView view, Set<Amode> amode, Path path,
                             org.jpio.comm.Comm comm) {
        int rank = comm.rank();
        if (e == null) throw new IllegalArgumentException(op + ": buffer is null: " + where(path, rank));
        ElementType t = e.typeOrNull();
        if (t == null) e.type(op + " " + where(path, rank)); // throws, naming the call
        int index = e.index(), count = e.count(), length = t.length(e.array());
        if (explicitOffset && amode.contains(Amode.SEQUENTIAL))
            throw new IllegalArgumentException(op + ": explicit offsets are erroneous on a file opened SEQUENTIAL (MPI_ERR_UNSUPPORTED_OPERATION): " + where(path, rank));
        if (offset < 0 || count < 0)
            throw new IllegalArgumentException(op + ": offset=" + offset + " count=" + count + " must be >= 0: " + where(path, rank));
        Memory memory;
        if (e.memtype() != null) {
            try {
                memory = Memory.of(e.memtype(), count, t, length);
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException(op + ": " + x.getMessage() + ": " + where(path, rank), x);
            }
            long n = memory.isContiguous() ? count * (e.memtype().size() / t.size()) : memory.elements();
            if (n > Integer.MAX_VALUE) throw new IllegalArgumentException(op + ": " + n + " elements are more than one call moves: " + where(path, rank));
            count = (int) n;
        } else {
            if (index < 0 || index > length - count)
                throw new IllegalArgumentException(op + ": array of length=" + length + " has no elements [" + index + ", " + ((long) index + count)
                        + "): " + where(path, rank) + " offset=" + offset + " count=" + count);
            memory = Memory.contiguous(index);
        }
        if (view.etype() != ElementType.BYTE && view.etype() != t)
            throw new IllegalArgumentException(op + ": buffer of " + t + " does not match the view's etype=" + view.etype() + ": " + where(path, rank));
        long from, bytes = (long) count << t.shift();
        try {
            from = Math.multiplyExact(offset, view.etype().size());
            Math.addExact(from, bytes);
            Access a;
            try {
                a = Access.of(view, from, bytes, t);
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException(op + ": " + x.getMessage() + ": " + where(path, rank), x);
            }
            return new Transfer(op, view, offset, e.array(), memory, count, t, a, comm);
        } catch (ArithmeticException x) {
            throw new IllegalArgumentException(op + ": offset=" + offset + " count=" + count + " of " + t + " overflows a file position (2^63 bytes) in view "
                    + view + ": " + where(path, rank), x);
        }
    }

    /** The context of a message: built only when a check fails, never on the hot path. */
    private static String where(Path path, int rank) { return "path=" + path + " rank=" + rank; }

    /** A size argument (set_size, preallocate). */
    static IllegalArgumentException size(String op, long size, Path path, int rank) {
        return size < 0 ? new IllegalArgumentException(op + ": size=" + size + " must be >= 0: path=" + path + " rank=" + rank) : null;
    }
}
