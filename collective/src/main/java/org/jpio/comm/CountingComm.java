package org.jpio.comm;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jpio.io.ElementType;

/**
 * A communicator that passes every call to another and counts, for one rank, what its calls cost: the
 * collective operations (shared-memory synchronisations included), the bytes this rank sends to other
 * ranks (its payload in gathers, broadcasts, reductions and personalised exchanges, and what it stores
 * into or loads from another rank's shared memory, which an exchange reports through
 * {@link #addExchanged}), the personalised exchanges with the number of ranks each one sends to (its
 * messages), and the elements received by gathers and broadcasts. ParallelFile runs every file on one,
 * so a call's cost is a number a test can pin ({@code jpio_count_*} in the file's hints); the scaling
 * benchmark reads the same counts. Duplicates and splits count into the same totals: the background
 * thread of a file's nonblocking calls runs on a duplicate.
 */
public final class CountingComm implements Comm {
    private static final int COLLECTIVES = 0, BYTES = 1, EXCHANGES = 2, MESSAGES = 3, MAX_MESSAGES = 4, GATHERED = 5, FIELDS = 6;

    private final Comm c;
    private final AtomicLongArray n;
    /** Messages sent in each personalised exchange, in order; kept only when asked for (the scaling benchmark). */
    private final List<Long> perExchange;

    private CountingComm(Comm c, AtomicLongArray n, List<Long> perExchange) {
        this.c = c;
        this.n = n;
        this.perExchange = perExchange;
    }

    /** Counts the calls made through the returned communicator. */
    public static CountingComm of(Comm c) { return new CountingComm(c, new AtomicLongArray(FIELDS), null); }

    /** {@link #of}, also keeping the number of messages of every personalised exchange ({@link #perExchange}). */
    public static CountingComm recording(Comm c) { return new CountingComm(c, new AtomicLongArray(FIELDS), new ArrayList<>()); }

    /** What has been counted so far (a snapshot). */
    public Counts counts() {
        return new Counts(n.get(COLLECTIVES), n.get(BYTES), n.get(EXCHANGES), n.get(MESSAGES), n.get(MAX_MESSAGES), n.get(GATHERED));
    }

    /** The messages of each personalised exchange since the last {@link #reset}, when made by {@link #recording}. */
    public List<Long> perExchange() {
        if (perExchange == null) return List.of();
        synchronized (perExchange) { return List.copyOf(perExchange); }
    }

    public void reset() {
        for (int k = 0; k < FIELDS; k++) n.set(k, 0);
        if (perExchange != null) synchronized (perExchange) { perExchange.clear(); }
    }

    /** The communicator a counting one passes its calls to ({@code c} itself otherwise): where a driver needs MPI's own handle. */
    public static Comm unwrap(Comm c) { return c instanceof CountingComm k ? k.c : c; }

    /**
     * Counts {@code bytes} moved between this rank and others outside the communicator's calls (an exchange
     * through shared memory); nothing when {@code comm} does not count.
     */
    public static void addExchanged(Comm comm, long bytes) {
        if (comm instanceof CountingComm k && bytes > 0) k.n.addAndGet(BYTES, bytes);
    }

    /**
     * The counts of one rank: {@code collectives}, {@code exchangedBytes} (sent to or stored for other
     * ranks), {@code exchanges} (personalised: alltoallv and its buffer forms), {@code messages} (ranks
     * sent to, summed over exchanges), {@code maxMessagesPerExchange}, {@code gatheredElements}.
     */
    public record Counts(long collectives, long exchangedBytes, long exchanges, long messages, long maxMessagesPerExchange, long gatheredElements) {
        /** What was counted between {@code before} and this snapshot (the maximum is kept as it is). */
        public Counts minus(Counts before) {
            return new Counts(collectives - before.collectives, exchangedBytes - before.exchangedBytes, exchanges - before.exchanges,
                    messages - before.messages, maxMessagesPerExchange, gatheredElements - before.gatheredElements);
        }
    }

    private void collective(long bytesSent) {
        n.incrementAndGet(COLLECTIVES);
        if (bytesSent > 0) n.addAndGet(BYTES, bytesSent);
    }

