package org.jpio.comm.local;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jpio.comm.JobAbortedException;

/**
 * The threads of one {@link LocalComm#run}: remembers the first failure and which ranks have left, and
 * wakes every waiting rank when either changes, so that no rank waits for a peer that will never come.
 * It also knows what each rank is waiting in, so that a report about a rank that did not arrive can say
 * what that rank does instead. Ranks here are world ranks.
 */
final class Team {
    private final List<Object> monitors = new CopyOnWriteArrayList<>();
    private final Set<Integer> departed = ConcurrentHashMap.newKeySet();
    private final AtomicReferenceArray<String> waitingIn;
    /** The shared-memory parts the team's ranks allocated, given back to {@link SpareMemory} when the run ends. */
    final List<java.nio.ByteBuffer> sharedParts = new CopyOnWriteArrayList<>();
    private volatile String abortReason;
    private Throwable firstFailure;
    private int firstRank = -1;

    Team(int size) { waitingIn = new AtomicReferenceArray<>(size); }

    /** A monitor (object whose waiters must be woken) of one of this team's communicators. */
    void register(Object monitor) { monitors.add(monitor); }

    void unregister(Object monitor) { monitors.remove(monitor); }

    /** Rank {@code worldRank} failed with {@code t}: every present and future wait of the team breaks. */
    void abort(int worldRank, Throwable t) {
        synchronized (this) {
            if (firstFailure == null) {
                firstFailure = t;
                firstRank = worldRank;
                abortReason = t instanceof JobAbortedException ? t.getMessage() : "rank=" + worldRank + ": " + t.getClass().getSimpleName()
                        + (t.getMessage() == null ? "" : ": " + t.getMessage());
            }
        }
        wakeAll();
    }

    /** Rank {@code worldRank} returned from its body: waits that need it break. */
    void depart(int worldRank) {
        departed.add(worldRank);
        wakeAll();
    }

    synchronized Throwable firstFailure() { return firstFailure; }

    synchronized int firstRank() { return firstRank; }

    /** What rank {@code worldRank} waits in ("close path=/f (allreduce(MAX))"), or null while it waits in none. */
    void waitingIn(int worldRank, String what) { waitingIn.set(worldRank, what); }

    String waitingIn(int worldRank) { return waitingIn.get(worldRank); }

    /**
     * Why a wait that needs the ranks {@code peers} cannot complete, or null while it still can. Checked by
     * waiters after each wake-up.
     */
    String broken(int[] peers) {
        String a = abortReason;
        if (a != null) return a;
        if (departed.isEmpty()) return null;
        for (int p : peers)
            if (departed.contains(p)) return "rank=" + p + " returned from its run body (LocalComm.run, Spmd.run) while its peers wait for it";
        return null;
    }

    private void wakeAll() {
        for (Object m : monitors) {
            synchronized (m) { m.notifyAll(); }
        }
    }
}
