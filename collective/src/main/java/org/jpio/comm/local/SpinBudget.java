package org.jpio.comm.local;

/**
 * How long a rank waiting at a {@link Rendezvous} stays awake before it sleeps, learnt from its own recent
 * waits: about twice what they took, so that a wait like the last ones ends while the rank is still
 * awake, between {@link #MIN_NANOS} and a maximum; a wait longer than the maximum (the other ranks are
 * computing, or the machine is oversubscribed) brings it back towards the minimum. Each new wait moves
 * the budget half way to its target, so one odd wait does not decide the next.
 */
final class SpinBudget {
    /** The shortest budget: a small collective of threads that arrive together ends within it. */
    static final long MIN_NANOS = 20_000;

    private SpinBudget() {}

    /**
     * The budget after a wait of {@code waitedNanos} (from arrival to release, sleeping included) with
     * budget {@code budget}; {@code maxNanos} is the longest budget allowed (below {@link #MIN_NANOS}: that).
     */
    static long next(long budget, long waitedNanos, long maxNanos) {
        long max = Math.max(MIN_NANOS, maxNanos);
        long target = waitedNanos > max ? MIN_NANOS : Math.min(max, Math.max(MIN_NANOS, 2 * waitedNanos));
        return (budget + target) / 2;
    }
}
