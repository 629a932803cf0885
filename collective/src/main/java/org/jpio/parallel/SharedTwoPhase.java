package org.jpio.parallel;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Supplier;
import org.jpio.comm.Comm;
import org.jpio.comm.SharedMemory;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.view.RunCursor;

/**
 * Two-phase collective I/O through shared memory, for ranks that all run on one host: the aggregators'
 * two cycle buffers live in memory every rank addresses ({@link Comm#shared}), and each rank copies its own
 * pieces of a window into (write) or out of (read) the aggregator's buffer itself. A message exchange
 * copies every byte twice, into the MPI transport and out of it, and one process (the aggregator) makes all
 * the copies on its side; here every byte is copied once, by the rank that owns it, all ranks at once. What
 * remains of the exchange is one synchronisation per cycle.
 *
 * <p>Plan, windows, read-modify-write of windows with holes, straight windows (the aggregator's own
 * gap-free data written from or read into its array) and the failure rule (every rank runs every cycle;
 * failures are returned for the caller to agree on) are those of {@link TwoPhase}.
 */
final class SharedTwoPhase {
    private static final long PAGE = 4096;

    private final SharedMemory memory;
    private final Comm comm;
    private final ArrayFile file;
    private final TwoPhase.Plan plan;
    private final ElementType type;
    private final int esz;
    private final int me;
    private final int myAgg;
    /** [a][slot]: aggregator a's two cycle buffers, as this rank addresses them, in the file's byte order. */
    private final ByteBuffer[][] slots;

    /**
     * What each rank contributes to the shared memory: two cycle buffers of {@code cbBufferSize} (whole
     * pages) on each aggregator, nothing elsewhere. Every rank computes the same, as {@link Comm#shared} needs.
     */
    static long[] parts(int size, int[] aggregators, int cbBufferSize) {
        long[] bytes = new long[size];
        for (int r : aggregators) bytes[r] = 2 * slotBytes(cbBufferSize);
        return bytes;
    }

    private static long slotBytes(int cbBufferSize) { return (cbBufferSize + PAGE - 1) / PAGE * PAGE; }

    SharedTwoPhase(Comm comm, SharedMemory memory, ArrayFile file, TwoPhase.Plan plan, ElementType type, int cbBufferSize) {
        this.memory = memory;
        this.comm = comm;
        this.file = file;
        this.plan = plan;
        this.type = type;
        this.esz = type.size();
        this.me = comm.rank();
        this.myAgg = plan.indexOf(me);
        int[] aggs = plan.aggregators();
        slots = new ByteBuffer[aggs.length][2];
        for (int a = 0; a < aggs.length; a++)
            for (int k = 0; k < 2; k++)
                slots[a][k] = memory.part(aggs[a], k * slotBytes(cbBufferSize), plan.cycleBytes()).order(file.order());
    }

    /**
     * Collective write of this rank's data ({@code array[index..]}, in the order of {@code runs}). Per cycle:
     * every rank copies its pieces into the aggregators' buffers; the aggregator waits for its previous
     * write and prepares the next window (reading what the file holds when that window has holes); one
     * synchronisation; the aggregator writes the window on its background thread. Returns this rank's
     * failure or null.
     */
    IOException write(Supplier<RunCursor> runs, long myStart, long myEnd, Object array, int index) {
        int cycles = plan.cycles();
        long[] windows = windowSummaries(runs, myStart, myEnd);
        Clip[] clips = TwoPhase.clips(plan, runs, myStart, myEnd);
        IOException failure = null;
        try (WindowWriter writer = myAgg >= 0 ? new WindowWriter(file, me) : null) {
            if (writer != null && cycles > 0) failure = prepare(writer, windows, 0, failure);
            memory.sync(); // the first window is prepared before anyone copies into it
            for (int c = 0; c < cycles; c++) {
                int ownAt = copy(clips, c, array, index, true, writer != null && straight(windows, c));
                if (writer != null) {
                    failure = writer.free((c + 1) & 1, failure); // the other buffer's write is done: it takes the next window
                    if (c + 1 < cycles) failure = prepare(writer, windows, c + 1, failure);
                }
                memory.sync();
                if (writer == null || failure != null || windows[4 * c] >= windows[4 * c + 1]) continue;
                long[] span = {windows[4 * c], windows[4 * c + 1]};
                if (straight(windows, c)) writer.writeArray(c & 1, span[0], array, ownAt, (int) ((span[1] - span[0]) / esz));
                else writer.write(c & 1, slots[myAgg][c & 1], plan.windowStart(myAgg, c), span);
            }
            if (writer != null) failure = writer.finish(failure);
        }
        return failure;
    }

    /**
     * Collective read into {@code array[index..]} in the order of {@code runs}. The aggregator reads window
     * c+1 on its background thread while the ranks copy their pieces of window c out of its buffer. Each
     * rank checks its own access against the end of file, since the aggregator reads only what is there.
     */
    IOException read(Supplier<RunCursor> runs, long myStart, long myEnd, Object array, int index) {
        int cycles = plan.cycles();
        Clip[] clips = TwoPhase.clips(plan, runs, myStart, myEnd);
        IOException failure = null;
        long size = 0;
        try {
            size = file.size();
            if (myStart < myEnd && myEnd > size)
                failure = new EOFException("readAll past end of file: path=" + file.path() + " rank=" + me + " offset=" + Math.max(myStart, size)
                        + " length=" + (myEnd - Math.max(myStart, size)) + " size=" + size);
        } catch (IOException e) {
            failure = e;
        }
        boolean reading = myAgg >= 0 && failure == null;
        WindowReader reader = myAgg >= 0 ? new WindowReader(file, plan, me, esz, slots[myAgg],
                myStart < myEnd ? new Clip(runs.get()) : null, array, index, size) : null;
        try {
            if (reading && cycles > 0) reader.start(0);
            for (int c = 0; c < cycles; c++) {
                if (reading) {
                    try {
                        reader.finish(c);
                    } catch (IOException e) {
                        failure = failure != null ? failure : e;
                        reading = false;
                    }
                }
                memory.sync(); // window c is in its buffer, and every rank is done with window c-1's
                if (reading && c + 1 < cycles) reader.start(c + 1);
                copy(clips, c, array, index, false, reader != null && reader.straight(c));
            }
        } finally {
            if (reader != null) reader.close(); // the next call's first read must not meet this one's
        }
        return failure;
    }

