package org.jpio.comm.local;

import org.jpio.comm.CollectiveException;
import org.jpio.comm.RankFailure;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the ranks of one local communicator share: the rendezvous of its collectives, one mailbox per
 * rank for {@code sendrecv}, and the map from its ranks to the team's (world) ranks.
 */
final class Group {
    final Team team;
    private final int[] worldRanks;
    final Rendezvous rendezvous;
    final Mailbox[] mailboxes;
    private final AtomicInteger closed = new AtomicInteger();
    /** The group's shared counters (Comm.counters): threads share the heap, so they need no communication. */
    final java.util.concurrent.atomic.AtomicLongArray counters = new java.util.concurrent.atomic.AtomicLongArray(LocalComm.COUNTER_SLOTS);

    Group(Team team, int[] worldRanks) {
        this.team = team;
        this.worldRanks = worldRanks.clone();
        this.rendezvous = new Rendezvous(this);
        this.mailboxes = new Mailbox[worldRanks.length];
        for (int r = 0; r < mailboxes.length; r++) mailboxes[r] = new Mailbox(this, worldRanks.length);
        team.register(rendezvous);
        for (Mailbox m : mailboxes) team.register(m);
    }

    int size() { return worldRanks.length; }

    int worldRank(int rank) { return worldRanks[rank]; }

    /** Why a collective over all ranks cannot complete, or null. */
    String broken() { return team.broken(worldRanks); }

    /** Why an exchange with {@code peer} cannot complete, or null. */
    String broken(int peer) { return team.broken(new int[] {worldRanks[peer]}); }

    /** One rank closed its handle; once all have, the team stops tracking this group. */
    void closedBy() {
        if (closed.incrementAndGet() == worldRanks.length) {
            team.unregister(rendezvous);
            for (Mailbox m : mailboxes) team.unregister(m);
        }
    }

    /** What rank {@code rank} of this group is doing, for a report about a rank that did not arrive. */
    String activity(int rank) {
        String w = team.waitingIn(worldRanks[rank]);
        return w != null ? "waits in " + w : "is in no collective (it computes, or is blocked outside jpio)";
    }

    static CollectiveException brokenException(String call, String why) {
        return CollectiveException.ofCall(call, "peer gone", why);
    }

    /**
     * Object.wait on a monitor the caller holds, for at most {@code millis} (0: until notified); an interrupt
     * becomes a CollectiveException naming {@code call} (flag kept).
     */
    static void await(Object monitor, String call, long millis) {
        try {
            monitor.wait(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CollectiveException(call, List.of(RankFailure.ofCall("interrupted", "interrupted while waiting")), e);
        }
    }
}
