package org.jpio.twophase;

import java.io.EOFException;
import java.nio.ByteBuffer;
import org.jpio.comm.Comm;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.driver.Transfer;

/**
 * Two-phase collective I/O (ROMIO's generic algorithm, steps 1-6 of the architecture): the aggregate
 * extent is split into file domains, one per aggregator; per cycle of at most {@code cb_buffer_size}
 * bytes, every rank sends each aggregator the piece list and the data of its runs in that aggregator's
 * window, and the aggregator writes one contiguous range (reading first only when the window has holes).
 * Reads run the steps backwards.
 *
 * <p>This is the message exchange, for ranks anywhere; {@link SharedExchange} replaces it when all ranks
 * share one host. Where jpio differs from ROMIO: the piece lists are exchanged once per call when they fit
 * in one cycle buffer's worth of memory, else cycle by cycle, never as a whole-access list larger than
 * that, so memory stays bounded by the hints whatever the array size; the data of one window is one contiguous
 * slice of the user's array (views go forward), so it is sent from and received into the user's array
 * directly, with no packing on the non-aggregator side; and an aggregator's write of cycle i runs on a
 * background thread while cycle i+1 is exchanged (two cycle buffers).
 *
 * <p>Failures of an aggregator's I/O are kept and returned, never thrown mid-way: every rank runs every
 * cycle, so the caller can agree on the outcome collectively instead of leaving ranks waiting.
 */
final class MessageExchange extends Exchange {
    private final Scratch scratch;
    private final int p;

    // per-cycle exchange tables, reused
    private final int[] metaSendCounts, metaSendDispls;
    private final int[] dataSendCounts, dataSendDispls, dataRecvCounts, dataRecvDispls;
    /**
     * The count exchange of a cycle: every rank tells each aggregator (only them: O(aggregators) messages
     * per rank, not O(ranks)) how many piece numbers and elements it has for it, two ints each.
     */
    private final int[] countSend, countRecv, toAggregators, fromRanks, twoDispls;
    private final LongList metaSend = new LongList();
    /** The piece lists this aggregator received for the current cycle. */
    private final ReceivedPieces got;
    private final LongList pieces = new LongList();
    private final int[] pieceCounts;
    // a batched plan's piece lists of every cycle; cycle c's tables are cut from them as exchangePieces would set them
    private final LongList batchMeta = new LongList();
    private int[] batchCounts;  // [2 * (s * cycles + c)]: longs of rank s's list for cycle c here, [+1]: its elements
    private int[] batchMine;    // [2 * (r * cycles + c)]: elements of this rank's slice for aggregator r in cycle c, [+1]: its index
    private int[] batchAt;      // where rank s's list of the next cycle starts in batchMeta
    /**
     * Native byte order: the exchange places elements straight into (or takes them from) the aggregator's
     * cycle buffer, as ROMIO's MPI derived types do, sparing a copy; big-endian files go through an array.
     */
    private final boolean direct;
    private static final ByteBuffer EMPTY = ByteBuffer.allocateDirect(0);

    /**
     * Whether the aggregators may read the file: false for a file the process may only write, whose
     * windows with holes are then written piece by piece instead of read, filled and written whole.
     */
    private final boolean readable;

    MessageExchange(Comm comm, ArrayFile file, Plan plan, ElementType type, Scratch scratch, boolean readable) {
        super(comm, file, plan, type);
        this.readable = readable;
        this.scratch = scratch;
        this.p = comm.size();
        metaSendCounts = new int[p]; metaSendDispls = new int[p];
        got = new ReceivedPieces(p);
        dataSendCounts = new int[p]; dataSendDispls = new int[p]; dataRecvCounts = new int[p]; dataRecvDispls = new int[p];
        countSend = new int[2 * p]; countRecv = new int[2 * p]; toAggregators = new int[p]; fromRanks = new int[p]; twoDispls = new int[p];
        pieceCounts = new int[p];
        direct = file.order() == java.nio.ByteOrder.nativeOrder();
        for (int r = 0; r < p; r++) { fromRanks[r] = myAgg >= 0 ? 2 : 0; twoDispls[r] = 2 * r; }
        for (int r : plan.aggregators()) toAggregators[r] = 2;
    }

    /**
     * Collective write of this rank's data ({@code array[index..]}, laid out in the order of {@code runs})
     * to the runs. {@code myStart}/{@code myEnd} bound this rank's runs. Returns this rank's I/O failure or null.
     */
    @Override String name() { return "messages"; }

