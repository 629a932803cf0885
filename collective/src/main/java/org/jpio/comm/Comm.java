package org.jpio.comm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jpio.io.ElementType;

/**
 * How ranks talk: the subset of MPI's communicator that parallel I/O needs. Buffers are primitive arrays
 * (any of the eight types; send and receive of one call have the same type), counts and displacements
 * are in elements, as in MPI. Every call is collective over all ranks of the communicator except
 * {@link #sendrecv}, which pairs two ranks.
 *
 * <p>Implementations: {@link LocalComm} (ranks as threads of one JVM, the embedded default),
 * {@code MpiComm} (MPI processes through jpio's JNI bridge) and {@link SelfComm} (one rank).
 */
public interface Comm extends AutoCloseable {

    /** Reduction operators of {@link #allreduce}. */
    enum Op {
        SUM, MIN, MAX, BOR, BAND;

        /** "allreduce(SUM)": the collective's name in messages, made once rather than per call. */
        public final String allreduce = "allreduce(" + name() + ")";

        /** {@link #allreduce} of {@code op}, which may be null (a bad argument, named as such). */
        public static String allreduceName(Op op) { return op == null ? "allreduce(null)" : op.allreduce; }
    }

    int rank();

    int size();

    /** Name of the host this rank runs on (MPI_Get_processor_name); ranks on one host share a page cache. */
    String hostName();

    void barrier();

    /** Root's {@code buf[index..index+count)} is copied into every rank's same range. */
    void bcast(Object buf, int index, int count, int root);

    /** Every rank contributes {@code count} elements; {@code recv} gets them in rank order from {@code rIndex}. */
    void allgather(Object send, int sIndex, int count, Object recv, int rIndex);

    /** Like allgather, rank r's {@code recvCounts[r]} elements land at {@code recv[displs[r]]}. */
    void allgatherv(Object send, int sIndex, int count, Object recv, int[] recvCounts, int[] displs);

    /**
     * Personalised all-to-all: {@code sendCounts[r]} elements from {@code send[sendDispls[r]]} go to rank r,
     * which receives them at {@code recv[recvDispls[me]]}; counts must agree pairwise.
     */
    void alltoallv(Object send, int[] sendCounts, int[] sendDispls, Object recv, int[] recvCounts, int[] recvDispls);

    /**
     * alltoallv whose receive side is a byte buffer: the elements from rank r fill, in order, the pieces
     * {@code (pieces[k], pieces[k+1])} (buffer byte offset, byte length; whole elements) for k from
     * {@code pieceDispls[r]} over {@code pieceCounts[r]} longs. Elements are stored in native byte order.
     * This is how a two-phase aggregator receives straight into its cycle buffer (MPI_Alltoallw with
     * hindexed types, as ROMIO does). The default receives into a temporary array and copies.
     */
    default void alltoallvToBuffer(Object send, int[] sendCounts, int[] sendDispls, java.nio.ByteBuffer recv,
                                   int[] pieceCounts, int[] pieceDispls, long[] pieces) {
        ElementType t = ElementType.of(send);
        int n = size();
        int[] counts = new int[n], displs = new int[n];
        int total = Pieces.counts(t, pieceCounts, pieceDispls, pieces, counts, displs);
        Object tmp = t.newArray(total);
        alltoallv(send, sendCounts, sendDispls, tmp, counts, displs);
        Pieces.scatter(t, tmp, recv, pieceCounts, pieceDispls, pieces);
    }

    /** The reverse of {@link #alltoallvToBuffer}: rank r is sent the elements in its pieces of {@code send}. */
    default void alltoallvFromBuffer(java.nio.ByteBuffer send, int[] pieceCounts, int[] pieceDispls, long[] pieces,
                                     Object recv, int[] recvCounts, int[] recvDispls) {
        ElementType t = ElementType.of(recv);
        int n = size();
        int[] counts = new int[n], displs = new int[n];
        int total = Pieces.counts(t, pieceCounts, pieceDispls, pieces, counts, displs);
        Object tmp = t.newArray(total);
        Pieces.gather(t, send, tmp, pieceCounts, pieceDispls, pieces);
        alltoallv(tmp, counts, displs, recv, recvCounts, recvDispls);
    }

    /**
     * Memory all ranks address directly, rank r's part at least {@code bytes[r]} long (every rank passes the
     * same {@code bytes}); collective. The communicator keeps it and returns it again while it is large
     * enough (allocating and first touching it costs more than a small transfer), so a part is valid until
     * the next call that needs more, or until the communicator is closed. Null when the ranks cannot share
     * memory: on several hosts, or a communicator without the capability (the default). Collective I/O
     * then exchanges messages instead.
     */
    default SharedMemory shared(long[] bytes) { return null; }

