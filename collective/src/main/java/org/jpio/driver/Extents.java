package org.jpio.driver;

import java.util.Arrays;
import java.util.Comparator;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.RankFailure;
import org.jpio.io.ElementType;

/**
 * Every rank's {@link Access} of one collective call, after one allgather, which ParallelFile makes before
 * every collective transfer (after it, for a read that repeats the one before, {@link #aheadOf}): it carries the outcome of each rank's argument checks, and it is what a
 * collective driver plans from (ROMIO's allgather of start and end offsets). Every rank holds the same
 * values, so every decision taken from them is taken alike on all ranks.
 */
public final class Extents {
    private static final int START = 0, END = 1, BYTES = 2, RUNS = 3, RESIDUES = 4, TYPE = 5, SMALL_RUNS = 6, REJECTED = 7;
    /** The fields a plan is made from ({@link #sameAs} compares them); the two after them say how the call went. */
    private static final int PLANNED = 8;
    /**
     * Set by a rank that read before the gather (a repeated read, {@link #aheadOf}), and whether that read
     * failed; zero on every other call.
     */
    private static final int AHEAD = 8, FAILED = 9, FIELDS = 10;

    private static final ElementType[] TYPES = ElementType.values();

    private final long[] all;
    private final int ranks;

    private Extents(long[] all) {
        this.all = all;
        this.ranks = all.length / FIELDS;
    }

    /**
     * Collective: every rank contributes its checked transfer, or null when its argument checks failed. One
     * allgather serves both the drivers' planning and the agreement on the checks: when any rank's checks
     * failed, every rank learns it here ({@link #rejected()}) before any byte moves.
     */
    public static Extents exchange(Comm comm, Transfer t) { return exchange(comm, fields(t)); }

    /** {@link #exchange(Comm, Transfer)} of a rank's {@link #fields}, which a repeated call keeps (they are not changed). */
    public static Extents exchange(Comm comm, long[] mine) {
        if (comm.size() == 1) return alone(mine);
        long[] all = new long[FIELDS * comm.size()];
        comm.allgather(mine, 0, FIELDS, all, 0);
        return new Extents(all);
    }

    /**
     * {@link #exchange(Comm, long[])} by a rank that has already read its part of a repeated collective read
     * ({@code failed}: whether that read failed). {@code mine} is the repeated call's fields, left as they were;
     * the communicator has several ranks (a rank alone would gather its own array, which this resets).
     */
    public static Extents exchangeAfterRead(Comm comm, long[] mine, boolean failed) {
        if (comm.size() == 1) throw new IllegalArgumentException("a rank alone has nothing to gather after its read");
        mine[AHEAD] = 1;
        mine[FAILED] = failed ? 1 : 0;
        try {
            return exchange(comm, mine);
        } finally {
            mine[AHEAD] = 0;
            mine[FAILED] = 0;
        }
    }

    /**
     * Whether every rank read ahead ({@link #exchangeAfterRead}) and every rank's access is the one it had in
     * {@code before}: then the call was the one before it again, on every rank, and the reads already made are
     * the call's transfer. Otherwise the ranks go on as in any call, from these extents.
     */
    public boolean aheadOf(Extents before) {
        for (int r = 0; r < ranks; r++) if (all[r * FIELDS + AHEAD] == 0) return false;
        return sameAs(before);
    }

    /** Whether some rank's read ahead failed (then every rank joins the agreement that names it). */
    public boolean aheadFailed() { return sum(FAILED) > 0; }

    /** What a rank alone gathers: its own fields ({@code mine} is not copied: neither side changes it). */
    public static Extents alone(long[] mine) { return new Extents(mine); }

    /** What this rank contributes to the exchange: its access, or (null) that its argument checks failed. */
    public static long[] fields(Transfer t) {
        long[] mine = new long[FIELDS];
        if (t == null) {
            mine[REJECTED] = 1;
        } else {
            Access a = t.access();
            mine[START] = a.start();
            mine[END] = a.end();
            mine[BYTES] = a.bytes();
            mine[RUNS] = a.runs();
            mine[RESIDUES] = a.residues();
            mine[TYPE] = t.type().ordinal();
            mine[SMALL_RUNS] = a.smallRuns();
        }
        return mine;
    }

    /** Whether some rank's argument checks failed (then no rank may move a byte). */
    public boolean rejected() { return sum(REJECTED) > 0; }

    /** From known accesses (the pure arithmetic's tests), as {@link #exchange} would gather them. */
    public static Extents of(ElementType type, Access... perRank) {
        long[] all = new long[FIELDS * perRank.length];
        for (int r = 0; r < perRank.length; r++) {
            Access a = perRank[r];
            System.arraycopy(new long[] {a.start(), a.end(), a.bytes(), a.runs(), a.residues(), type.ordinal(), a.smallRuns(), 0}, 0, all, r * FIELDS, PLANNED);
        }
        return new Extents(all);
    }