    @Override Throwable write(Transfer t, Object array, int index) {
        Clip[] clips = clips(t);
        Object recv = myAgg >= 0 && !direct ? scratch.array(type, plan.cycleBytes() / esz) : type.newArray(0);
        ByteBuffer[] bufs = myAgg >= 0 ? new ByteBuffer[] {buffer(0), buffer(1)} : null;
        Throwable failure = null;
        try (WindowWriter writer = myAgg >= 0 ? new WindowWriter(file, me) : null) {
            Object src = array;
            for (int c = 0; c < plan.cycles(); c++) {
                exchangePieces(clips, c, index, true);
                if (!t.memory().isContiguous()) src = stage(t, array, dataSendCounts, dataSendDispls, true);
                // an aggregator's own pieces go from its array to the cycle buffer directly, not through the exchange
                int selfIndex = dataSendDispls[me], selfCount = dataSendCounts[me];
                dataSendCounts[me] = 0;
                dataRecvCounts[me] = 0;
                int slot = c & 1;
                long w0 = myAgg >= 0 ? plan.windowStart(myAgg, c) : 0;
                long[] span = myAgg >= 0 ? got.span() : null;
                ByteBuffer buf = myAgg >= 0 ? bufs[slot] : EMPTY;
                boolean straight = span != null && got.selfContiguous(me) && src == array;
                boolean holes = span != null && !straight && got.covered() < span[1] - span[0];
                if (myAgg >= 0) {
                    failure = writer.free(slot, failure); // the buffer is free once its last write is done
                    if (failure == null && holes && readable) {
                        try {
                            writer.readExisting(buf, w0, span);
                        } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
                            failure = e;
                        }
                    }
                }
                if (direct) {
                    got.bufferPieces(w0, me, pieces, pieceCounts);
                    comm.alltoallvToBuffer(src, dataSendCounts, dataSendDispls, buf, pieceCounts, got.displs, pieces.array());
                } else {
                    comm.alltoallv(src, dataSendCounts, dataSendDispls, recv, dataRecvCounts, dataRecvDispls);
                }
                dataRecvCounts[me] = selfCount;
                if (myAgg < 0 || failure != null || span == null) continue;
                if (c == plan.cycles() - 1) writer.lastCycle();
                if (straight) { // the window is this rank's own gap-free run: write it from the array, no copy
                    writer.writeArray(slot, span[0], array, selfIndex, (int) ((span[1] - span[0]) / esz));
                    continue;
                }
                got.fill(buf, w0, direct ? null : recv, src, selfIndex, dataRecvDispls, me, type);
                if (holes && !readable) writer.writePieces(slot, buf, w0, java.util.Arrays.copyOf(got.list.array(), got.list.size()));
                else writer.write(slot, buf, w0, span);
            }
            if (writer != null) failure = writer.finish(failure);
        }
        return failure;
    }

    /**
     * Collective read into {@code array[index..]} in the order of {@code runs}; returns this rank's failure or
     * null. An aggregator reads cycle c+1's window on a background thread while cycle c is unpacked and
     * exchanged; it reads the whole window (up to the end of file), as data sieving would, because the
     * piece lists of cycle c+1 are not known yet when its read starts.
     */
    @Override Throwable read(Transfer t, Object array, int index, long myStart, long myEnd) {
        Clip[] clips = clips(t);
        Object send = myAgg >= 0 && !direct ? scratch.array(type, plan.cycleBytes() / esz) : type.newArray(0);
        Throwable failure = null;
        WindowReader reader = null;
        if (myAgg >= 0) {
            long size = 0;
            try {
                size = file.size();
            } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
                failure = e;
            }
            reader = new WindowReader(file, plan, me, esz, new ByteBuffer[] {buffer(0), buffer(1)},
                    myStart < myEnd && t.memory().isContiguous() ? new Clip(t.runs()) : null, array, index, size);
            if (failure == null && plan.cycles() > 0) reader.start(0);
        }
        try {
            int[] logical = t.memory().isContiguous() ? null : new int[p];
            for (int c = 0; c < plan.cycles(); c++) {
                exchangePieces(clips, c, index, false);
                Object dst = array;
                if (logical != null) { // a memory datatype: this cycle's slices land in a staging array, then go to their places
                    System.arraycopy(dataRecvDispls, 0, logical, 0, p);
                    dst = stage(t, array, dataRecvCounts, dataRecvDispls, false);
                }
                int total = 0;
                if (myAgg >= 0) {
                    for (int s = 0; s < p; s++) {
                        dataSendDispls[s] = total;
                        dataSendCounts[s] = s == me ? 0 : got.requested(s, esz); // an aggregator's own pieces go straight into its array
                        total += dataSendCounts[s];
                    }
                    if (!direct && type.length(send) < total) send = scratch.array(type, total);
                    long readEnd = 0;
                    if (failure == null) {
                        try {
                            readEnd = reader.finish(c);
                        } catch (Throwable e) { // anything the I/O throws is this rank's failure, agreed on after the last cycle
                            failure = e;
                        }
                    }
                    boolean mineOnly = reader.straight(c);
                    if (failure == null && c + 1 < plan.cycles()) reader.start(c + 1);
                    long[] span = mineOnly ? null : got.span(); // a straight window is already in the array
                    if (span != null && failure == null) {
                        if (span[1] > readEnd)
                            failure = new EOFException("readAll past end of file: path=" + file.path() + " rank=" + me + " offset=" + span[0]
                                    + " length=" + (span[1] - span[0]) + " end of data=" + readEnd);
                        else got.extract(reader.buffer(c), plan.windowStart(myAgg, c), direct ? null : send, dst, dataRecvDispls[me], dataSendDispls, me, type);
                    }
                }
                int selfCount = dataRecvCounts[me];
                if (myAgg >= 0) dataRecvCounts[me] = 0;
                if (direct) {
                    got.bufferPieces(myAgg >= 0 ? plan.windowStart(myAgg, c) : 0, me, pieces, pieceCounts);
                    comm.alltoallvFromBuffer(myAgg >= 0 ? reader.buffer(c) : EMPTY, pieceCounts, got.displs, pieces.array(),
                            dst, dataRecvCounts, dataRecvDispls);
                } else {
                    comm.alltoallv(send, dataSendCounts, dataSendDispls, dst, dataRecvCounts, dataRecvDispls);
                }
                dataRecvCounts[me] = selfCount;
                if (logical != null) unstage(t, array, dst, logical);
            }
        } finally {
            if (reader != null) reader.close(); // never leave a read running into a buffer the next call reuses
        }
        return failure;
    }

    /**
     * A memory datatype's slices of one cycle, one per peer (elements {@code displs[r]} .. of the transfer),
     * laid out one after another in a staging array of at most the cycle's data; {@code displs} then point
     * into it. For a write the slices are gathered from their places in the array.
     */
    private Object stage(Transfer t, Object array, int[] counts, int[] displs, boolean write) {
        int total = 0;
        for (int r = 0; r < p; r++) total += counts[r];
        Object staged = scratch.staged(type, total);
        int at = 0;
        for (int r = 0; r < p; r++) {
            if (write && counts[r] > 0) {
                int[] to = {at};
                t.memory().forEach(displs[r], counts[r], (index, n) -> { System.arraycopy(array, index, staged, to[0], n); to[0] += n; });
            }
            displs[r] = at;
            at += counts[r];
        }
        return staged;
    }

    /** After a read: each peer's slice from the staging array to its places ({@code logical}: where each slice starts in the transfer). */
    private void unstage(Transfer t, Object array, Object staged, int[] logical) {
        for (int r = 0; r < p; r++) {
            if (dataRecvCounts[r] == 0) continue;
            int[] from = {dataRecvDispls[r]};
            t.memory().forEach(logical[r], dataRecvCounts[r], (index, n) -> { System.arraycopy(staged, from[0], array, index, n); from[0] += n; });
        }
    }

    // ---- the exchange of piece lists ----------------------------------------------------------------

    /**
     * Builds this rank's piece lists for cycle {@code c}, exchanges counts and lists with the aggregators,
     * and sets the data tables: for a write this rank sends slices of its array, for a read it receives
     * them (the {@code dataRecv*} tables then describe this rank's array).
     */
    private void exchangePieces(Clip[] clips, int c, int index, boolean write) {
        if (plan.batched()) {
            if (c == 0) exchangeAllPieces(clips, index);
            cutCycle(c, write);
            return;
        }
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
        comm.alltoallv(countSend, toAggregators, twoDispls, countRecv, fromRanks, twoDispls); // a rank that aggregates nothing hears nothing
        int metaTotal = 0, dataTotal = 0;
        for (int s = 0; s < p; s++) {
            got.displs[s] = metaTotal;
            got.counts[s] = countRecv[2 * s];
            metaTotal += got.counts[s];
            if (write) {
                dataRecvDispls[s] = dataTotal;
                dataRecvCounts[s] = countRecv[2 * s + 1];
                dataTotal += dataRecvCounts[s];
            }
        }
        got.list.reserve(metaTotal);
        comm.alltoallv(metaSend.array(), metaSendCounts, metaSendDispls, got.list.array(), got.counts, got.displs);
    }

    /**
     * A batched plan's exchange: this rank's piece lists of every cycle go to each aggregator in one
     * alltoallv of counts and one of lists, so the cycles themselves exchange only data (every collective
     * a rank skips is one fewer rendezvous where a descheduled rank stalls the others).
     */
    private void exchangeAllPieces(Clip[] clips, int index) {
        int cycles = plan.cycles();
        int[] counts = new int[2 * p * cycles];
        batchMine = new int[2 * p * cycles];
        metaSend.clear();
        java.util.Arrays.fill(metaSendCounts, 0);
        java.util.Arrays.fill(metaSendDispls, 0);
        for (int a = 0; a < clips.length; a++) {
            if (clips[a] == null) continue;
            int r = plan.aggregators()[a];
            metaSendDispls[r] = metaSend.size();
            for (int c = 0; c < cycles; c++) {
                long w0 = plan.windowStart(a, c), w1 = plan.windowEnd(a, c);
                if (w0 >= w1) continue;
                int ms = metaSend.size();
                clips[a].skipTo(w0);
                long m0 = clips[a].memory();
                clips[a].take(w0, w1, metaSend::add);
                int k = 2 * (r * cycles + c);
                counts[k] = metaSend.size() - ms;
                counts[k + 1] = batchMine[k] = Math.toIntExact((clips[a].memory() - m0) / esz);
                batchMine[k + 1] = Math.toIntExact(index + m0 / esz);
            }
            metaSendCounts[r] = metaSend.size() - metaSendDispls[r];
        }
        int[] toAggs = new int[p], fromAll = new int[p], displs = new int[p];
        for (int r = 0; r < p; r++) { fromAll[r] = myAgg >= 0 ? 2 * cycles : 0; displs[r] = 2 * cycles * r; }
        for (int r : plan.aggregators()) toAggs[r] = 2 * cycles;
        batchCounts = new int[2 * p * cycles];
        comm.alltoallv(counts, toAggs, displs, batchCounts, fromAll, displs); // counts go to the aggregators only
        batchAt = new int[p];
        int total = 0;
        for (int s = 0; s < p; s++) {
            batchAt[s] = got.displs[s] = total;
            got.counts[s] = 0;
            for (int c = 0; c < cycles; c++) got.counts[s] += batchCounts[2 * (s * cycles + c)];
            total += got.counts[s];
        }
        batchMeta.reserve(total);
        comm.alltoallv(metaSend.array(), metaSendCounts, metaSendDispls, batchMeta.array(), got.counts, got.displs);
    }

    /** Sets cycle {@code c}'s tables from a batched plan's lists, as {@link #exchangePieces} sets them per cycle. */
    private void cutCycle(int c, boolean write) {
        int cycles = plan.cycles();
        java.util.Arrays.fill(dataSendCounts, 0);
        java.util.Arrays.fill(dataRecvCounts, 0);
        int[] mySlices = write ? dataSendCounts : dataRecvCounts;
        int[] mySliceDispls = write ? dataSendDispls : dataRecvDispls;
        int metaTotal = 0, dataTotal = 0;
        for (int r = 0; r < p; r++) {
            int k = 2 * (r * cycles + c);
            mySlices[r] = batchMine[k];
            mySliceDispls[r] = batchMine[k + 1];
            got.displs[r] = metaTotal;
            got.counts[r] = batchCounts[k];
            metaTotal += batchCounts[k];
            if (write) {
                dataRecvDispls[r] = dataTotal;
                dataRecvCounts[r] = batchCounts[k + 1];
                dataTotal += batchCounts[k + 1];
            }
        }
        long[] to = got.list.reserve(metaTotal);
        for (int s = 0; s < p; s++) {
            System.arraycopy(batchMeta.array(), batchAt[s], to, got.displs[s], got.counts[s]);
            batchAt[s] += got.counts[s];
        }
    }

    private ByteBuffer buffer(int slot) { return scratch.buffer(slot, plan.cycleBytes(), file.order()); }
}
