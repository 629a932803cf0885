package org.jpio.comm;

import org.jpio.io.ElementType;

/**
 * Argument checks shared by every {@link Comm} implementation, so a bad call fails the same way (an
 * IllegalArgumentException naming the argument, before any element moves) whatever carries the bytes.
 */
public final class Args {
    private Args() { }

    /** The element type of a send/receive pair, which must be primitive arrays of one type. */
    public static ElementType sameType(String op, Object send, Object recv) {
        ElementType s = type(op, "send", send);
        ElementType r = type(op, "recv", recv);
        if (s != r)
            throw new IllegalArgumentException(op + ": send type=" + send.getClass().getTypeName()
                    + " but recv type=" + recv.getClass().getTypeName() + " (must be equal)");
        return s;
    }

    public static ElementType type(String op, String what, Object buf) {
        try {
            return ElementType.of(buf);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(op + ": " + what + ": " + e.getMessage(), e);
        }
    }

    public static void range(String op, String what, Object buf, int index, int count) {
        int len = ElementType.of(buf).length(buf);
        if (index < 0 || count < 0 || index > len - count)
            throw new IllegalArgumentException(op + ": " + what + " range out of bounds: index=" + index
                    + " count=" + count + " length=" + len);
    }

    /** counts/displs of a v-collective: one entry per rank, each range inside {@code buf}. */
    public static void vector(String op, String what, Object buf, int[] counts, int[] displs, int size) {
        if (counts == null || displs == null)
            throw new IllegalArgumentException(op + ": " + what + " counts and displs must not be null");
        if (counts.length != size || displs.length != size)
            throw new IllegalArgumentException(op + ": " + what + " counts.length=" + counts.length
                    + " displs.length=" + displs.length + " but size=" + size);
        for (int r = 0; r < size; r++) range(op, what + "[rank=" + r + "]", buf, displs[r], counts[r]);
    }

    /** A rank argument: 0..size-1, or also -1 (MPI_PROC_NULL) when {@code procNull}. */
    public static void rank(String op, String what, int rank, int size, boolean procNull) {
        if ((rank < 0 || rank >= size) && !(procNull && rank == -1))
            throw new IllegalArgumentException(op + ": " + what + "=" + rank + " outside 0.." + (size - 1)
                    + (procNull ? " (or -1 for none)" : ""));
    }

    /** MPI forbids a send buffer that is also the receive buffer. */
    public static void distinct(String op, Object send, Object recv) {
        if (send == recv)
            throw new IllegalArgumentException(op + ": send and recv are the same array (buffers must not alias)");
    }

    // ---- the local checks of each collective, the same for every implementation -----------------------

    public static ElementType bcast(Object buf, int index, int count, int root, int size) {
        ElementType t = type("bcast", "buf", buf);
        range("bcast", "buf", buf, index, count);
        rank("bcast", "root", root, size, false);
        return t;
    }

    public static ElementType allgather(Object send, int sIndex, int count, Object recv, int rIndex, int size) {
        ElementType t = sameType("allgather", send, recv);
        range("allgather", "send", send, sIndex, count);
        if ((long) count * size > Integer.MAX_VALUE)
            throw new IllegalArgumentException("allgather: count=" + count + " * size=" + size + " exceeds an array");
        range("allgather", "recv", recv, rIndex, count * size);
        return t;
    }

    public static ElementType allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs, int size) {
        ElementType t = sameType("allgatherv", send, recv);
        range("allgatherv", "send", send, sIndex, count);
        vector("allgatherv", "recv", recv, recvCounts, displs, size);
        return t;
    }

    public static ElementType alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts,
                                 int[] recvDispls, int size) {
        ElementType t = sameType("alltoallv", send, recv);
        distinct("alltoallv", send, recv);
        vector("alltoallv", "send", send, sendCounts, sendDispls, size);
        vector("alltoallv", "recv", recv, recvCounts, recvDispls, size);
        return t;
    }

    /** The array side and the buffer pieces of alltoallvToBuffer / alltoallvFromBuffer. */
    public static ElementType pieces(String op, Object array, int[] counts, int[] displs, java.nio.ByteBuffer buffer,
                              int[] pieceCounts, int[] pieceDispls, long[] pieces, int size) {
        if (array == null || buffer == null || pieces == null) throw new IllegalArgumentException(op + ": array, buffer and pieces must not be null");
        ElementType t = ElementType.of(array);
        vector(op, "array", array, counts, displs, size);
        if (pieceCounts == null || pieceDispls == null || pieceCounts.length != size || pieceDispls.length != size)
            throw new IllegalArgumentException(op + ": pieceCounts and pieceDispls need one entry per rank (" + size + ")");
        for (int r = 0; r < size; r++) {
            if (pieceCounts[r] < 0 || pieceCounts[r] % 2 != 0 || pieceDispls[r] < 0 || pieceDispls[r] > pieces.length - pieceCounts[r])
                throw new IllegalArgumentException(op + ": rank=" + r + " pieceCounts=" + pieceCounts[r] + " pieceDispls=" + pieceDispls[r] + " outside pieces of length " + pieces.length);
            for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) {
                long off = pieces[k], len = pieces[k + 1];
                if (off < 0 || len < 0 || len % t.size() != 0 || off > buffer.capacity() - len)
                    throw new IllegalArgumentException(op + ": rank=" + r + " piece offset=" + off + " length=" + len
                            + " is not whole " + t + " elements inside the buffer of capacity " + buffer.capacity());
            }
        }
        return t;
    }

    public static ElementType allreduce(String op, Object send, Object recv, int count, Comm.Op reduce) {
        ElementType t = sameType(op, send, recv);
        distinct(op, send, recv);
        range(op, "send", send, 0, count);
        range(op, "recv", recv, 0, count);
        Reduction.check(op, t, reduce);
        return t;
    }

    /** The element type of a sendrecv; both halves, where present, must have the same. */
    public static ElementType sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount,
                                int source, int size) {
        rank("sendrecv", "dest", dest, size, true);
        rank("sendrecv", "source", source, size, true);
        if (dest >= 0) range("sendrecv", "send", send, sIndex, sCount);
        if (source >= 0) range("sendrecv", "recv", recv, rIndex, rCount);
        if (dest >= 0 && source >= 0) return sameType("sendrecv", send, recv);
        return dest >= 0 ? type("sendrecv", "send", send) : source >= 0 ? type("sendrecv", "recv", recv) : null;
    }
}
