package org.jpio.comm.mpi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jpio.comm.Call;
import org.jpio.comm.Watchdog;

/**
 * The watchdog of a process's MPI collectives: a daemon thread that samples the wait slots of the native
 * bridge (watch.h) every {@link #PERIOD_MS} and decides what a long wait means. A collective whose ranks
 * all arrive promptly never meets it: the slots cost a few stores per call and nothing else.
 *
 * <ul>
 * <li>A small collective (at most {@link #SMALL_BYTES} from this rank, so it waits rather than moves data)
 * that has waited {@link #THROTTLE_AFTER_MS} is throttled: the thread naps a tenth of the wait so far
 * ({@link #MIN_NAP_MS} to {@link #MAX_NAP_MS}) after each slice of processor time, so a rank that waits
 * for minutes uses a few percent of a processor instead of all of it (Open MPI's blocking collectives
 * spin), and its call ends at most a tenth later than it could.</li>
 * <li>After {@link #ANNOUNCE_AFTER_MS} the rank tells the other ranks of the communicator, on the side
 * channel (a duplicate of MPI_COMM_WORLD only jpio uses), which call it waits in; a rank that hears it
 * while waiting on the same communicator answers the same way. So every waiting rank knows which ranks
 * arrived, and which wait in a different collective (a mismatch: the job ends at once).</li>
 * <li>A rank that left main (native control.c tells every rank) and is needed by the wait ends the job
 * {@link #GRACE_MS} later.</li>
 * <li>A wait longer than the {@link Watchdog} limit of its call ends the job with a report: which call,
 * which ranks arrived, and for each missing rank what is known of it. The lowest arrived rank reports;
 * the others wait a little longer, in case it cannot.</li>
 * </ul>
 * Ending the job is MPI_Abort with status 1, after the report (one line on stderr, naming this rank). A
 * call whose limit is 0 is never ended by the watchdog, for any of these reasons; its waits are still
 * throttled.
 * Without MPI_THREAD_MULTIPLE this thread makes no MPI call but the abort: waits are still throttled and
 * limited, but which ranks arrived is not known.
 */
final class Watch implements Runnable {
    static final long PERIOD_MS = 100;
    static final long THROTTLE_AFTER_MS = 500;
    static final long ANNOUNCE_AFTER_MS = 1000;
    static final long GRACE_MS = 1000;
    static final long MIN_NAP_MS = 50, MAX_NAP_MS = 200;
    /** Processor time a throttled thread runs between naps; a processor-clock timer fires at the next tick after it. */
    static final long SLICE_MS = 1;
    static final long SMALL_BYTES = 1 << 16;
    /** System property: "false" keeps waiting threads spinning (to compare). */
    static final String THROTTLE_PROPERTY = "jpio.watchdog.throttle";
    /** Side-channel tags; control.c sends LEFT. */
    static final int WAITING = 1, LEFT = 2;
    /** The MPI operations of watch.h's codes. */
    static final String[] OPERATIONS = {"?", "MPI_Barrier", "MPI_Bcast", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoallv",
        "MPI_Alltoallw", "MPI_Allreduce", "MPI_Sendrecv", "MPI_Comm_split", "MPI_Comm_free", "MPI_Win_allocate_shared",
        "MPI_Barrier", "MPI_Win_free", "MPI_Comm_dup"};
    private static final int SENDRECV = 8, ALLTOALLV = 5, ALLTOALLW = 6;

    private static final Map<Long, MpiComm> COMMS = new ConcurrentHashMap<>();
    private static Thread thread;
    private static boolean control;
    private static volatile boolean sideChannel;
    private static String identity = "rank ?";
    private static int worldRank;

    /** One wait of one thread, as long as the sampling sees it. */
    private static final class Tracked {
        final int slot, seq, number, op;
        final long comm, bytes, since;
        boolean seen, throttled, announced;
        long napMs;

        Tracked(long[] s, int i, long now) {
            slot = (int) s[i];
            seq = (int) s[i + 1];
            comm = s[i + 2];
            number = (int) s[i + 3];
            op = (int) s[i + 4];
            bytes = s[i + 5];
            since = now;
        }
    }

    /** What a rank said on the side channel that it waits in. */
    private record Heard(String comm, int number, int op, String call) { }

    private final Map<Long, Tracked> waits = new HashMap<>();
    private final Map<Integer, Heard> heard = new HashMap<>();
    private final Map<Integer, String> left = new HashMap<>();
    private final Map<Integer, Long> leftAt = new HashMap<>();
    private final boolean throttle = !"false".equals(System.getProperty(THROTTLE_PROPERTY));
    private final byte[] buf = new byte[4096];
    private final int[] info = new int[3];
    private long lastPoll;

    private Watch() { }

