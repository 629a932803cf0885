package org.jpio.comm.local;

/**
 * The one synchronisation point of a local communicator's collectives: every rank deposits one object
 * and, once all have, each gets the same array of all deposits (an all-gather of references), which a
 * fast rank already depositing for the next collective cannot disturb while a slow rank still reads it.
 * Which ranks have arrived is known here, which is what a watchdog report names.
 *
 * <p>Arrival takes no lock: each rank writes its deposit into the slot array of the current generation's
 * parity and counts itself in; the last one resets the count and publishes the next generation (a
 * volatile write after the slots), which is what the others wait for. Two slot arrays alternate, so no
 * snapshot is copied: a rank reads generation g's array until it deposits for g + 1, and g's array is
 * written again only at g + 2, which needs every rank's deposit for g + 1. Only a rank that sleeps takes
 * the monitor; the last arrival takes it only when someone sleeps (a Dekker pair on {@code sleepers} and
 * the generation: each side writes its own before it reads the other's). A barrier of two in-JVM ranks took
 * 0.9 us with the monitor taken by every arrival (and the array copied), 0.5 us now; a bare spin barrier
 * of two threads, 0.27 us, is the floor here.
 *
 * <p>A rank that is not the last to arrive first waits awake, then sleeps on the monitor: parking a thread
 * and waking it costs two context switches, and on this kind of virtual machine, where an idle processor
 * halts and is woken through the host, 50-100 us. It spins on the processor for about a thousand pauses,
 * then yields it between looks ({@code Thread.yield}, MPI's "yield when idle"), so that a late rank waiting
 * for a processor (more ranks than processors, or other work on them) can run. How long it stays awake
 * adapts per rank ({@link SpinBudget}): about twice its recent waits, between 20 us and
 * {@link #SPIN_NANOS} (500 us). A wait that ends within that is the common one in a collective call: the
 * ranks of a 1 MiB {@code writeAtAll} take the file's lock in turn, so the first waits one write (40-50 us)
 * for the second at the outcome agreement; with a fixed 20 us it slept and the call took 135-180 us on 2
 * ranks instead of 75-90. A rank whose waits are long (another rank computing) stays at 20 us. A version
 * that halved the wait after each wait that ended in sleep locked itself into sleeping, since a rank woken
 * late arrives late at the next collective; here a late wake-up lengthens the other rank's wait, which
 * raises its budget.
 */
final class Rendezvous {
    private final Group group;
    /** The slots of the even and the odd generations. */
    private final Object[][] slots;
    /** The generation each rank last deposited for, plus one (read for a watchdog report only). */
    private final long[] arrivedFor;
    private final java.util.concurrent.atomic.AtomicInteger arrived = new java.util.concurrent.atomic.AtomicInteger();
    /** Ranks asleep in {@link #await} (or about to be): the last arrival wakes them. */
    private final java.util.concurrent.atomic.AtomicInteger sleepers = new java.util.concurrent.atomic.AtomicInteger();
    /** Volatile: its increment publishes the slots of the generation it ends, written just before. */
    private volatile long generation;
    private final boolean spins;
    /** More ranks than processors: a waiting rank yields its processor while it spins, so the late ones can run. */
    private final boolean yields;
    /** Each rank's current spin budget in nanoseconds, written by that rank only. */
    private final long[] spinNanos;

    Rendezvous(Group group) {
        this.group = group;
        this.slots = new Object[2][group.size()];
        this.arrivedFor = new long[group.size()];
        this.spins = group.size() > 1 && SPIN_NANOS > 0;
        this.yields = group.size() > Runtime.getRuntime().availableProcessors();
        this.spinNanos = new long[group.size()];
        java.util.Arrays.fill(spinNanos, SpinBudget.MIN_NANOS);
    }

    /** The longest a rank spins before it sleeps (system property {@code jpio.local.spin.nanos}, 0: never). */
    static final long SPIN_NANOS = Long.getLong("jpio.local.spin.nanos", 500_000);

    Object[] exchange(LocalComm who, Object mine, String op) {
        String why = group.broken();
        if (why != null) throw Group.brokenException(who.name(op), why);
        int rank = who.rank();
        long gen = generation; // this rank's own last exchange ended the one before: gen is the current one
        Object[] buf = slots[(int) (gen & 1)];
        buf[rank] = mine;
        arrivedFor[rank] = gen + 1;
        if (arrived.incrementAndGet() == buf.length) {
            arrived.set(0); // before the generation moves: nobody counts itself in for gen + 1 before then
            generation = gen + 1;
            if (sleepers.get() > 0) {
                synchronized (this) {
                    notifyAll();
                }
            }
            return buf;
        }
        if (!spins) {
            synchronized (this) {
                return await(who, op, gen, buf);
            }
        }
        long start = System.nanoTime(), until = start + spinNanos[rank];
        try {
            for (int i = 1; ; i++) {
                if (generation != gen) return buf;
                if (yields || i > 1024) { // a peer not here after a thousand pauses may be waiting for this processor
                    Thread.yield();
                    if (System.nanoTime() > until) break;
                } else {
                    Thread.onSpinWait();
                    if ((i & 63) == 0 && System.nanoTime() > until) break;
                }
            }
            synchronized (this) {
                return await(who, op, gen, buf);
            }
        } finally {
            spinNanos[rank] = SpinBudget.next(spinNanos[rank], System.nanoTime() - start, SPIN_NANOS);
        }
    }

    /** Waits that went to sleep, all ranks (read by tests; written under the monitor). */
    private long sleeps;

    synchronized long sleeps() {
        return sleeps;
    }

    /**
     * The second rendezvous of a collective whose deposits lend arrays: once every rank has arrived here,
     * none reads the first rendezvous's slots any more, so this rank drops its own deposit there (it may
     * hold the rank's arrays, which would otherwise stay reachable until the next collective).
     */
    void exchangeAndRelease(LocalComm who, String op) {
        long gen = generation; // this exchange's; the first rendezvous was gen - 1, in the other array
        exchange(who, null, op);
        slots[(int) ((gen - 1) & 1)][who.rank()] = null; // this rank's next deposit goes there: nobody else writes it
    }

    /** Sleeps until generation {@code gen} completes, the team breaks, or the watchdog limit passes. Holds the lock. */
    private Object[] await(LocalComm who, String op, long gen, Object[] buf) {
        if (generation != gen) return buf;
        sleeps++;
        String why;
        Wait w = new Wait(who, op);
        sleepers.incrementAndGet();
        try {
            while (gen == generation) {
                why = group.broken();
                if (why != null) throw Group.brokenException(who.name(op), why);
                long ms = w.next();
                if (ms < 0) {
                    java.util.List<Integer> in = new java.util.ArrayList<>(), out = new java.util.ArrayList<>();
                    for (int r = 0; r < arrivedFor.length; r++) (arrivedFor[r] == gen + 1 ? in : out).add(r);
                    throw who.watchdog(op, w, in, out);
                }
                Group.await(this, who.name(op), ms);
            }
        } finally {
            sleepers.decrementAndGet();
            w.end();
        }
        return buf;
    }
}