    private void exchange(int[] perRank, long bytesSent) {
        collective(bytesSent);
        n.incrementAndGet(EXCHANGES);
        long m = 0;
        for (int r = 0; r < perRank.length; r++) if (r != c.rank() && perRank[r] > 0) m++;
        n.addAndGet(MESSAGES, m);
        n.accumulateAndGet(MAX_MESSAGES, m, Math::max);
        if (perExchange != null) synchronized (perExchange) { perExchange.add(m); }
    }

    /** Bytes of {@code counts} elements of {@code buf}'s type for every rank but this one. */
    private long others(Object buf, int[] counts) {
        long e = 0;
        for (int r = 0; r < counts.length; r++) if (r != c.rank()) e += counts[r];
        return e << ElementType.of(buf).shift();
    }

    private long othersBytes(long elementsEach, Object buf) { return (elementsEach * (c.size() - 1)) << ElementType.of(buf).shift(); }

    @Override public int rank() { return c.rank(); }

    @Override public int size() { return c.size(); }

    @Override public String hostName() { return c.hostName(); }

    @Override public String[] hostNames() { return c.hostNames(); }

    @Override public void abort(int status, String reason) { c.abort(status, reason); }

    @Override public Call enter(Call call) { return c.enter(call); }

    @Override public void leave(Call outer) { c.leave(outer); }

    @Override public Call call() { return c.call(); }

    @Override public void barrier() {
        collective(0);
        c.barrier();
    }

    @Override public void bcast(Object buf, int index, int count, int root) {
        collective(c.rank() == root ? othersBytes(count, buf) : 0);
        n.addAndGet(GATHERED, count);
        c.bcast(buf, index, count, root);
    }

    @Override public void allgather(Object send, int sIndex, int count, Object recv, int rIndex) {
        collective(othersBytes(count, send));
        n.addAndGet(GATHERED, (long) count * c.size());
        c.allgather(send, sIndex, count, recv, rIndex);
    }

    @Override public void allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs) {
        collective(othersBytes(count, send));
        long g = 0;
        for (int k : recvCounts) g += k;
        n.addAndGet(GATHERED, g);
        c.allgatherv(send, sIndex, count, recv, recvCounts, displs);
    }

    @Override public void alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts, int[] recvDispls) {
        exchange(sendCounts, others(send, sendCounts));
        c.alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls);
    }

    @Override public void alltoallvToBuffer(Object send, int[] sendCounts, int[] sendDispls, ByteBuffer recv, int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        exchange(sendCounts, others(send, sendCounts));
        c.alltoallvToBuffer(send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces);
    }

    @Override public void alltoallvFromBuffer(ByteBuffer send, int[] pieceCounts, int[] pieceDispls, long[] pieces, Object recv, int[] recvCounts, int[] recvDispls) {
        long bytes = 0;
        for (int r = 0; r < pieceCounts.length; r++)
            if (r != c.rank()) for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) bytes += pieces[k + 1];
        exchange(pieceCounts, bytes);
        c.alltoallvFromBuffer(send, pieceCounts, pieceDispls, pieces, recv, recvCounts, recvDispls);
    }

    @Override public SharedMemory shared(long[] bytes) {
        SharedMemory m = c.shared(bytes);
        if (m == null) return null;
        collective(0); // making or finding the memory is collective
        return new SharedMemory() { // its synchronisations are the exchange's collectives
            @Override public long size(int rank) { return m.size(rank); }

            @Override public ByteBuffer part(int rank, long offset, int length) { return m.part(rank, offset, length); }

            @Override public void sync() {
                collective(0);
                m.sync();
            }
        };
    }

    @Override public SharedCounters counters() { return c.counters(); }

    @Override public String sharedMemoryUnavailable() { return c.sharedMemoryUnavailable(); }

    @Override public void allreduce(Object send, Object recv, int count, Op op) {
        collective(c.size() > 1 ? (long) count << ElementType.of(send).shift() : 0);
        c.allreduce(send, recv, count, op);
    }

    @Override public void sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount, int source) {
        collective(dest != c.rank() ? (long) sCount << ElementType.of(send).shift() : 0);
        c.sendrecv(send, sIndex, sCount, dest, recv, rIndex, rCount, source);
    }

    @Override public Comm split(int color, int key) { return new CountingComm(c.split(color, key), n, perExchange); }

    @Override public Comm dup() { return new CountingComm(c.dup(), n, perExchange); }

    @Override public void close() { c.close(); }
}