    /**
     * Creates the side channel, once per process: collective over MPI_COMM_WORLD, so only
     * {@code MpiComm.world()} calls it. This thread uses it only under MPI_THREAD_MULTIPLE; the exit path
     * always.
     */
    static synchronized void openSideChannel(boolean threadMultiple) {
        if (control) return;
        control = MpiNative.controlInit();
        sideChannel = control && threadMultiple;
    }

    /** Starts the thread, once per process (not collective). */
    static synchronized void start() {
        if (thread != null) return;
        long world = MpiNative.world();
        worldRank = MpiNative.rank(world);
        identity = "rank " + worldRank + " of " + MpiNative.size(world) + " (host " + MpiNative.processorName() + ", pid "
                + ProcessHandle.current().pid() + ")";
        thread = new Thread(new Watch(), "jpio-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    static void register(MpiComm c) { COMMS.put(c.fortranHandle(), c); }

    static void unregister(MpiComm c) { COMMS.remove(c.fortranHandle(), c); }

    /** "rank 3 of 4 (host h, pid 123)": how this process names itself in messages. */
    static String identity() { return identity; }

    /** Prints {@code message} and ends the job. */
    static void abort(int status, String message) { MpiNative.abortWorld(status, message); }

    @Override public void run() {
        long[] sample = new long[6 * 64];
        for (;;) {
            try {
                Thread.sleep(PERIOD_MS);
                round(sample, System.nanoTime());
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException | Error e) { // the watchdog must outlive a bad round
                System.err.println("jpio: " + identity + ": watchdog round failed: " + e);
            }
        }
    }

    private void round(long[] sample, long now) {
        int n = MpiNative.waits(sample);
        for (Tracked t : waits.values()) t.seen = false;
        boolean longWait = false;
        for (int k = 0; k < n; k++) {
            int i = 6 * k;
            Tracked t = waits.computeIfAbsent(sample[i] << 32 | (sample[i + 1] & 0xffffffffL), x -> new Tracked(sample, i, now));
            t.seen = true;
            longWait |= millis(now - t.since) >= ANNOUNCE_AFTER_MS;
        }
        for (Iterator<Tracked> it = waits.values().iterator(); it.hasNext(); ) if (!it.next().seen) it.remove();
        if (sideChannel && (longWait || millis(now - lastPoll) >= 1000)) {
            drain(now);
            lastPoll = now;
        }
        for (Tracked t : waits.values()) act(t, now);
    }

    private void drain(long now) {
        while (MpiNative.controlPoll(buf, info)) {
            String msg = new String(buf, 0, info[2], StandardCharsets.UTF_8);
            if (info[1] == LEFT) {
                left.put(info[0], msg);
                leftAt.put(info[0], now);
            } else if (info[1] == WAITING) {
                String[] f = msg.split("\0", -1);
                if (f.length == 4) heard.put(info[0], new Heard(f[0], Integer.parseInt(f[1]), Integer.parseInt(f[2]), f[3]));
            }
        }
    }

    private void act(Tracked t, long now) {
        long waited = millis(now - t.since);
        MpiComm c = COMMS.get(t.comm);
        Call call = c == null ? null : c.call();
        if (throttle && t.bytes <= SMALL_BYTES && waited >= THROTTLE_AFTER_MS) {
            // naps a tenth of the wait so far: the call ends at most 10% later than it could
            long nap = Math.max(MIN_NAP_MS, Math.min(MAX_NAP_MS, waited / 10));
            if (nap != t.napMs) t.throttled = MpiNative.throttle(t.slot, t.seq, nap * 1_000_000, SLICE_MS * 1_000_000);
            t.napMs = nap;
        }
        if (sideChannel && c != null && t.op != SENDRECV && !t.announced && (waited >= ANNOUNCE_AFTER_MS || asked(c))) {
            announce(c, t, call);
            t.announced = true;
        }
        long limit = Watchdog.millis(call);
        if (limit == 0) return; // no watchdog for this call: it never ends the job
        String what = describe(call, t.op, t.number, c);
        if (c != null && t.op != SENDRECV && waited >= ANNOUNCE_AFTER_MS) {
            for (int r = 0; r < c.size(); r++) {
                int w = c.worldRank(r);
                if (w == worldRank) continue;
                Long at = leftAt.get(w);
                // after the grace, and after the waiting ranks have had time to say so, for the report
                if (at != null && millis(now - Math.max(at, t.since + ANNOUNCE_AFTER_MS * 1_000_000)) >= GRACE_MS)
                    end(what + " cannot complete: a rank it needs has left. " + arrivals(c, t));
                Heard h = heard.get(w);
                if (h != null && h.comm.equals(c.id()) && h.number == t.number && h.op != SENDRECV && kind(h.op) != kind(t.op)
                        && (worldRank < w || waited >= ANNOUNCE_AFTER_MS + GRACE_MS)) // one report: the lower rank's
                    end("collective mismatch: the ranks called different collectives as call " + t.number + " on " + c.id() + ": "
                            + whereEach(c, what) + ".");
            }
        }
        if (waited >= limit && (lowestArrived(c, t) || waited >= limit + 3000))
            end(what + " waited " + Watchdog.seconds(waited) + ", past the watchdog limit of " + Watchdog.describe(limit) + ". "
                    + (c == null || t.op == SENDRECV ? "" : arrivals(c, t)));
    }

    /** Whether a rank said it waits on {@code c}, to which this rank, waiting there too, answers at once. */
    private boolean asked(MpiComm c) {
        for (Heard h : heard.values()) if (h.comm.equals(c.id())) return true;
        return false;
    }

    private void announce(MpiComm c, Tracked t, Call call) {
        byte[] msg = (c.id() + '\0' + t.number + '\0' + t.op + '\0' + (call == null ? "" : call.name())).getBytes(StandardCharsets.UTF_8);
        for (int r = 0; r < c.size(); r++) if (c.worldRank(r) != worldRank) MpiNative.controlSend(c.worldRank(r), WAITING, msg);
    }

    /** "ranks 0,2,3 arrived; rank 1 did not: <what is known of it>". */
    private String arrivals(MpiComm c, Tracked t) {
        List<Integer> in = new ArrayList<>(), out = new ArrayList<>();
        for (int r = 0; r < c.size(); r++) (arrived(c.worldRank(r), c, t) ? in : out).add(c.worldRank(r));
        StringBuilder b = new StringBuilder();
        b.append(in.size() == 1 ? "rank " : "ranks ").append(join(in)).append(" arrived");
        if (!sideChannel) b.append(" (which others did is not known: MPI gives no MPI_THREAD_MULTIPLE, so the watchdog cannot ask)");
        for (int w : out) {
            b.append("; rank ").append(w).append(" did not: ");
            Heard h = heard.get(w);
            if (left.containsKey(w)) b.append(left.get(w));
            else if (h != null && h.comm.equals(c.id())) b.append("it waits in ").append(describe(h.call, h.op, h.number, h.comm));
            else if (sideChannel) b.append("no word from it: it waits in no jpio collective of this communicator (it computes, waits outside jpio, or hangs)");
            else b.append("unknown");
        }
        if (!c.id().equals("MPI_COMM_WORLD")) b.append(" (ranks of MPI_COMM_WORLD)");
        return b.toString();
    }

    /** "ranks 0,2 wait in X; rank 1 waits in Y; rank 3: no word from it": where each rank of {@code c} is, as far as known. */
    private String whereEach(MpiComm c, String mine) {
        Map<String, List<Integer>> by = new java.util.LinkedHashMap<>();
        for (int r = 0; r < c.size(); r++) {
            int w = c.worldRank(r);
            Heard h = heard.get(w);
            String where = w == worldRank ? "in " + mine
                    : left.containsKey(w) ? "gone: " + left.get(w)
                    : h != null && h.comm.equals(c.id()) ? "in " + describe(h.call, h.op, h.number, h.comm)
                    : "no word from it yet";
            by.computeIfAbsent(where, k -> new ArrayList<>()).add(w);
        }
        StringBuilder b = new StringBuilder();
        by.forEach((where, ranks) -> b.append(b.length() > 0 ? "; " : "").append(ranks.size() == 1 ? "rank " : "ranks ").append(join(ranks))
                .append(where.startsWith("in ") ? (ranks.size() == 1 ? " waits " : " wait ") : ": ").append(where));
        return b.toString();
    }

    private boolean arrived(int w, MpiComm c, Tracked t) {
        if (w == worldRank) return true;
        Heard h = heard.get(w);
        return h != null && h.comm.equals(c.id()) && h.number == t.number && kind(h.op) == kind(t.op);
    }

    private boolean lowestArrived(MpiComm c, Tracked t) {
        if (c == null) return true;
        for (int r = 0; r < c.size(); r++) if (arrived(c.worldRank(r), c, t)) return c.worldRank(r) == worldRank;
        return true;
    }

    private void end(String why) {
        abort(1, "jpio watchdog: " + identity + " ends the job: " + why);
    }

    private static String describe(Call call, int op, int number, MpiComm c) {
        return describe(call == null ? "" : call.name(), op, number, c == null ? "an unknown communicator" : c.id());
    }

    private static String describe(String call, int op, int number, String comm) {
        String where = operation(op) + ", call " + number + " on " + comm;
        return call.isEmpty() ? where : call + " (" + where + ")";
    }

    static String operation(int op) { return op > 0 && op < OPERATIONS.length ? OPERATIONS[op] : "MPI operation " + op; }

    /** Alltoallv and alltoallw are one collective for matching: ranks may mix them over one exchange. */
    private static int kind(int op) { return op == ALLTOALLW ? ALLTOALLV : op; }

    private static long millis(long nanos) { return nanos / 1_000_000; }

    private static String join(List<Integer> rs) {
        StringBuilder b = new StringBuilder();
        for (int r : rs) b.append(b.length() > 0 ? "," : "").append(r);
        return b.toString();
    }
}
