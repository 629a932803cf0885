package org.jpio.twophase;

import java.util.PriorityQueue;
import org.jpio.view.PieceCursor;
import org.jpio.view.Run;

/**
 * Per round, who sends what to whom (ADIOI_Calc_my_req / ADIOI_Calc_others_req, computed lazily). In a
 * round every aggregator works on one cycle; a rank's data for it are the pieces of its access inside
 * that cycle's file range. Senders and aggregators derive the same pieces from the ranks' accesses (their
 * views, offsets and counts, which are small), so no offset list ever travels, and the pieces of a round
 * are walked once with constant memory per rank.
 *
 * <p>Bytes travel in piece order: a sender packs its pieces for one aggregator one after another, and
 * the aggregator unpacks the same sequence; {@link Piece#bufferOffset()} is the place in the aggregator's
 * cycle buffer (file offset - cycle start), {@link Piece#memoryOffset()} the place in the rank's buffer.
 */
public final class Exchange {
    private Exchange() { }

    /** One contiguous piece of a rank's access inside a cycle. */
    public record Piece(long fileOffset, long length, long bufferOffset, long memoryOffset) { }

    /** Lazy pieces of {@code access} in the cycle range {@code cycle} (nothing for a null cycle). */
    public static Cursor pieces(Access access, Run cycle) {
        PieceCursor p = cycle == null ? access.pieces(0, 0) : access.pieces(cycle.offset(), cycle.end());
        long base = cycle == null ? 0 : cycle.offset();
        return new Cursor(p, base);
    }

    /** Bytes of {@code access} inside {@code cycle}: the count of one alltoallv slot. */
    public static long bytes(Access access, Run cycle) {
        Cursor c = pieces(access, cycle);
        long n = 0;
        while (c.next()) n += c.length();
        return n;
    }

    /**
     * What one rank sends (writes) or receives (reads) in {@code round}: bytes per domain, index = domain
     * (map it through the aggregator list to ranks).
     */
    public static long[] bytesPerDomain(Access access, Cycles cycles, int round) {
        int n = cycles.domains().count();
        long[] out = new long[n];
        Run range = access.range();
        if (range == null) return out;
        for (int d = 0; d < n; d++) {
            Run c = cycles.cycle(d, round);
            if (c != null && c.offset() < range.end() && range.offset() < c.end()) out[d] = bytes(access, c);
        }
        return out;
    }

    /**
     * The coverage of one cycle by all ranks' accesses (overlaps between ranks counted once): holes mean
     * the aggregator must read before it writes. Merges the ranks' piece streams by offset, memory O(ranks).
     */
    public static Coverage coverage(Access[] accesses, Run cycle) {
        PriorityQueue<Cursor> queue = new PriorityQueue<>((a, b) -> Long.compare(a.fileOffset(), b.fileOffset()));
        for (Access a : accesses) {
            Cursor c = pieces(a, cycle);
            if (c.next()) queue.add(c);
        }
        long first = -1, end = -1, covered = 0;
        while (!queue.isEmpty()) {
            Cursor c = queue.poll();
            long lo = c.fileOffset(), hi = lo + c.length();
            if (first < 0) { first = lo; end = lo; }
            if (hi > end) { covered += hi - Math.max(lo, end); end = hi; }
            if (c.next()) queue.add(c);
        }
        return first < 0 ? new Coverage(cycle == null ? 0 : cycle.offset(), cycle == null ? 0 : cycle.offset(), 0) : new Coverage(first, end, covered);
    }

    /** A lazy stream of {@link Piece}s, readable without allocation through its accessors. */
    public static final class Cursor {
        private final PieceCursor in;
        private final long base;

        Cursor(PieceCursor in, long base) {
            this.in = in;
            this.base = base;
        }

        public boolean next() { return in.next(); }
        public long fileOffset() { return in.fileOffset(); }
        public long length() { return in.length(); }
        public long bufferOffset() { return in.fileOffset() - base; }
        public long memoryOffset() { return in.memoryOffset(); }
        public Piece piece() { return new Piece(fileOffset(), length(), bufferOffset(), memoryOffset()); }
    }
}
