package org.jpio.parallel;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.jpio.comm.Comm;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.view.RunCursor;

/**
 * Two-phase collective I/O (ROMIO's generic algorithm, steps 1-6 of the architecture): the aggregate
 * extent is split into file domains, one per aggregator; per cycle of at most {@code cb_buffer_size}
 * bytes, every rank sends each aggregator the piece list and the data of its runs in that aggregator's
 * window, and the aggregator writes one contiguous range (reading first only when the window has holes).
 * Reads run the steps backwards.
 *
 * <p>Where jpio differs from ROMIO: the piece lists are exchanged per cycle, never for the whole access,
 * so memory stays bounded by the hints whatever the array size; the data of one window is one contiguous
 * slice of the user's array (views go forward), so it is sent from and received into the user's array
 * directly, with no packing on the non-aggregator side; and an aggregator's write of cycle i runs on a
 * background thread while cycle i+1 is exchanged (two cycle buffers).
 *
 * <p>Failures of an aggregator's I/O are kept and returned, never thrown mid-way: every rank runs every
 * cycle, so the caller can agree on the outcome collectively instead of leaving ranks waiting.
 */
final class TwoPhase {
    /**
     * The plan every rank computes identically from the exchanged extents. {@code extents}: rank r's access
     * spans {@code [extents[2r], extents[2r+1])} of the file (empty when it moves no data), which tells an
     * aggregator where the others' data can be.
     */
    record Plan(int[] aggregators, long[] bounds, int cycleBytes, int cycles, long[] extents) {
        /** Whether the access of any rank but {@code me} reaches into {@code [from, to)}. */
        boolean othersReach(int me, long from, long to) {
            for (int r = 0; 2 * r < extents.length; r++)
                if (r != me && extents[2 * r] < extents[2 * r + 1] && extents[2 * r] < to && from < extents[2 * r + 1]) return true;
            return false;
        }

        int indexOf(int rank) {
            for (int i = 0; i < aggregators.length; i++) if (aggregators[i] == rank) return i;
            return -1;
        }

        long windowStart(int a, int cycle) { return Math.min(bounds[a + 1], bounds[a] + (long) cycle * cycleBytes); }

        long windowEnd(int a, int cycle) { return Math.min(bounds[a + 1], windowStart(a, cycle) + cycleBytes); }
    }

    private final Scratch scratch;
    private final Comm comm;
    private final ArrayFile file;
    private final Plan plan;
    private final ElementType type;
    private final int esz;
    private final int p;
    private final int me;
    private final int myAgg;

    // per-cycle exchange tables, reused
    private final int[] metaSendCounts, metaSendDispls, metaRecvCounts, metaRecvDispls;
    private final int[] dataSendCounts, dataSendDispls, dataRecvCounts, dataRecvDispls;
    private final int[] countSend, countRecv, twos, twoDispls;
    private final LongList metaSend = new LongList();
    private final LongList metaRecv = new LongList();
    private final LongList pieces = new LongList();
    private final int[] pieceCounts;
    /**
     * Native byte order: the exchange places elements straight into (or takes them from) the aggregator's
     * cycle buffer, as ROMIO's MPI derived types do, sparing a copy; big-endian files go through an array.
     */
    private final boolean direct;
    private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

    TwoPhase(Comm comm, ArrayFile file, Plan plan, ElementType type, Scratch scratch) {
        this.scratch = scratch;
        this.comm = comm;
        this.file = file;
        this.plan = plan;
        this.type = type;
        this.esz = type.size();
        this.p = comm.size();
        this.me = comm.rank();
        this.myAgg = plan.indexOf(me);
        metaSendCounts = new int[p]; metaSendDispls = new int[p]; metaRecvCounts = new int[p]; metaRecvDispls = new int[p];
        dataSendCounts = new int[p]; dataSendDispls = new int[p]; dataRecvCounts = new int[p]; dataRecvDispls = new int[p];
        countSend = new int[2 * p]; countRecv = new int[2 * p]; twos = new int[p]; twoDispls = new int[p];
        pieceCounts = new int[p];
        direct = file.order() == java.nio.ByteOrder.nativeOrder();
        for (int r = 0; r < p; r++) { twos[r] = 2; twoDispls[r] = 2 * r; }
    }

