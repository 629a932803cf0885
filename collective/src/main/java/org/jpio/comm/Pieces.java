package org.jpio.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jpio.io.ElementType;

/** The piece lists of {@link Comm#alltoallvToBuffer}: element counts per rank, and the copies of the default path. */
public final class Pieces {
    private Pieces() { }

    /** Fills element counts and displacements per rank from the pieces; returns the total. */
    public static int counts(ElementType t, int[] pieceCounts, int[] pieceDispls, long[] pieces, int[] counts, int[] displs) {
        int total = 0;
        for (int r = 0; r < counts.length; r++) {
            long bytes = 0;
            for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) bytes += pieces[k + 1];
            displs[r] = total;
            counts[r] = Math.toIntExact(bytes >> t.shift());
            total += counts[r];
        }
        return total;
    }

    public static void scatter(ElementType t, Object from, ByteBuffer to, int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        ByteBuffer b = to.duplicate().order(ByteOrder.nativeOrder());
        int i = 0;
        for (int r = 0; r < pieceCounts.length; r++)
            for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) {
                int n = (int) (pieces[k + 1] >> t.shift());
                b.limit(b.capacity()).position((int) pieces[k]);
                t.put(b, from, i, n);
                i += n;
            }
    }

    public static void gather(ElementType t, ByteBuffer from, Object to, int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        ByteBuffer b = from.duplicate().order(ByteOrder.nativeOrder());
        int i = 0;
        for (int r = 0; r < pieceCounts.length; r++)
            for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) {
                int n = (int) (pieces[k + 1] >> t.shift());
                b.limit(b.capacity()).position((int) pieces[k]);
                t.get(b, to, i, n);
                i += n;
            }
    }
}