    /**
     * The communicator's table of shared counters, created by the first call (collective then: every rank
     * calls it the first time, at the same point), returned again afterwards without communication. Null
     * when the communicator has none ({@link #countersUnavailable} says why).
     */
    default SharedCounters counters() { return null; }

    /** Why {@link #counters} returns null. */
    default String countersUnavailable() { return "communicator " + getClass().getSimpleName() + " has no shared counters"; }

    /** Why the last {@link #shared} call returned null (for {@code hints()}), or null when it did not. */
    default String sharedMemoryUnavailable() { return "communicator " + getClass().getSimpleName() + " has no shared memory"; }

    /** Element-wise reduction of {@code count} elements of {@code send} into every rank's {@code recv}. */
    void allreduce(Object send, Object recv, int count, Op op);

    /**
     * Sends {@code sCount} elements to {@code dest} and receives {@code rCount} from {@code source} at once
     * (MPI_Sendrecv); a rank of -1 (MPI_PROC_NULL) skips that half.
     */
    void sendrecv(Object send, int sIndex, int sCount, int dest, Object recv, int rIndex, int rCount, int source);

    /** Ranks with the same color form a new communicator, ordered by key then old rank (MPI_Comm_split). */
    Comm split(int color, int key);

    /**
     * A new communicator of the same ranks in the same order (MPI_Comm_dup): collective. Its traffic never
     * mixes with this one's, so a background thread can run collectives on it while the program runs its
     * own on this one (an asynchronous checkpoint's writer, nonblocking transfers); with MPI that also needs
     * MPI_THREAD_MULTIPLE. Close it when done. The default is a split with one color, ordered by rank.
     */
    default Comm dup() { return split(0, rank()); }

    /**
     * Every rank's {@link #hostName}, in rank order. Collective the first time; implementations that know
     * the answer without asking (ranks in one JVM) or keep it (MPI processes) make later calls local, since
     * every open of a collective file needs it. The caller must not change the array.
     */
    default String[] hostNames() {
        byte[][] all = allgatherBytes(hostName().getBytes(StandardCharsets.UTF_8));
        String[] names = new String[all.length];
        for (int r = 0; r < all.length; r++) names[r] = new String(all[r], StandardCharsets.UTF_8);
        return names;
    }

    /** Releases the communicator; the world communicator is only released at shutdown. */
    @Override default void close() { }

    /**
     * Names the user's call ({@code "write_all path=/data/f"}) that this rank's next collectives on this
     * communicator belong to, until the returned scope is closed: errors and the {@link Watchdog} then name
     * that call instead of the collective made inside it, and a wait in it may last {@code watchdogMillis}
     * (0: no limit). Scopes nest: a call made inside another is named after it ("write path=f.npy:
     * write_all path=..."), and closing it makes the enclosing call current again. Not collective.
     */
    default Call.Scope during(String call, long watchdogMillis) {
        Call outer = enter(new Call(call, watchdogMillis));
        return () -> leave(outer);
    }

    /**
     * {@link #during} without the scope object, for calls made often: makes {@code call} current (named after
     * the enclosing call, if any) and returns the call that was current, to give back to {@link #leave}.
     * The default, for communicators that do not name calls, does nothing.
     */
    default Call enter(Call call) { return null; }

    /** Makes {@code outer}, which {@link #enter} returned, current again. */
    default void leave(Call outer) { }

    /** The call this rank is in on this communicator ({@link #during}), or null. */
    default Call call() { return null; }

    /**
     * Ends the whole job because of this rank (MPI_Abort): {@code status} is what the job exits with and
     * {@code reason} is printed with this rank's number. On MPI processes every process of the job ends
     * and this method does not return; on ranks that are threads of one JVM every other rank's waits break
     * and this rank throws {@link JobAbortedException}, which the run rethrows. Not collective: one rank
     * calls it when it cannot go on and its peers would otherwise wait for it.
     */
    void abort(int status, String reason);

    // ---- conveniences built on the primitives above --------------------------------------------------

    default long allreduce(long value, Op op) {
        long[] out = new long[1];
        allreduce(new long[] {value}, out, 1, op);
        return out[0];
    }

    default long[] allgather(long value) {
        long[] out = new long[size()];
        allgather(new long[] {value}, 0, 1, out, 0);
        return out;
    }

