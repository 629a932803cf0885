package org.jpio.twophase;

import java.nio.ByteBuffer;
import org.jpio.io.ElementType;

/**
 * The piece lists an aggregator of the {@link MessageExchange} received for one cycle: from each rank s,
 * {@code counts[s]} longs from {@code displs[s]} in {@code list}, as (file offset, bytes) pairs in the
 * order of that rank's data. Reused from cycle to cycle; the questions the cycle asks of them (its span,
 * whether it has holes, whether it is the aggregator's own gap-free run) and the copies between the
 * cycle buffer and the ranks' data, piece by piece.
 */
final class ReceivedPieces {
    final LongList list = new LongList();
    final int[] counts;
    final int[] displs;
    private final int p;

    ReceivedPieces(int p) {
        this.p = p;
        counts = new int[p];
        displs = new int[p];
    }

    /**
     * The lists as buffer pieces for the exchange, into {@code pieces} and {@code pieceCounts}: offsets
     * relative to the window start {@code w0}, the aggregator's ({@code me}'s) own pieces left out (they
     * are copied directly).
     */
    void bufferPieces(long w0, int me, LongList pieces, int[] pieceCounts) {
        long[] m = list.array();
        long[] out = pieces.reserve(list.size());
        for (int k = 0; k < list.size(); k += 2) {
            out[k] = m[k] - w0;
            out[k + 1] = m[k + 1];
        }
        for (int s = 0; s < p; s++) pieceCounts[s] = s == me ? 0 : counts[s];
    }

    /** Elements of {@code esz} bytes rank {@code s} asked this aggregator for in the current cycle. */
    int requested(int s, int esz) {
        long[] m = list.array();
        long bytes = 0;
        for (int k = displs[s]; k < displs[s] + counts[s]; k += 2) bytes += m[k + 1];
        return Math.toIntExact(bytes / esz);
    }

    /** {start, end} of the pieces received this cycle, or null when there are none. */
    long[] span() {
        long[] m = list.array();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int k = 0; k < list.size(); k += 2) {
            lo = Math.min(lo, m[k]);
            hi = Math.max(hi, m[k] + m[k + 1]);
        }
        return lo < hi ? new long[] {lo, hi} : null;
    }

    /**
     * Whether this cycle's window receives only the aggregator's ({@code me}'s) own pieces, forming one
     * gap-free run in the order they sit in its array. Such a window is written straight from the array:
     * the bytes are those the cycle buffer would hold, without copying them there first (a single rank, or
     * an aggregator whose own block is a contiguous part of the file, writes whole cycles this way).
     */
    boolean selfContiguous(int me) {
        for (int s = 0; s < p; s++) if (s != me && counts[s] != 0) return false;
        long[] m = list.array();
        int from = displs[me], to = from + counts[me];
        for (int k = from; k + 2 < to; k += 2) if (m[k] + m[k + 1] != m[k + 2]) return false;
        return to > from;
    }

    /** Bytes covered by the pieces (pieces of a collective write do not overlap, as MPI requires for defined results). */
    long covered() {
        long[] m = list.array();
        long sum = 0;
        for (int k = 1; k < list.size(); k += 2) sum += m[k];
        return sum;
    }

    /**
     * Puts each rank's elements at its pieces in {@code buf} (the window from {@code w0}): the aggregator's
     * own from {@code own[ownIndex..]}, the others' from {@code recv} at {@code recvDispls}; with {@code recv}
     * null the exchange has placed the others' already.
     */
    void fill(ByteBuffer buf, long w0, Object recv, Object own, int ownIndex, int[] recvDispls, int me, ElementType type) {
        copy(buf, w0, recv, own, ownIndex, recvDispls, me, type, true);
    }

    /** The reverse of {@link #fill}: each rank's elements from its pieces in {@code buf} to {@code own} or {@code send}. */
    void extract(ByteBuffer buf, long w0, Object send, Object own, int ownIndex, int[] sendDispls, int me, ElementType type) {
        copy(buf, w0, send, own, ownIndex, sendDispls, me, type, false);
    }

    private void copy(ByteBuffer buf, long w0, Object others, Object own, int ownIndex, int[] othersDispls, int me, ElementType type, boolean in) {
        long[] m = list.array();
        int shift = type.shift();
        buf.clear();
        for (int s = 0; s < p; s++) {
            if (others == null && s != me) continue; // moved between the buffer and that rank by the exchange itself
            Object array = s == me ? own : others;
            int i = s == me ? ownIndex : othersDispls[s];
            for (int k = displs[s]; k < displs[s] + counts[s]; k += 2) {
                int n = (int) (m[k + 1] >> shift);
                buf.position((int) (m[k] - w0));
                if (in) type.put(buf, array, i, n);
                else type.get(buf, array, i, n);
                i += n;
            }
        }
    }
}
