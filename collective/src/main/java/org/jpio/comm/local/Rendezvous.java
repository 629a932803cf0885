package org.jpio.comm.local;

/**
 * The one synchronisation point of a local communicator's collectives: every rank deposits one object
 * and, once all have, each gets the same snapshot of all deposits (an all-gather of references). The
 * snapshot is taken by the last rank to arrive, under the lock, so a fast rank already depositing for the
 * next collective cannot disturb a slow rank still reading this one. Which ranks have arrived is known
 * here, which is what a watchdog report names.
 *
 * <p>A rank that is not the last to arrive first waits awake for up to {@link #SPIN_NANOS} (20 us): a small
 * collective of threads completes in about that time, and parking a thread and waking it costs tens of
 * microseconds (two context switches). It first spins on the processor for about a thousand pauses, then
 * yields it between looks ({@code Thread.yield}, MPI's "yield when idle"), so that a late rank waiting for a
 * processor (more ranks than processors, or other work on them) can run; then it sleeps on the monitor.
 * The wait does not adapt: an earlier version halved it after each wait that ended in sleep, and once
 * parked ranks arrived late because they had been parked, it stayed short and every collective of 2 ranks
 * cost a park and a wake-up (6 us instead of 0.5 on a busy machine here).
 */
final class Rendezvous {
    private final Group group;
    private final Object[] slots;
    private final boolean[] present;
    private Object[] snapshot;
    private int arrived;
    /** Volatile for the spinning ranks: its increment publishes {@link #snapshot}, written just before. */
    private volatile long generation;
    private final boolean spins;
    /** More ranks than processors: a waiting rank yields its processor while it spins, so the late ones can run. */
    private final boolean yields;

    Rendezvous(Group group) {
        this.group = group;
        this.slots = new Object[group.size()];
        this.present = new boolean[group.size()];
        this.spins = group.size() > 1 && SPIN_NANOS > 0;
        this.yields = group.size() > Runtime.getRuntime().availableProcessors();
    }

    /** How long a rank spins before it sleeps (system property {@code jpio.local.spin.nanos}, 0: never). */
    static final long SPIN_NANOS = Long.getLong("jpio.local.spin.nanos", 20_000);

    Object[] exchange(LocalComm who, Object mine, String op) {
        long gen;
        synchronized (this) {
            int rank = who.rank();
            String why = group.broken();
            if (why != null) throw Group.brokenException(who.name(op), why);
            slots[rank] = mine;
            present[rank] = true;
            if (++arrived == slots.length) {
                snapshot = slots.clone();
                java.util.Arrays.fill(slots, null);
                java.util.Arrays.fill(present, false);
                arrived = 0;
                generation++;
                notifyAll();
                return snapshot;
            }
            gen = generation;
        }
        // the snapshot of generation gen + 1 stays until this rank deposits again: the next one needs it too
        if (spins) {
            long until = System.nanoTime() + SPIN_NANOS;
            for (int i = 1; ; i++) {
                if (generation != gen) return snapshot;
                if (yields || i > 1024) { // a peer not here after a thousand pauses may be waiting for this processor
                    Thread.yield();
                    if (System.nanoTime() > until) break;
                } else {
                    Thread.onSpinWait();
                    if ((i & 63) == 0 && System.nanoTime() > until) break;
                }
            }
        }
        synchronized (this) {
            return await(who, op, gen);
        }
    }

    /** Sleeps until generation {@code gen} completes, the team breaks, or the watchdog limit passes. Holds the lock. */
    private Object[] await(LocalComm who, String op, long gen) {
        String why;
        Wait w = new Wait(who, op);
        try {
            while (gen == generation) {
                why = group.broken();
                if (why != null) throw Group.brokenException(who.name(op), why);
                long ms = w.next();
                if (ms < 0) {
                    java.util.List<Integer> in = new java.util.ArrayList<>(), out = new java.util.ArrayList<>();
                    for (int r = 0; r < present.length; r++) (present[r] ? in : out).add(r);
                    throw who.watchdog(op, w, in, out);
                }
                Group.await(this, who.name(op), ms);
            }
        } finally {
            w.end();
        }
        return snapshot;
    }
}
