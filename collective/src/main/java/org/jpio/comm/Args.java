package org.jpio.comm;

import org.jpio.io.ElementType;

/**
 * Argument checks shared by every {@link Comm} implementation, so a bad call fails the same way (an
 * IllegalArgumentException naming the argument, before any element moves) whatever carries the bytes.
 */
final class Args {
    private Args() { }

    /** The element type of a send/receive pair, which must be primitive arrays of one type. */
    static ElementType sameType(String op, Object send, Object recv) {
        ElementType s = type(op, "send", send);
        ElementType r = type(op, "recv", recv);
        if (s != r)
            throw new IllegalArgumentException(op + ": send type=" + send.getClass().getTypeName()
                    + " but recv type=" + recv.getClass().getTypeName() + " (must be equal)");
        return s;
    }

    static ElementType type(String op, String what, Object buf) {
        try {
            return ElementType.of(buf);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(op + ": " + what + ": " + e.getMessage(), e);
        }
    }

    static void range(String op, String what, Object buf, int index, int count) {
        int len = ElementType.of(buf).length(buf);
        if (index < 0 || count < 0 || index > len - count)
            throw new IllegalArgumentException(op + ": " + what + " range out of bounds: index=" + index
                    + " count=" + count + " length=" + len);
    }

    /** counts/displs of a v-collective: one entry per rank, each range inside {@code buf}. */
    static void vector(String op, String what, Object buf, int[] counts, int[] displs, int size) {
        if (counts == null || displs == null)
            throw new IllegalArgumentException(op + ": " + what + " counts and displs must not be null");
        if (counts.length != size || displs.length != size)
            throw new IllegalArgumentException(op + ": " + what + " counts.length=" + counts.length
                    + " displs.length=" + displs.length + " but size=" + size);
        for (int r = 0; r < size; r++) range(op, what + "[rank=" + r + "]", buf, displs[r], counts[r]);
    }

    /** A rank argument: 0..size-1, or also -1 (MPI_PROC_NULL) when {@code procNull}. */
    static void rank(String op, String what, int rank, int size, boolean procNull) {
        if ((rank < 0 || rank >= size) && !(procNull && rank == -1))
            throw new IllegalArgumentException(op + ": " + what + "=" + rank + " outside 0.." + (size - 1)
                    + (procNull ? " (or -1 for none)" : ""));
    }

    /** MPI forbids a send buffer that is also the receive buffer. */
    static void distinct(String op, Object send, Object recv) {
        if (send == recv)
            throw new IllegalArgumentException(op + ": send and recv are the same array (buffers must not alias)");
    }
}
