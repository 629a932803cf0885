package org.jpio.comm.local;

import org.jpio.comm.RankFailure;
import org.jpio.comm.Reduction;
import org.jpio.comm.Pieces;
import org.jpio.comm.Args;
import org.jpio.comm.SharedMemory;
import org.jpio.comm.Call;
import org.jpio.comm.CurrentCall;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.JobAbortedException;
import org.jpio.comm.Watchdog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jpio.comm.local.Deposits.Part;
import org.jpio.io.ElementType;

/**
 * Ranks as threads of one JVM. Collectives move elements with {@code System.arraycopy} straight from each
 * sender's array into each receiver's: every rank deposits a description of its arguments at the
 * communicator's {@link Rendezvous}, all ranks copy what they need out of the others' arrays, and a
 * second rendezvous keeps every sender's array untouched until all receivers are done with it.
 *
 * <p>The deposits also let every rank check the call as a whole before any element moves: all ranks in
 * the same collective, same element type, matching counts. A rank whose own arguments are bad throws
 * IllegalArgumentException, and every other rank a {@link CollectiveException} naming it.
 *
 * <p>Use {@link #run} (or {@link #runAndCollect}) to run an SPMD body on n threads. A rank whose body
 * throws breaks every wait of the run, and a rank whose body returns breaks the waits that need it, so
 * a peer blocked in a collective gets a {@link CollectiveException} instead of hanging. A wait longer than
 * the {@link Watchdog} limit ends the run with a report naming the ranks that did not arrive and what they
 * do instead. Errors name the user's call ({@link #during}) rather than the collective made inside it.
 */
public final class LocalComm implements Comm {

    /** An SPMD body: runs once per rank. */
    @FunctionalInterface
    public interface Body { void run(Comm comm) throws Exception; }

    /** An SPMD body with a per-rank result. */
    @FunctionalInterface
    public interface RankFunction<T> { T apply(Comm comm) throws Exception; }

    /** Slots of the shared counters: files open at once on one communicator, at most. */
    static final int COUNTER_SLOTS = 1024;

    private final Group group;
    private final int rank;
    private boolean closed;
    private int nextCounterSlot;
    private LocalShared shared;
    private final CurrentCall current = new CurrentCall();

    LocalComm(Group group, int rank) {
        this.group = group;
        this.rank = rank;
    }

    /** A communicator of one rank on the calling thread (what {@link SelfComm} uses). */
    static LocalComm single() {
        return new LocalComm(new Group(new Team(1), new int[] {0}), 0);
    }

    /**
     * Runs {@code body} on {@code n} threads, one per rank of a fresh world communicator, and returns when
     * all have finished. The first failure of any rank is rethrown (later ones are attached as suppressed);
     * the other ranks are released from their waits with a {@link CollectiveException}. After a failure a
     * rank outside any jpio wait has seconds to end before it is interrupted, then left behind (see the
     * suppressed exceptions), so the run always ends.
     */
    public static void run(int n, Body body) throws Exception {
        runAndCollect(n, c -> { body.run(c); return null; });
    }

    /** Like {@link #run}; returns each rank's result, indexed by rank. */
    public static <T> List<T> runAndCollect(int n, RankFunction<T> body) throws Exception {
        return Runner.run(n, body);
    }

    @Override public int rank() { return rank; }

    @Override public int size() { return group.size(); }

    @Override public String hostName() { return HostName.get(); }

    /** Every rank is a thread of this JVM, on this host: nothing to exchange. */
    @Override public String[] hostNames() {
        String[] names = new String[size()];
        java.util.Arrays.fill(names, hostName());
        return names;
    }

    @Override public Call enter(Call call) { return current.enter(call); }

    @Override public void leave(Call outer) { current.leave(outer); }

    @Override public Call call() { return current.get(); }

    /** Every other rank's waits break with this rank's reason, and this rank throws it: the run ends. */
    @Override public void abort(int status, String reason) {
        JobAbortedException e = new JobAbortedException(rank, status, reason);
        group.team.abort(group.worldRank(rank), e);
        throw e;
    }

    Team team() { return group.team; }

    int worldRank() { return group.worldRank(rank); }

    /** How errors name a collective {@code op} of this rank: by the user's call it is made in, when there is one. */
    String name(String op) { return Call.name(current.get(), op); }

    /** What this rank waits in, for the other ranks' reports: the call and the collective. */
    String describe(String op) { return describe(current.get(), op); }

    static String describe(Call c, String op) { return c == null ? op : c.name() + " (" + op + ")"; }