    /**
     * Copies this rank's pieces of window {@code c} of every aggregator into (write) or out of its buffer.
     * {@code ownStraight}: this rank's own window moves straight between array and file, so it is skipped.
     * Returns the array index of this rank's data in its own window (where a straight write starts).
     */
    private int copy(Clip[] clips, int c, Object array, int index, boolean write, boolean ownStraight) {
        int ownAt = index;
        for (int a = 0; a < clips.length; a++) {
            if (clips[a] == null) continue;
            long w0 = plan.windowStart(a, c), w1 = plan.windowEnd(a, c);
            if (w0 >= w1) continue;
            Clip clip = clips[a];
            clip.skipTo(w0);
            int[] at = {Math.toIntExact(index + clip.memory() / esz)};
            if (a == myAgg) ownAt = at[0];
            if (a == myAgg && ownStraight) {
                clip.skipTo(w1);
                continue;
            }
            ByteBuffer buf = slots[a][c & 1];
            clip.take(w0, w1, (off, len) -> {
                int n = (int) (len / esz);
                buf.limit(buf.capacity()).position((int) (off - w0));
                if (write) type.put(buf, array, at[0], n);
                else type.get(buf, array, at[0], n);
                at[0] += n;
            });
        }
        return ownAt;
    }

    /**
     * For an aggregator, per cycle c: {@code [4c]}, {@code [4c+1]}: the first and one-past-last byte any
     * rank writes in its window; {@code [4c+2]}: the bytes all ranks write there (pieces of a collective
     * write do not overlap); {@code [4c+3]}: 1 when they are all this rank's, as one gap-free run. Each rank
     * sends each aggregator three numbers per cycle, in one exchange per call; other ranks get null.
     */
    private long[] windowSummaries(Supplier<RunCursor> runs, long myStart, long myEnd) {
        int cycles = plan.cycles(), p = comm.size();
        int[] aggs = plan.aggregators();
        long[] send = new long[3 * cycles * aggs.length];
        int[] sendCounts = new int[p], sendDispls = new int[p], recvCounts = new int[p], recvDispls = new int[p];
        Clip[] clips = TwoPhase.clips(plan, runs, myStart, myEnd);
        for (int a = 0; a < aggs.length; a++) {
            sendCounts[aggs[a]] = 3 * cycles;
            sendDispls[aggs[a]] = 3 * cycles * a;
            for (int c = 0; c < cycles; c++) {
                long[] s = {Long.MAX_VALUE, Long.MIN_VALUE, 0};
                long w0 = plan.windowStart(a, c), w1 = plan.windowEnd(a, c);
                if (clips[a] != null && w0 < w1)
                    clips[a].take(w0, w1, (off, len) -> { s[0] = Math.min(s[0], off); s[1] = Math.max(s[1], off + len); s[2] += len; });
                System.arraycopy(s, 0, send, 3 * (cycles * a + c), 3);
            }
        }
        if (myAgg >= 0) for (int r = 0; r < p; r++) { recvCounts[r] = 3 * cycles; recvDispls[r] = 3 * cycles * r; }
        long[] got = new long[myAgg >= 0 ? 3 * cycles * p : 0];
        comm.alltoallv(send, sendCounts, sendDispls, got, recvCounts, recvDispls);
        if (myAgg < 0) return null;
        long[] w = new long[4 * cycles];
        for (int c = 0; c < cycles; c++) {
            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE, bytes = 0, others = 0;
            for (int r = 0; r < p; r++) {
                int k = 3 * (cycles * r + c);
                lo = Math.min(lo, got[k]);
                hi = Math.max(hi, got[k + 1]);
                bytes += got[k + 2];
                if (r != me) others += got[k + 2];
            }
            int own = 3 * (cycles * me + c);
            w[4 * c] = lo;
            w[4 * c + 1] = hi;
            w[4 * c + 2] = bytes;
            w[4 * c + 3] = others == 0 && got[own + 2] > 0 && got[own + 1] - got[own] == got[own + 2] ? 1 : 0;
        }
        return w;
    }

    private static boolean straight(long[] windows, int c) { return windows[4 * c + 3] == 1; }

    /** Readies buffer {@code c & 1} for window {@code c}: a window with holes first gets what the file holds. */
    private IOException prepare(WindowWriter writer, long[] windows, int c, IOException failure) {
        long lo = windows[4 * c], hi = windows[4 * c + 1];
        if (failure != null || lo >= hi || straight(windows, c) || windows[4 * c + 2] == hi - lo) return failure;
        try {
            writer.readExisting(slots[myAgg][c & 1], plan.windowStart(myAgg, c), new long[] {lo, hi});
            return null;
        } catch (IOException e) {
            return e;
        }
    }
}
