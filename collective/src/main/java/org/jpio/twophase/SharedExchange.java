package org.jpio.twophase;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.jpio.comm.Comm;
import org.jpio.comm.SharedMemory;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.driver.Transfer;

/**
 * Two-phase collective I/O through shared memory, for ranks that all run on one host: the aggregators'
 * two cycle buffers live in memory every rank addresses ({@link Comm#shared}), and each rank copies its own
 * pieces of a window into (write) or out of (read) the aggregator's buffer itself. A message exchange
 * copies every byte twice, into the MPI transport and out of it, and one process (the aggregator) makes all
 * the copies on its side; here every byte is copied once, by the rank that owns it, all ranks at once. What
 * remains of the exchange is one synchronisation per cycle.
 *
 * <p>Per call, a write exchanges three numbers per rank, aggregator and window ({@code Windows}); a read
 * exchanges nothing. Plan, windows, read-modify-write of windows with holes, straight windows (the aggregator's own
 * gap-free data written from or read into its array) and the failure rule (every rank runs every cycle;
 * failures are returned for the caller to agree on) are those of {@link MessageExchange}.
 */
final class SharedExchange extends Exchange {
    private static final long PAGE = 4096;

    private final SharedMemory memory;
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

    SharedExchange(Comm comm, SharedMemory memory, ArrayFile file, Plan plan, ElementType type, int cbBufferSize) {
        super(comm, file, plan, type);
        this.memory = memory;
        int[] aggs = plan.aggregators();
        slots = new ByteBuffer[aggs.length][2];
        for (int a = 0; a < aggs.length; a++)
            for (int k = 0; k < 2; k++)
                slots[a][k] = memory.part(aggs[a], k * slotBytes(cbBufferSize), plan.cycleBytes()).order(file.order());
    }

    static final String NAME = "shared memory";

    @Override String name() { return NAME; }