    /**
     * The watchdog: this rank waited in {@code op} longer than its call allows for the ranks {@code missing}.
     * The report names the call, the ranks that arrived, each missing rank and what it does instead; the run
     * ends (every other rank's waits break with it) and this rank throws it.
     */
    CollectiveException watchdog(String op, Wait w, List<Integer> arrived, List<Integer> missing) {
        List<RankFailure> failures = new ArrayList<>();
        for (int m : missing)
            failures.add(new RankFailure(m, "did not arrive", "rank=" + m + " did not arrive in " + Watchdog.seconds(w.waitedMillis())
                    + " (watchdog limit " + Watchdog.describe(w.limitMillis()) + "); it " + group.activity(m)
                    + "; rank(s) " + ranks(arrived) + " wait in " + describe(op), false));
        CollectiveException e = new CollectiveException(name(op) + " (watchdog)", failures, null);
        group.team.abort(worldRank(), e);
        return e;
    }

    private static String ranks(List<Integer> rs) {
        StringBuilder b = new StringBuilder();
        for (int r : rs) b.append(b.length() > 0 ? "," : "").append(r);
        return b.toString();
    }

    @Override public void barrier() {
        begin("barrier", () -> Part.of("barrier", null, 0, 0, null, null, null, 0));
    }

    @Override public void bcast(Object buf, int index, int count, int root) {
        Part[] p = begin("bcast", () -> {
            Args.bcast(buf, index, count, root, size());
            return Part.of("bcast", buf, index, count, null, null, null, root);
        });
        int r0 = p[0].root();
        for (int r = 0; r < p.length; r++) {
            if (p[r].root() != r0) fail("bcast", p, "root", x -> x.root());
        }
        requireUniform("bcast", p);
        if (rank != r0) System.arraycopy(p[r0].buf(), p[r0].index(), buf, index, count);
        end("bcast");
    }

    /**
     * Elements a rank copies into its deposit rather than lend its array: then no rank reads another's
     * array after the first rendezvous, and the small collectives every transfer makes (the extent gather,
     * the error agreement) need no second one.
     */
    private static final int COPIED = 64;

    /** {@code count} elements of {@code buf} from {@code index}, as a new array. */
    private static Object copy(Object buf, int index, int count) {
        Object c = ElementType.of(buf).newArray(count);
        System.arraycopy(buf, index, c, 0, count);
        return c;
    }

    @Override public void allgather(Object send, int sIndex, int count, Object recv, int rIndex) {
        boolean small = count <= COPIED;
        Part[] p = begin("allgather", () -> {
            Args.allgather(send, sIndex, count, recv, rIndex, size());
            return small ? Part.of("allgather", copy(send, sIndex, count), 0, count, null, null, null, 0)
                         : Part.of("allgather", send, sIndex, count, null, null, null, 0);
        });
        requireUniform("allgather", p);
        for (int r = 0; r < p.length; r++) System.arraycopy(p[r].buf(), p[r].index(), recv, rIndex + r * count, count);
        if (!small) end("allgather");
    }