    /**
     * Collective write of this rank's data ({@code array[index..]}, laid out in the order of {@code runs})
     * to the runs. {@code myStart}/{@code myEnd} bound this rank's runs. Returns this rank's I/O failure or null.
     */
    IOException write(Supplier<RunCursor> runs, long myStart, long myEnd, Object array, int index) {
        Clip[] clips = clips(runs, myStart, myEnd);
        Object recv = myAgg >= 0 && !direct ? scratch.array(type, plan.cycleBytes() / esz) : type.newArray(0);
        ByteBuffer[] bufs = myAgg >= 0 ? new ByteBuffer[] {buffer(0), buffer(1)} : null;
        @SuppressWarnings("unchecked") Future<?>[] pending = new Future[2];
        ExecutorService writer = myAgg >= 0 ? Executors.newSingleThreadExecutor(r -> daemon(r, "jpio-twophase-write-" + me)) : null;
        IOException failure = null;
        try {
            for (int c = 0; c < plan.cycles(); c++) {
                exchangePieces(clips, c, index, true);
                // an aggregator's own pieces go from its array to the cycle buffer directly, not through the exchange
                int selfIndex = dataSendDispls[me], selfCount = dataSendCounts[me];
                dataSendCounts[me] = 0;
                dataRecvCounts[me] = 0;
                int slot = c & 1;
                long w0 = myAgg >= 0 ? plan.windowStart(myAgg, c) : 0;
                long[] span = myAgg >= 0 ? span() : null;
                ByteBuffer buf = myAgg >= 0 ? bufs[slot] : EMPTY;
                boolean straight = span != null && selfContiguous();
                if (myAgg >= 0) {
                    failure = await(pending[slot], failure); // the buffer is free once its last write is done
                    pending[slot] = null;
                    if (failure == null && span != null && !straight && covered() < span[1] - span[0]) {
                        try {
                            readExisting(buf, w0, span); // read-modify-write: holes keep what the file holds
                        } catch (IOException e) {
                            failure = e;
                        }
                    }
                }
                if (direct) {
                    bufferPieces(w0);
                    comm.alltoallvToBuffer(array, dataSendCounts, dataSendDispls, buf, pieceCounts, metaRecvDispls, pieces.array());
                } else {
                    comm.alltoallv(array, dataSendCounts, dataSendDispls, recv, dataRecvCounts, dataRecvDispls);
                }
                dataRecvCounts[me] = selfCount;
                if (myAgg < 0 || failure != null || span == null) continue;
                if (straight) { // the window is this rank's own gap-free run: write it from the array, no copy
                    long at = span[0];
                    int from = selfIndex, n = (int) ((span[1] - span[0]) / esz);
                    pending[slot] = writer.submit(() -> { file.writeArray(at, array, from, n); return null; });
                    continue;
                }
                fill(buf, w0, direct ? null : recv, array, selfIndex);
                ByteBuffer out = buf.duplicate().order(buf.order());
                out.limit((int) (span[1] - w0)).position((int) (span[0] - w0));
                long at = span[0];
                pending[slot] = writer.submit(() -> { file.write(at, out); return null; });
            }
        } finally {
            if (writer != null) {
                for (Future<?> f : pending) failure = await(f, failure);
                writer.shutdown();
            }
        }
        return failure;
    }