    /** Root's bytes (may be null elsewhere) to every rank. */
    default byte[] bcastBytes(byte[] data, int root) {
        int[] len = {rank() == root ? data.length : 0};
        bcast(len, 0, 1, root);
        byte[] out = rank() == root ? data : new byte[len[0]];
        bcast(out, 0, len[0], root);
        return out;
    }

    /** Bytes {@link #shareFromRoot} sends in its one broadcast; a longer outcome takes a second one. */
    int ROOT_MESSAGE_BYTES = 1024;

    /**
     * The outcome of a step only {@code root} takes (reading a file's description, probing its layout) in one
     * broadcast instead of an {@link #agree} and a {@link #bcastBytes}: the root passes its result or its
     * failure (the other ranks null and null), and every rank returns the root's result or throws what
     * {@link #agree} would throw for the root's failure alone. The root's own failure is its cause there.
     * One broadcast of {@link #ROOT_MESSAGE_BYTES} when the outcome fits, a second for the rest otherwise.
     */
    default byte[] shareFromRoot(String operation, int root, byte[] result, Throwable failure) throws CollectiveIOException {
        byte[] message = null;
        if (rank() == root) {
            if (failure == null && result == null) // a bug of the caller, still told to every rank rather than leaving them waiting
                failure = new IllegalStateException("shareFromRoot: root=" + root + " passed neither a result nor a failure");
            if (failure != null) {
                byte[] f = RankFailure.of(root, failure).encode();
                message = new byte[f.length + 1];
                message[0] = 'F';
                System.arraycopy(f, 0, message, 1, f.length);
            } else {
                if (size() == 1) return result;
                message = new byte[result.length + 1];
                message[0] = 'R';
                System.arraycopy(result, 0, message, 1, result.length);
            }
        }
        if (size() > 1) {
            byte[] buf = new byte[ROOT_MESSAGE_BYTES];
            boolean fits = rank() != root || message.length <= ROOT_MESSAGE_BYTES - 4;
            if (rank() == root) {
                java.nio.ByteBuffer.wrap(buf).putInt(fits ? message.length : -1);
                if (fits) System.arraycopy(message, 0, buf, 4, message.length);
            }
            bcast(buf, 0, buf.length, root);
            int len = java.nio.ByteBuffer.wrap(buf).getInt();
            message = len >= 0 ? java.util.Arrays.copyOfRange(buf, 4, 4 + len) : bcastBytes(message, root);
        }
        if (message[0] == 'R') return rank() == root ? result : java.util.Arrays.copyOfRange(message, 1, message.length);
        RankFailure f = RankFailure.decode(root, message, 1, message.length - 1);
        String op = Call.within(call(), operation);
        Throwable mine = rank() == root ? failure : null;
        if (f.io()) throw new CollectiveIOException(op, List.of(f), mine);
        throw new CollectiveException(op, List.of(f), mine);
    }