    @Override public void allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs) {
        Part[] p = begin("allgatherv", () -> {
            Args.allgatherv(send, sIndex, count, recv, recvCounts, displs, size());
            return Part.of("allgatherv", send, sIndex, count, null, null, recvCounts.clone(), 0);
        });
        requireType("allgatherv", p);
        requirePairs("allgatherv", p, (from, to) -> p[from].count(), (from, to) -> p[to].recvCounts()[from]);
        for (int r = 0; r < p.length; r++) System.arraycopy(p[r].buf(), p[r].index(), recv, displs[r], p[r].count());
        end("allgatherv");
    }

    @Override public void alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts, int[] recvDispls) {
        Part[] p = begin("alltoallv", () -> {
            Args.alltoallv(send, sendCounts, sendDispls, recv, recvCounts, recvDispls, size());
            return Part.of("alltoallv", send, 0, 0, sendCounts.clone(), sendDispls.clone(), recvCounts.clone(), 0);
        });
        requireType("alltoallv", p);
        requirePairs("alltoallv", p, (from, to) -> p[from].counts()[to], (from, to) -> p[to].recvCounts()[from]);
        for (int r = 0; r < p.length; r++) System.arraycopy(p[r].buf(), p[r].displs()[rank], recv, recvDispls[r], recvCounts[r]);
        end("alltoallv");
    }

    /** Each rank copies its peers' elements straight from their arrays into its buffer pieces: one copy, no temporary. */
    @Override public void alltoallvToBuffer(Object send, int[] sendCounts, int[] sendDispls, java.nio.ByteBuffer recv,
                                            int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        String op = "alltoallvToBuffer";
        int[] expect = new int[size()];
        Part[] p = begin(op, () -> {
            ElementType t = Args.pieces(op, send, sendCounts, sendDispls, recv, pieceCounts, pieceDispls, pieces, size());
            Pieces.counts(t, pieceCounts, pieceDispls, pieces, expect, new int[size()]);
            return Part.of(op, send, 0, 0, sendCounts.clone(), sendDispls.clone(), expect, 0);
        });
        requireType(op, p);
        requirePairs(op, p, (from, to) -> p[from].counts()[to], (from, to) -> p[to].recvCounts()[from]);
        java.nio.ByteBuffer b = recv.duplicate().order(java.nio.ByteOrder.nativeOrder());
        ElementType t = p[rank].type();
        for (int r = 0; r < p.length; r++) {
            int i = p[r].displs()[rank];
            for (int k = pieceDispls[r]; k < pieceDispls[r] + pieceCounts[r]; k += 2) {
                int n = (int) (pieces[k + 1] >> t.shift());
                b.limit(b.capacity()).position((int) pieces[k]);
                t.put(b, p[r].buf(), i, n);
                i += n;
            }
        }
        end(op);
    }

    /** Each rank copies its elements straight from its peers' buffer pieces into its array. */
    @Override public void alltoallvFromBuffer(java.nio.ByteBuffer send, int[] pieceCounts, int[] pieceDispls, long[] pieces,
                                              Object recv, int[] recvCounts, int[] recvDispls) {
        String op = "alltoallvFromBuffer";
        Part[] p = begin(op, () -> {
            ElementType t = Args.pieces(op, recv, recvCounts, recvDispls, send, pieceCounts, pieceDispls, pieces, size());
            int[] sent = new int[size()];
            Pieces.counts(t, pieceCounts, pieceDispls, pieces, sent, new int[size()]);
            return new Part(op, null, t, send.duplicate().order(java.nio.ByteOrder.nativeOrder()), 0, 0, sent,
                    pieceDispls.clone(), recvCounts.clone(), 0, pieces.clone());
        });
        requireType(op, p);
        requirePairs(op, p, (from, to) -> p[from].counts()[to], (from, to) -> p[to].recvCounts()[from]);
        ElementType t = p[rank].type();
        for (int r = 0; r < p.length; r++) {
            Part from = p[r];
            java.nio.ByteBuffer b = ((java.nio.ByteBuffer) from.buf()).duplicate().order(java.nio.ByteOrder.nativeOrder());
            int i = recvDispls[r];
            // rank r's pieces for me: its pieceCounts were turned into element counts, so walk its piece list
            for (int k = from.displs()[rank], left = from.counts()[rank]; left > 0; k += 2) {
                int n = (int) (from.pieces()[k + 1] >> t.shift());
                b.limit(b.capacity()).position((int) from.pieces()[k]);
                t.get(b, recv, i, n);
                i += n;
                left -= n;
            }
        }
        end(op);
    }

    @Override public void allreduce(Object send, Object recv, int count, Op op) {
        String name = Op.allreduceName(op);
        boolean small = count >= 0 && count <= COPIED;
        Part[] p = begin(name, () -> {
            Args.allreduce(name, send, recv, count, op);
            return Part.of(name, small ? copy(send, 0, count) : send, 0, count, null, null, null, 0);
        });
        requireUniform(name, p);
        // every rank folds in rank order, so all ranks get bit-identical results (floating point too)
        System.arraycopy(p[0].buf(), 0, recv, 0, count);
        for (int r = 1; r < p.length; r++) Reduction.combine(p[r].type(), op, recv, p[r].buf(), count);
        if (!small) end(name);
    }

    @Override public void sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount, int source) {
        open();
        Args.sendrecv(send, sIndex, sCount, dest, recv, rIndex, rCount, source, size());
        Mailbox.Message out = null;
        if (dest >= 0) {
            out = new Mailbox.Message(rank, send, sIndex, sCount);
            group.mailboxes[dest].post(out);
        }
        String recvError = null;
        if (source >= 0) {
            Mailbox box = group.mailboxes[rank];
            Mailbox.Message in = box.take(this, source, "sendrecv");
            if (in.buf.getClass() != recv.getClass())
                recvError = "rank=" + rank + " receives type=" + recv.getClass().getTypeName() + " but rank=" + source
                        + " sent type=" + in.buf.getClass().getTypeName();
            else if (in.count > rCount)
                recvError = "rank=" + rank + " receives rCount=" + rCount + " but rank=" + source + " sent count=" + in.count
                        + " (message truncated)";
            else System.arraycopy(in.buf, in.index, recv, rIndex, in.count);
            box.consumed(in, recvError);
        }
        String sendError = out == null ? null : group.mailboxes[dest].awaitConsumed(this, out, dest, "sendrecv");
        String error = recvError != null ? recvError : sendError;
        if (error != null) throw new IllegalArgumentException("sendrecv: " + error);
    }

    @Override public Comm split(int color, int key) {
        Part[] p = begin("split", () -> Part.of("split", null, 0, 0, new int[] {color, key}, null, null, 0));
        List<Integer> members = new ArrayList<>();
        if (color >= 0) {
            for (int r = 0; r < p.length; r++) if (p[r].counts()[0] == color) members.add(r);
            members.sort(Comparator.<Integer>comparingInt(r -> p[r].counts()[1]).thenComparingInt(r -> r));
        }
        // the member that becomes rank 0 creates the shared group; the second exchange hands it to the rest
        Group created = null;
        if (!members.isEmpty() && members.get(0) == rank)
            created = new Group(group.team, members.stream().mapToInt(group::worldRank).toArray());
        Object[] groups = group.rendezvous.exchange(this, created, "split");
        if (color < 0) return null;
        return new LocalComm((Group) groups[members.get(0)], members.indexOf(rank));
    }

    /**
     * Ranks that are threads share the heap: each rank allocates its part (page-aligned, as the cycle buffers
     * that receive large reads are; from a finished run's spares when there are) and the rendezvous hands
     * every rank all parts.
     */
    @Override public SharedMemory shared(long[] bytes) {
        String op = "shared";
        if (shared != null && shared.fits(bytes)) return shared; // every rank decides alike: all pass the same bytes
        shared = null;
        Part[] p = begin(op, () -> {
            if (bytes == null || bytes.length != size())
                throw new IllegalArgumentException(op + ": bytes has " + (bytes == null ? "no" : bytes.length) + " entries for size=" + size());
            for (int r = 0; r < bytes.length; r++)
                if (bytes[r] < 0 || bytes[r] > Integer.MAX_VALUE - 4096)
                    throw new IllegalArgumentException(op + ": bytes[" + r + "]=" + bytes[r] + " must be in 0.." + (Integer.MAX_VALUE - 4096));
            java.nio.ByteBuffer mine = SpareMemory.take((int) bytes[rank]);
            group.team.sharedParts.add(mine);
            return new Part(op, null, null, mine, 0, 0, null, null, null, 0, bytes.clone());
        });
        for (int r = 0; r < p.length; r++)
            if (!Arrays.equals(p[r].pieces(), bytes))
                throw new CollectiveException(name(op), List.of(new RankFailure(r, "mismatch", "passed bytes=" + Arrays.toString(p[r].pieces())
                        + " but rank=" + rank + " passed " + Arrays.toString(bytes), false)), null);
        java.nio.ByteBuffer[] parts = new java.nio.ByteBuffer[p.length];
        for (int r = 0; r < p.length; r++) parts[r] = (java.nio.ByteBuffer) p[r].buf();
        end(op);
        return shared = new LocalShared(parts, this);
    }

    /** The group's counters in the heap; this rank's own sequence of slots. */
    @Override public org.jpio.comm.SharedCounters counters() {
        return new org.jpio.comm.SharedCounters() {
            @Override public int capacity() { return COUNTER_SLOTS; }
            @Override public int nextSlot() { return nextCounterSlot++ % COUNTER_SLOTS; }
            @Override public long fetchAndAdd(int slot, long delta) { return group.counters.getAndAdd(slot, delta); }
            @Override public long getAndSet(int slot, long value) { return group.counters.getAndSet(slot, value); }
        };
    }

    /** Threads share the heap: shared memory is always there. */
    @Override public String sharedMemoryUnavailable() { return null; }

    /** Releases this rank's handle; a split communicator is forgotten once every member has closed it. */
    @Override public void close() {
        if (closed) return;
        closed = true;
        group.closedBy();
    }

    // ---- the two rendezvous of a collective and the whole-call checks (Deposits) --------------------

    private Part[] begin(String op, Deposits.Check check) { return Deposits.begin(this, op, check); }

    /** Second rendezvous: after it no rank reads another's array any more. */
    private void end(String op) { group.rendezvous.exchangeAndRelease(this, op); }

    void open() {
        if (closed) throw new IllegalStateException("communicator is closed: rank=" + rank + " size=" + size());
    }

    Group group() { return group; }

    Call currentCall() { return current.get(); }

    private void requireType(String op, Part[] p) { Deposits.requireType(this, op, p); }

    private void requireUniform(String op, Part[] p) { Deposits.requireUniform(this, op, p); }

    private void requirePairs(String op, Part[] p, Deposits.PairValue sent, Deposits.PairValue expected) {
        Deposits.requirePairs(this, op, p, sent, expected);
    }

    private void fail(String op, Part[] p, String what, java.util.function.Function<Part, Object> value) {
        Deposits.fail(this, op, p, what, value);
    }
}
