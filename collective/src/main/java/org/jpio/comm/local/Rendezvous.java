package org.jpio.comm.local;

/**
 * The one synchronisation point of a local communicator's collectives: every rank deposits one object
 * and, once all have, each gets the same snapshot of all deposits (an all-gather of references). The
 * snapshot is taken by the last rank to arrive, under the lock, so a fast rank already depositing for the
 * next collective cannot disturb a slow rank still reading this one. Which ranks have arrived is known
 * here, which is what a watchdog report names.
 */
final class Rendezvous {
    private final Group group;
    private final Object[] slots;
    private final boolean[] present;
    private Object[] snapshot;
    private int arrived;
    private long generation;

    Rendezvous(Group group) {
        this.group = group;
        this.slots = new Object[group.size()];
        this.present = new boolean[group.size()];
    }

    synchronized Object[] exchange(LocalComm who, Object mine, String op) {
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
        long gen = generation;
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
