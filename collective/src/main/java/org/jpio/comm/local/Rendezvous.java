package org.jpio.comm.local;

/**
 * The one synchronisation point of a local communicator's collectives: every rank deposits one object
 * and, once all have, each gets the same snapshot of all deposits (an all-gather of references). The
 * snapshot is taken by the last rank to arrive, under the lock, so a fast rank already depositing for the
 * next collective cannot disturb a slow rank still reading this one. Which ranks have arrived is known
 * here, which is what a watchdog report names.
 *
 * <p>A rank that is not the last to arrive first spins for a few microseconds, when the ranks have a
 * processor each: a small collective of threads completes in about that time, and parking a thread and
 * waking it costs tens of microseconds (two context switches). Then it sleeps on the monitor. The spin
 * adapts, as HotSpot's monitors do: a spin that ended in sleep halves the next one (peers busy computing,
 * or the processors taken by other work), a spin that saw the peers arrive doubles it, up to the limit.
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
    /** The current spin, between {@link #MIN_SPIN} and {@link #SPIN_NANOS}; racy updates are harmless. */
    private long spin = SPIN_NANOS;
    private static final long MIN_SPIN = 500;

    Rendezvous(Group group) {
        this.group = group;
        this.slots = new Object[group.size()];
        this.present = new boolean[group.size()];
        this.spins = group.size() > 1 && group.size() <= Runtime.getRuntime().availableProcessors() && SPIN_NANOS > 0;
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
            long s = spin, until = System.nanoTime() + s;
            for (int i = 1; ; i++) {
                if (generation != gen) {
                    if (s < SPIN_NANOS) spin = Math.min(SPIN_NANOS, 2 * s);
                    return snapshot;
                }
                Thread.onSpinWait();
                if ((i & 63) == 0 && System.nanoTime() > until) break;
            }
            spin = Math.max(MIN_SPIN, s / 2);
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