    public int ranks() { return ranks; }
    public long start(int r) { return all[r * FIELDS + START]; }
    public long end(int r) { return all[r * FIELDS + END]; }
    public long bytes(int r) { return all[r * FIELDS + BYTES]; }
    public long runs(int r) { return all[r * FIELDS + RUNS]; }

    /** Whether rank {@code r} moves any data. */
    public boolean moves(int r) { return all[r * FIELDS + RUNS] > 0; }

    public long totalBytes() { return sum(BYTES); }
    public long totalRuns() { return sum(RUNS); }

    /** The residue masks of all ranks or-ed: one bit set means one element grid. */
    public long residues() {
        long bits = 0;
        for (int r = 0; r < ranks; r++) bits |= all[r * FIELDS + RESIDUES];
        return bits;
    }

    /**
     * Whether a rank other than {@code me} writes by data sieving (read-modify-write of a window): it has
     * several runs, some short enough to sieve. A rank whose access is one run writes it straight, however
     * short; a rank alone has nobody to race with, so its writes take no lock.
     */
    public boolean othersSieve(int me) {
        for (int r = 0; r < ranks; r++)
            if (r != me && all[r * FIELDS + RUNS] > 1 && all[r * FIELDS + SMALL_RUNS] > 0) return true;
        return false;
    }

    /**
     * The buffers' element type, which must be one on all ranks (two-phase moves whole elements between
     * ranks); a CollectiveException naming the ranks otherwise, thrown alike on every rank.
     */
    public ElementType elementType(String op, Object path) {
        long t0 = all[TYPE];
        for (int r = 1; r < ranks; r++)
            if (all[r * FIELDS + TYPE] != t0)
                throw new CollectiveException(op + " path=" + path, java.util.List.of(new RankFailure(r, "mismatch", "buffer element type must be equal on all ranks: rank="
                        + r + " type=" + TYPES[(int) all[r * FIELDS + TYPE]] + " but rank=0 type=" + TYPES[(int) t0], false)), null);
        return TYPES[(int) t0];
    }

    /**
     * True when the ranks' accesses together cover their aggregate extent without a gap: their bytes add
     * up to it (pieces of a collective write do not overlap, as MPI requires for defined results).
     */
    public boolean dense() {
        long bytes = 0;
        for (int r = 0; r < ranks; r++) if (moves(r)) bytes += bytes(r);
        return bytes > 0 && bytes == end() - start();
    }

    /** Where the aggregate extent of the ranks that move data starts (Long.MAX_VALUE when none does). */
    public long start() {
        long start = Long.MAX_VALUE;
        for (int r = 0; r < ranks; r++) if (moves(r)) start = Math.min(start, start(r));
        return start;
    }

    /** Where the aggregate extent of the ranks that move data ends (Long.MIN_VALUE when none does). */
    public long end() {
        long end = Long.MIN_VALUE;
        for (int r = 0; r < ranks; r++) if (moves(r)) end = Math.max(end, end(r));
        return end;
    }

    /** The widest one rank's extent (0 when no rank moves data). */
    public long widest() {
        long widest = 0;
        for (int r = 0; r < ranks; r++) if (moves(r)) widest = Math.max(widest, end(r) - start(r));
        return widest;
    }

    /**
     * True when some two ranks' extents overlap: their pieces interleave in the file. Ranks that write one
     * after another in rank order, the common case, are recognised in one pass without sorting.
     */
    public boolean interleaved() {
        long end = Long.MIN_VALUE;
        boolean inOrder = true;
        for (int r = 0; r < ranks && inOrder; r++) {
            if (!moves(r)) continue;
            inOrder = start(r) >= end;
            end = end(r);
        }
        if (inOrder) return false;
        long[][] ext = new long[ranks][];
        int k = 0;
        for (int r = 0; r < ranks; r++) if (moves(r)) ext[k++] = new long[] {start(r), end(r)};
        Arrays.sort(ext, 0, k, Comparator.comparingLong(e -> e[0]));
        for (int i = 1; i < k; i++) if (ext[i][0] < ext[i - 1][1]) return true;
        return false;
    }

    /** Whether every rank's access is the same as in {@code other}: then so is every plan made from them. */
    public boolean sameAs(Extents other) {
        if (other == null || other.ranks != ranks) return false;
        for (int r = 0; r < ranks; r++) {
            int at = r * FIELDS;
            if (!Arrays.equals(all, at, at + PLANNED, other.all, at, at + PLANNED)) return false;
        }
        return true;
    }

    private long sum(int field) {
        long s = 0;
        for (int r = 0; r < ranks; r++) s += all[r * FIELDS + field];
        return s;
    }
}
