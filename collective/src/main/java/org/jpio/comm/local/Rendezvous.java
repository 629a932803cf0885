package org.jpio.comm.local;

/**
 * The one synchronisation point of a local communicator's collectives: every rank deposits one object
 * and, once all have, each gets the same snapshot of all deposits (an all-gather of references). The
 * snapshot is taken by the last rank to arrive, under the lock, so a fast rank already depositing for the
 * next collective cannot disturb a slow rank still reading this one.
 */
final class Rendezvous {
    private final Group group;
    private final Object[] slots;
    private Object[] snapshot;
    private int arrived;
    private long generation;

    Rendezvous(Group group) {
        this.group = group;
        this.slots = new Object[group.size()];
    }

    synchronized Object[] exchange(int rank, Object mine, String op) {
        String why = group.broken();
        if (why != null) throw Group.brokenException(op, why);
        slots[rank] = mine;
        if (++arrived == slots.length) {
            snapshot = slots.clone();
            java.util.Arrays.fill(slots, null);
            arrived = 0;
            generation++;
            notifyAll();
            return snapshot;
        }
        long gen = generation;
        while (gen == generation) {
            why = group.broken();
            if (why != null) throw Group.brokenException(op, why);
            Group.await(this, op);
        }
        return snapshot;
    }
}