    /**
     * Collective write of this rank's data ({@code array[index..]}, in the order of {@code runs}). Per cycle:
     * every rank copies its pieces into the aggregators' buffers; the aggregator waits for its previous
     * write and prepares the next window (reading what the file holds when that window has holes); one
     * synchronisation; the aggregator writes the window on its background thread. Returns this rank's
     * failure or null.
     */
    @Override Throwable write(Transfer t, Object array, int index) {
        int cycles = plan.cycles();
        Windows windows = new Windows(clips(t));
        Clip[] clips = clips(t);
        Throwable failure = null;
        try (WindowWriter writer = myAgg >= 0 ? new WindowWriter(file, me) : null) {
            long[] first = cycles > 0 ? windows.at(0) : null;
            if (writer != null && first != null) failure = prepare(writer, first, 0, failure);
            memory.sync(); // the first window is prepared before anyone copies into it
            for (int c = 0; c < cycles; c++) {
                long[] w = windows.at(c), next = c + 1 < cycles ? windows.at(c + 1) : null; // every rank: they may exchange
                boolean ownStraight = writer != null && straight(w) && t.memory().isContiguous();
                int ownAt = copy(clips, c, t.memory(), array, index, true, ownStraight);
                if (writer != null) {
                    failure = writer.free((c + 1) & 1, failure); // the other buffer's write is done: it takes the next window
                    if (next != null) failure = prepare(writer, next, c + 1, failure);
                }
                memory.sync();
                if (writer == null || failure != null || w[0] >= w[1]) continue;
                long[] span = {w[0], w[1]};
                if (c == cycles - 1) writer.lastCycle();
                if (ownStraight) writer.writeArray(c & 1, span[0], array, ownAt, (int) ((span[1] - span[0]) / esz));
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
     * No synchronisation ends the call: ranks may still copy the last window out when the aggregator
     * returns, but its next read into a buffer comes after the next call's extent exchange, which no rank
     * passes before it has returned from this one.
     */
    @Override Throwable read(Transfer t, Object array, int index, long myStart, long myEnd) {
        int cycles = plan.cycles();
        Clip[] clips = clips(t);
        Throwable failure = null;
        long size = 0;
        try {
            size = file.size();
            if (myStart < myEnd && myEnd > size)
                failure = new EOFException("readAll past end of file: path=" + file.path() + " rank=" + me + " offset=" + Math.max(myStart, size)
                        + " length=" + (myEnd - Math.max(myStart, size)) + " size=" + size);
        } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
            failure = e;
        }
        boolean reading = myAgg >= 0 && failure == null;
        WindowReader reader = myAgg >= 0 ? new WindowReader(file, plan, me, esz, slots[myAgg],
                myStart < myEnd && t.memory().isContiguous() ? new Clip(t.runs()) : null, array, index, size) : null;
        try {
            if (reading && cycles > 0) reader.start(0);
            for (int c = 0; c < cycles; c++) {
                if (reading) {
                    try {
                        reader.finish(c);
                    } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
                        failure = failure != null ? failure : e;
                        reading = false;
                    }
                }
                memory.sync(); // window c is in its buffer, and every rank is done with window c-1's
                if (reading && c + 1 < cycles) reader.start(c + 1);
                copy(clips, c, t.memory(), array, index, false, reader != null && reader.straight(c));
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
    private int copy(Clip[] clips, int c, org.jpio.driver.Memory memory, Object array, int index, boolean write, boolean ownStraight) {
        int ownAt = index;
        long others = 0; // bytes moved to or from another rank's memory: this exchange's traffic
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
            long before = clip.memory();
            clip.take(w0, w1, new Clip.Sink() {
                @Override public void piece(long off, long len) {
                    int n = (int) (len / esz);
                    buf.limit(buf.capacity()).position((int) (off - w0));
                    if (!memory.isContiguous()) { // element k of the transfer: the memory datatype places it
                        if (write) memory.put(type, buf, array, at[0], n);
                        else memory.get(type, buf, array, at[0], n);
                    } else if (write) type.put(buf, array, at[0], n);
                    else type.get(buf, array, at[0], n);
                    at[0] += n;
                }

                @Override public void pieces(long off, long len, long stride, long count) {
                    if (!memory.isContiguous()) {
                        Clip.Sink.super.pieces(off, len, stride, count);
                        return;
                    }
                    buf.limit(buf.capacity());
                    if (write) Strided.put(type, buf, (int) (off - w0), stride, len, count, array, at[0]);
                    else Strided.get(type, buf, (int) (off - w0), stride, len, count, array, at[0]);
                    at[0] += (int) (count * len / esz);
                }
            });
            if (a != myAgg) others += clip.memory() - before;
        }
        org.jpio.comm.CountingComm.addExchanged(comm, others);
        return ownAt;
    }

    /**
     * What an aggregator knows of each window of a write, {@link #at}: {@code [0]}, {@code [1]}: the first and
     * one-past-last byte any rank writes in it; {@code [2]}: the bytes all ranks write there (pieces of a
     * collective write do not overlap); {@code [3]}: 1 when they are all its own, as one gap-free run. Each
     * rank sends each aggregator three numbers per window, for a batch of windows at a time: as many as
     * take one cycle buffer of memory on an aggregator, so memory stays bounded by the hints (one batch
     * covers a 16 MiB cycle's 2^21 longs / (3 x ranks) windows; a tiny buffer, one window).
     */
    private final class Windows {
        private final Clip[] clips;
        private final int batch;
        private long[] got = new long[0];
        private int from, to;

        Windows(Clip[] clips) {
            this.clips = clips;
            this.batch = (int) Math.max(1, Math.min(plan.cycles(), (long) plan.cycleBytes() / 8 / (3L * comm.size())));
        }

        /** Window {@code c}'s four numbers on an aggregator, null elsewhere. Collective when {@code c} starts a new batch; windows come in order. */
        long[] at(int c) {
            if (c >= to) load(c);
            if (myAgg < 0) return null;
            long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE, bytes = 0, others = 0;
            int n = to - from, p = comm.size();
            for (int r = 0; r < p; r++) {
                int k = 3 * (n * r + c - from);
                lo = Math.min(lo, got[k]);
                hi = Math.max(hi, got[k + 1]);
                bytes += got[k + 2];
                if (r != me) others += got[k + 2];
            }
            int own = 3 * (n * me + c - from);
            boolean straight = others == 0 && got[own + 2] > 0 && got[own + 1] - got[own] == got[own + 2];
            return new long[] {lo, hi, bytes, straight ? 1 : 0};
        }

        private void load(int c) {
            from = c;
            to = Math.min(plan.cycles(), c + batch);
            int n = to - from, p = comm.size();
            int[] aggs = plan.aggregators();
            long[] send = new long[3 * n * aggs.length];
            int[] sendCounts = new int[p], sendDispls = new int[p], recvCounts = new int[p], recvDispls = new int[p];
            for (int a = 0; a < aggs.length; a++) {
                sendCounts[aggs[a]] = 3 * n;
                sendDispls[aggs[a]] = 3 * n * a;
                for (int w = from; w < to; w++) {
                    long[] s = {Long.MAX_VALUE, Long.MIN_VALUE, 0};
                    long w0 = plan.windowStart(a, w), w1 = plan.windowEnd(a, w);
                    if (clips[a] != null && w0 < w1)
                        clips[a].take(w0, w1, new Clip.Sink() {
                            @Override public void piece(long off, long len) { pieces(off, len, 0, 1); }

                            @Override public void pieces(long off, long len, long stride, long count) {
                                s[0] = Math.min(s[0], off);
                                s[1] = Math.max(s[1], off + (count - 1) * stride + len);
                                s[2] += count * len;
                            }
                        });
                    System.arraycopy(s, 0, send, 3 * (n * a + w - from), 3);
                }
            }
            if (myAgg >= 0) for (int r = 0; r < p; r++) { recvCounts[r] = 3 * n; recvDispls[r] = 3 * n * r; }
            got = new long[myAgg >= 0 ? 3 * n * p : 0];
            comm.alltoallv(send, sendCounts, sendDispls, got, recvCounts, recvDispls);
        }
    }

    private static boolean straight(long[] window) { return window[3] == 1; }

    /** Readies buffer {@code c & 1} for window {@code c}: a window with holes first gets what the file holds. */
    private Throwable prepare(WindowWriter writer, long[] window, int c, Throwable failure) {
        long lo = window[0], hi = window[1];
        if (failure != null || lo >= hi || straight(window) || window[2] == hi - lo) return failure;
        try {
            writer.readExisting(slots[myAgg][c & 1], plan.windowStart(myAgg, c), new long[] {lo, hi});
            return null;
        } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
            return e;
        }
    }
}