    /** Every rank's bytes, in rank order. */
    default byte[][] allgatherBytes(byte[] mine) {
        int n = size();
        int[] counts = new int[n];
        allgather(new int[] {mine.length}, 0, 1, counts, 0);
        int[] displs = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++) { displs[r] = total; total += counts[r]; }
        byte[] all = new byte[total];
        allgatherv(mine, 0, mine.length, all, counts, displs);
        byte[][] out = new byte[n][];
        for (int r = 0; r < n; r++) out[r] = java.util.Arrays.copyOfRange(all, displs[r], displs[r] + counts[r]);
        return out;
    }

    /**
     * Collective error agreement: every rank passes its local failure (or null); if any rank failed, every
     * rank throws the same exception naming each failed rank, what it threw and why, so no rank is left
     * waiting in a later collective. A {@link CollectiveIOException} when some rank's failure was I/O, else a
     * {@link CollectiveException}; this rank's own failure is the cause. One allreduce when all succeeded.
     */
    default void agree(String operation, Throwable localFailure) throws CollectiveIOException {
        if (!anyFailed(localFailure)) return;
        List<RankFailure> all = failures(localFailure);
        String op = Call.within(call(), operation);
        for (RankFailure f : all) if (f.io()) throw new CollectiveIOException(op, all, localFailure);
        throw new CollectiveException(op, all, localFailure);
    }

    /**
     * {@link #agree} for steps that move no bytes (argument checks, values that must match): the failures
     * are not I/O, so every rank throws a {@link CollectiveException}.
     */
    default void agreeOnArguments(String operation, RuntimeException localFailure) {
        if (anyFailed(localFailure)) throw new CollectiveException(Call.within(call(), operation), failures(localFailure), localFailure);
    }

    /**
     * {@link #agreeOnArguments} and then {@link #requireSame}, in one allreduce when every rank passed its
     * checks and the same values: each rank gives its local failure (or null) and a digest of the values that
     * must be equal everywhere ({@link Fingerprint#of(String...)} of them). Only when some rank failed or the
     * digests differ do the ranks exchange their failures, then the values themselves ({@code whatValue},
     * asked for only then, names and values alternating), so the error is the one those two calls throw.
     */
    default void agreeOnArgumentsAndSame(String operation, RuntimeException localFailure, long digest, java.util.function.Supplier<String[]> whatValue) {
        if (size() > 1) {
            long[] mine = {localFailure == null ? 0 : 1, digest, digest == Long.MIN_VALUE ? Long.MAX_VALUE : -digest}, all = new long[3];
            allreduce(mine, all, 3, Op.MAX);
            // the maximum of the digests and of their negations name the same digest only when all are equal
            if (all[0] == 0 && all[1] == (all[2] == Long.MAX_VALUE ? Long.MIN_VALUE : -all[2])) return;
        } else if (localFailure == null) {
            return; // a rank alone agrees with itself
        }
        agreeOnArguments(operation, localFailure);
        requireSame(operation, whatValue.get());
    }

    /** One allreduce: whether any rank failed. */
    private boolean anyFailed(Throwable localFailure) {
        if (size() == 1) return localFailure != null; // a rank alone agrees with itself
        int[] mine = {localFailure == null ? 0 : 1}, any = new int[1];
        allreduce(mine, any, 1, Op.MAX);
        return any[0] != 0;
    }

    /** Every rank's failure record, exchanged only once some rank is known to have failed. */
    private List<RankFailure> failures(Throwable localFailure) {
        byte[][] all = allgatherBytes(localFailure == null ? new byte[0] : RankFailure.of(rank(), localFailure).encode());
        List<RankFailure> out = new ArrayList<>();
        for (int r = 0; r < all.length; r++) if (all[r].length > 0) out.add(RankFailure.decode(r, all[r], 0, all[r].length));
        return out;
    }

    /** Checks that every rank passed the same value where MPI requires it; names the ranks that differ. */
    default void requireSame(String operation, String what, String value) { requireSame(operation, new String[] {what, value}); }

    /**
     * {@link #requireSame(String, String, String)} for several values at once, in one exchange:
     * {@code whatValue} alternates names and values. Every difference is named: which value, which rank, both
     * values (for a map such as the hints, pass each key as its own name so the keys that differ are named).
     */
    default void requireSame(String operation, String... whatValue) {
        if (whatValue.length % 2 != 0) throw new IllegalArgumentException("requireSame: names and values must alternate");
        StringBuilder b = new StringBuilder();
        for (int i = 1; i < whatValue.length; i += 2) b.append(whatValue[i].replace('\0', ' ')).append('\0');
        byte[][] all = allgatherBytes(b.toString().getBytes(StandardCharsets.UTF_8));
        String[] first = new String(all[0], StandardCharsets.UTF_8).split("\0", -1);
        List<RankFailure> diff = new ArrayList<>();
        for (int r = 1; r < all.length; r++) {
            String[] v = new String(all[r], StandardCharsets.UTF_8).split("\0", -1);
            for (int k = 0; k < whatValue.length / 2; k++) {
                String what = whatValue[2 * k], mine = k < v.length ? v[k] : "", root = k < first.length ? first[k] : "";
                if (!mine.equals(root))
                    diff.add(new RankFailure(r, "mismatch", what + " must be equal on all ranks: rank=" + r + " " + what + "=" + mine
                            + " but rank=0 " + what + "=" + root, false));
            }
        }
        if (!diff.isEmpty()) throw new CollectiveException(Call.within(call(), operation), diff, null);
    }

    /**
     * The world communicator of this process: {@link MpiComm#world()} when the JVM was started by an MPI
     * launcher (mpirun/mpiexec/srun leave OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_RANK or MPI_LOCALNRANKS in
     * the environment), otherwise a one-rank {@link SelfComm}. Under a launcher a missing MPI bridge is an
     * error naming what is missing, never a silent single rank.
     */
    static Comm world() {
        return MpiLaunch.detect(System.getenv()).isPresent() ? org.jpio.comm.mpi.MpiComm.world() : org.jpio.comm.local.SelfComm.create();
    }

    /** Type of a buffer argument; IllegalArgumentException when it is not a primitive array. */
    static ElementType typeOf(Object buf) { return ElementType.of(buf); }
}