    /**
     * Collective read into {@code array[index..]} in the order of {@code runs}; returns this rank's failure or
     * null. An aggregator reads cycle c+1's window on a background thread while cycle c is unpacked and
     * exchanged; it reads the whole window (up to the end of file), as data sieving would, because the
     * piece lists of cycle c+1 are not known yet when its read starts.
     */
    IOException read(Supplier<RunCursor> runs, long myStart, long myEnd, Object array, int index) {
        Clip[] clips = clips(runs, myStart, myEnd);
        Object send = myAgg >= 0 && !direct ? scratch.array(type, plan.cycleBytes() / esz) : type.newArray(0);
        IOException failure = null;
        ByteBuffer[] bufs = null;
        @SuppressWarnings("unchecked") Future<Long>[] reads = new Future[2];
        ExecutorService reader = null;
        long size = 0;
        // the aggregator's own runs, walked one cycle ahead to find windows it can read straight into its array
        Clip ahead = myAgg >= 0 && myStart < myEnd ? new Clip(runs.get()) : null;
        boolean[] straight = new boolean[2];
        if (myAgg >= 0) {
            bufs = new ByteBuffer[] {buffer(0), buffer(1)};
            reader = Executors.newSingleThreadExecutor(r -> daemon(r, "jpio-twophase-read-" + me));
            try {
                size = file.size();
            } catch (IOException e) {
                failure = e;
            }
            if (failure == null && plan.cycles() > 0) reads[0] = prefetch(reader, bufs[0], 0, size, ahead, array, index, straight);
        }
        try {
            for (int c = 0; c < plan.cycles(); c++) {
                exchangePieces(clips, c, index, false);
                int total = 0;
                if (myAgg >= 0) {
                    for (int s = 0; s < p; s++) {
                        dataSendDispls[s] = total;
                        dataSendCounts[s] = s == me ? 0 : requested(s); // an aggregator's own pieces go straight into its array
                        total += dataSendCounts[s];
                    }
                    if (!direct && type.length(send) < total) send = scratch.array(type, total);
                    Future<Long> mine = reads[c & 1];
                    reads[c & 1] = null;
                    long readEnd = 0;
                    try {
                        if (mine != null) readEnd = mine.get();
                    } catch (ExecutionException e) {
                        if (failure == null) failure = e.getCause() instanceof IOException io ? io : new IOException(e.getCause().toString(), e.getCause());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        if (failure == null) failure = new IOException("interrupted while reading a two-phase cycle", e);
                    }
                    boolean mineOnly = straight[c & 1];
                    if (failure == null && c + 1 < plan.cycles())
                        reads[(c + 1) & 1] = prefetch(reader, bufs[(c + 1) & 1], c + 1, size, ahead, array, index, straight);
                    long[] span = mineOnly ? null : span(); // a straight window is already in the array
                    if (span != null && failure == null) {
                        if (span[1] > readEnd)
                            failure = new EOFException("readAll past end of file: path=" + file.path() + " rank=" + me + " offset=" + span[0]
                                    + " length=" + (span[1] - span[0]) + " size=" + size);
                        else extract(bufs[c & 1], plan.windowStart(myAgg, c), direct ? null : send, array, dataRecvDispls[me]);
                    }
                }
                int selfCount = dataRecvCounts[me];
                if (myAgg >= 0) dataRecvCounts[me] = 0;
                if (direct) {
                    bufferPieces(myAgg >= 0 ? plan.windowStart(myAgg, c) : 0);
                    comm.alltoallvFromBuffer(myAgg >= 0 ? bufs[c & 1] : EMPTY, pieceCounts, metaRecvDispls, pieces.array(),
                            array, dataRecvCounts, dataRecvDispls);
                } else {
                    comm.alltoallv(send, dataSendCounts, dataSendDispls, array, dataRecvCounts, dataRecvDispls);
                }
                dataRecvCounts[me] = selfCount;
            }
        } finally {
            if (reader != null) {
                for (Future<Long> f : reads) if (f != null) f.cancel(false);
                reader.shutdown();
                try {
                    reader.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES); // never leave a read running into a buffer reused later
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        return failure;
    }

    /**
     * Starts reading cycle {@code c}'s window, clipped to the end of file; the future gives where the data
     * ends. When the window holds only this aggregator's own data, as one gap-free run (no other rank's
     * extent reaches it), that run is read straight into the array instead, without the cycle buffer and the
     * copy out of it, and {@code straight[c & 1]} says so.
     */
    private Future<Long> prefetch(ExecutorService reader, ByteBuffer buf, int c, long size, Clip ahead, Object array, int index,
                                  boolean[] straight) {
        long w0 = plan.windowStart(myAgg, c), end = Math.min(plan.windowEnd(myAgg, c), size);
        long[] run = ownRun(ahead, c);
        straight[c & 1] = run != null;
        if (run != null) {
            int at = Math.toIntExact(index + run[2] / esz), n = Math.toIntExact(run[1] / esz);
            return reader.submit(() -> {
                file.readArray(run[0], array, at, n); // past the end of file: EOFException naming the range
                return run[0] + run[1];
            });
        }
        return reader.submit(() -> {
            if (end <= w0) return w0;
            buf.clear().limit((int) (end - w0));
            file.read(w0, buf);
            return end;
        });
    }

    // ---- the exchange of piece lists ----------------------------------------------------------------

    private Clip[] clips(Supplier<RunCursor> runs, long myStart, long myEnd) {
        Clip[] clips = new Clip[plan.aggregators().length];
        for (int a = 0; a < clips.length; a++)
            if (myStart < myEnd && plan.bounds()[a] < myEnd && myStart < plan.bounds()[a + 1]) clips[a] = new Clip(runs.get());
        return clips;
    }

    /**
     * Builds this rank's piece lists for cycle {@code c}, exchanges counts and lists with the aggregators,
     * and sets the data tables: for a write this rank sends slices of its array, for a read it receives
     * them (the {@code dataRecv*} tables then describe this rank's array).
     */
    private void exchangePieces(Clip[] clips, int c, int index, boolean write) {
        metaSend.clear();
        java.util.Arrays.fill(metaSendCounts, 0);
        java.util.Arrays.fill(dataSendCounts, 0);
        java.util.Arrays.fill(dataRecvCounts, 0);
        int[] mySlices = write ? dataSendCounts : dataRecvCounts;
        int[] mySliceDispls = write ? dataSendDispls : dataRecvDispls;
        for (int a = 0; a < clips.length; a++) {
            if (clips[a] == null) continue;
            long w0 = plan.windowStart(a, c), w1 = plan.windowEnd(a, c);
            if (w0 >= w1) continue;
            int r = plan.aggregators()[a];
            int ms = metaSend.size();
            clips[a].skipTo(w0);
            long m0 = clips[a].memory();
            clips[a].take(w0, w1, metaSend::add);
            long m1 = clips[a].memory();
            if (m1 == m0) continue;
            metaSendDispls[r] = ms;
            metaSendCounts[r] = metaSend.size() - ms;
            mySlices[r] = Math.toIntExact((m1 - m0) / esz);
            mySliceDispls[r] = Math.toIntExact(index + m0 / esz);
        }
        for (int r = 0; r < p; r++) { countSend[2 * r] = metaSendCounts[r]; countSend[2 * r + 1] = mySlices[r]; }
        comm.alltoallv(countSend, twos, twoDispls, countRecv, twos, twoDispls);
        int metaTotal = 0, dataTotal = 0;
        for (int s = 0; s < p; s++) {
            metaRecvDispls[s] = metaTotal;
            metaRecvCounts[s] = countRecv[2 * s];
            metaTotal += metaRecvCounts[s];
            if (write) {
                dataRecvDispls[s] = dataTotal;
                dataRecvCounts[s] = countRecv[2 * s + 1];
                dataTotal += dataRecvCounts[s];
            }
        }
        metaRecv.reserve(metaTotal);
        comm.alltoallv(metaSend.array(), metaSendCounts, metaSendDispls, metaRecv.array(), metaRecvCounts, metaRecvDispls);
    }

    /**
     * The received piece lists as buffer pieces for the exchange: offsets relative to the window start
     * {@code w0}, this rank's own pieces left out (they are copied directly).
     */
    private void bufferPieces(long w0) {
        long[] m = metaRecv.array();
        long[] out = pieces.reserve(metaRecv.size());
        for (int k = 0; k < metaRecv.size(); k += 2) {
            out[k] = m[k] - w0;
            out[k + 1] = m[k + 1];
        }
        for (int s = 0; s < p; s++) pieceCounts[s] = s == me ? 0 : metaRecvCounts[s];
    }

    /** Elements rank {@code s} asked this aggregator for in the current cycle. */
    private int requested(int s) {
        long[] m = metaRecv.array();
        long bytes = 0;
        for (int k = metaRecvDispls[s]; k < metaRecvDispls[s] + metaRecvCounts[s]; k += 2) bytes += m[k + 1];
        return Math.toIntExact(bytes / esz);
    }

    /** {start, end} of the pieces received this cycle, or null when there are none. */
    private long[] span() {
        long[] m = metaRecv.array();
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int k = 0; k < metaRecv.size(); k += 2) {
            lo = Math.min(lo, m[k]);
            hi = Math.max(hi, m[k] + m[k + 1]);
        }
        return lo < hi ? new long[] {lo, hi} : null;
    }

    /**
     * This aggregator's own data in window {@code c} as {file offset, bytes, bytes of its data before it}
     * when it is one gap-free run and no other rank's access reaches the window; otherwise null. Advances
     * {@code ahead} past the window either way (windows come in order).
     */
    private long[] ownRun(Clip ahead, int c) {
        if (ahead == null) return null;
        long w0 = plan.windowStart(myAgg, c), w1 = plan.windowEnd(myAgg, c);
        if (w0 >= w1) return null;
        ahead.skipTo(w0);
        long m0 = ahead.memory();
        long[] run = {-1, 0};
        boolean[] gap = {false};
        ahead.take(w0, w1, (off, len) -> {
            if (run[0] < 0) { run[0] = off; run[1] = len; }
            else if (run[0] + run[1] == off) run[1] += len;
            else gap[0] = true;
        });
        if (run[0] < 0 || gap[0] || plan.othersReach(me, w0, w1)) return null;
        return new long[] {run[0], run[1], m0};
    }

    /**
     * Whether this cycle's window receives only this aggregator's own pieces, forming one gap-free run in
     * the order they sit in its array. Such a window is written straight from the array: the bytes are
     * those the cycle buffer would hold, without copying them there first (a single rank, or an aggregator
     * whose own block is a contiguous part of the file, writes whole cycles this way).
     */
    private boolean selfContiguous() {
        for (int s = 0; s < p; s++) if (s != me && metaRecvCounts[s] != 0) return false;
        long[] m = metaRecv.array();
        int from = metaRecvDispls[me], to = from + metaRecvCounts[me];
        for (int k = from; k + 2 < to; k += 2) if (m[k] + m[k + 1] != m[k + 2]) return false;
        return to > from;
    }

    /** Bytes covered by the pieces (pieces of a collective write do not overlap, as MPI requires for defined results). */
    private long covered() {
        long[] m = metaRecv.array();
        long sum = 0;
        for (int k = 1; k < metaRecv.size(); k += 2) sum += m[k];
        return sum;
    }

    /** Read-modify-write: the window has holes, so what is in the file there must survive. */
    private void readExisting(ByteBuffer buf, long w0, long[] span) throws IOException {
        long have = Math.max(0, Math.min(span[1], file.size()) - span[0]);
        buf.clear().position((int) (span[0] - w0)).limit((int) (span[0] - w0 + have));
        if (have > 0) file.read(span[0], buf);
        buf.limit((int) (span[1] - w0));
        while (buf.hasRemaining()) buf.put((byte) 0); // beyond the end of file: a hole reads as zeros
    }

    private void fill(ByteBuffer buf, long w0, Object recv, Object own, int ownIndex) {
        long[] m = metaRecv.array();
        buf.clear();
        for (int s = 0; s < p; s++) {
            if (recv == null && s != me) continue; // placed in the buffer by the exchange itself
            Object src = s == me ? own : recv;
            int ri = s == me ? ownIndex : dataRecvDispls[s];
            for (int k = metaRecvDispls[s]; k < metaRecvDispls[s] + metaRecvCounts[s]; k += 2) {
                int n = (int) (m[k + 1] / esz);
                buf.position((int) (m[k] - w0));
                type.put(buf, src, ri, n);
                ri += n;
            }
        }
    }

    private void extract(ByteBuffer buf, long w0, Object send, Object own, int ownIndex) {
        long[] m = metaRecv.array();
        buf.clear();
        for (int s = 0; s < p; s++) {
            if (send == null && s != me) continue; // sent from the buffer by the exchange itself
            Object dst = s == me ? own : send;
            int si = s == me ? ownIndex : dataSendDispls[s];
            for (int k = metaRecvDispls[s]; k < metaRecvDispls[s] + metaRecvCounts[s]; k += 2) {
                int n = (int) (m[k + 1] / esz);
                buf.position((int) (m[k] - w0));
                type.get(buf, dst, si, n);
                si += n;
            }
        }
    }

    private ByteBuffer buffer(int slot) { return scratch.buffer(slot, plan.cycleBytes(), file.order()); }

    private static IOException await(Future<?> f, IOException failure) {
        if (f == null) return failure;
        try {
            f.get();
            return failure;
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            return failure != null ? failure : t instanceof IOException io ? io : new IOException(t.toString(), t);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure != null ? failure : new IOException("interrupted while waiting for a two-phase write", e);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
