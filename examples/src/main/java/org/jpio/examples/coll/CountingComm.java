package org.jpio.examples.coll;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.comm.SharedMemory;

/**
 * A communicator that passes every call to another and counts, for one rank, what a collective I/O call
 * asks of it: its collectives, its personalised exchanges (alltoallv and the two-phase buffer variants,
 * one per cycle of the message exchange) with the number of ranks it sends to in each (its messages), and
 * the elements it receives by gathers and broadcasts (the metadata every rank gets from every other).
 * Written against the public {@link Comm} interface only, to measure how these grow with the rank count.
 */
final class CountingComm implements Comm {
    private final Comm c;
    long collectives, exchanges, messages, maxMessagesPerExchange, gatheredElements;
    /** The messages this rank sent in each exchange, in order. */
    final List<Long> perExchange = new ArrayList<>();

    CountingComm(Comm c) {
        this.c = c;
    }

    void reset() {
        collectives = exchanges = messages = maxMessagesPerExchange = gatheredElements = 0;
        perExchange.clear();
    }

    private void exchange(int[] perRank) {
        collectives++;
        exchanges++;
        long m = 0;
        for (int r = 0; r < perRank.length; r++) if (r != c.rank() && perRank[r] > 0) m++;
        messages += m;
        perExchange.add(m);
        maxMessagesPerExchange = Math.max(maxMessagesPerExchange, m);
    }

    @Override public int rank() { return c.rank(); }

    @Override public int size() { return c.size(); }

    @Override public String hostName() { return c.hostName(); }

    @Override public void abort(int status, String reason) { c.abort(status, reason); }

    @Override public org.jpio.comm.Call enter(org.jpio.comm.Call call) { return c.enter(call); }

    @Override public void leave(org.jpio.comm.Call outer) { c.leave(outer); }

    @Override public org.jpio.comm.Call call() { return c.call(); }

    @Override
    public void barrier() {
        collectives++;
        c.barrier();
    }

    @Override
    public void bcast(Object buf, int index, int count, int root) {
        collectives++;
        gatheredElements += count;
        c.bcast(buf, index, count, root);
    }

    @Override
    public void allgather(Object send, int sIndex, int count, Object recv, int rIndex) {
        collectives++;
        gatheredElements += (long) count * c.size();
        c.allgather(send, sIndex, count, recv, rIndex);
    }

    @Override
    public void allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs) {
        collectives++;
        for (int n : recvCounts) gatheredElements += n;
        c.allgatherv(send, sIndex, count, recv, recvCounts, displs);
    }

    @Override
    public void alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts, int[] recvDispls) {
        exchange(sendCounts);
        c.alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls);
    }

    @Override
    public void alltoallvToBuffer(Object send, int[] sendCounts, int[] sendDispls, ByteBuffer recv, int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        exchange(sendCounts);
        c.alltoallvToBuffer(send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces);
    }

    @Override
    public void alltoallvFromBuffer(ByteBuffer send, int[] pieceCounts, int[] pieceDispls, long[] pieces, Object recv, int[] recvCounts, int[] recvDispls) {
        exchange(pieceCounts);
        c.alltoallvFromBuffer(send, pieceCounts, pieceDispls, pieces, recv, recvCounts, recvDispls);
    }

    /** No shared memory: the counted message exchange is what runs. */
    @Override public SharedMemory shared(long[] bytes) { return null; }

    @Override
    public void allreduce(Object send, Object recv, int count, Op op) {
        collectives++;
        c.allreduce(send, recv, count, op);
    }

    @Override
    public void sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount, int source) {
        collectives++;
        c.sendrecv(send, sIndex, sCount, dest, recv, rIndex, rCount, source);
    }

    @Override public Comm split(int color, int key) { return new CountingComm(c.split(color, key)); }

    @Override public void close() { c.close(); }
}
