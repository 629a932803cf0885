package org.jpio.comm.local;

import java.util.ArrayDeque;

/**
 * The messages waiting for one rank of a local communicator, first in first out per source (MPI's
 * ordering for one tag). A sender posts a reference to its own array and waits until the receiver has
 * copied out of it; so nothing is copied twice and the sender's array is free again when it returns.
 */
final class Mailbox {
    /** A posted send: the receiver fills {@code error} (or leaves it null) and sets {@code consumed}. */
    static final class Message {
        final int source;
        final Object buf;
        final int index;
        final int count;
        String error;
        boolean consumed;

        Message(int source, Object buf, int index, int count) {
            this.source = source;
            this.buf = buf;
            this.index = index;
            this.count = count;
        }
    }

    private final Group group;
    private final ArrayDeque<Message>[] fromSource;

    @SuppressWarnings("unchecked")
    Mailbox(Group group, int size) {
        this.group = group;
        this.fromSource = new ArrayDeque[size];
        for (int r = 0; r < size; r++) fromSource[r] = new ArrayDeque<>();
    }

    synchronized void post(Message m) {
        fromSource[m.source].add(m);
        notifyAll();
    }

    /** The oldest message from {@code source}, waiting for it while the source can still send. */
    synchronized Message take(LocalComm who, int source, String op) {
        if (fromSource[source].isEmpty()) {
            Wait w = new Wait(who, op + " from rank=" + source);
            try {
                while (fromSource[source].isEmpty()) await(who, source, op, w);
            } finally {
                w.end();
            }
        }
        return fromSource[source].poll();
    }

    /** The receiver is done with {@code m}; {@code error} (or null) goes back to the sender. */
    synchronized void consumed(Message m, String error) {
        m.error = error;
        m.consumed = true;
        notifyAll();
    }

    /** Sender side: waits until the owner of this mailbox ({@code owner}) has consumed {@code m}. */
    synchronized String awaitConsumed(LocalComm who, Message m, int owner, String op) {
        if (!m.consumed) {
            Wait w = new Wait(who, op + " to rank=" + owner);
            try {
                while (!m.consumed) await(who, owner, op, w);
            } finally {
                w.end();
            }
        }
        return m.error;
    }

    /** One sleep of a wait for {@code peer}, breaking it when the peer is gone or the watchdog limit has passed. */
    private void await(LocalComm who, int peer, String op, Wait w) {
        String why = group.broken(peer);
        if (why != null) throw Group.brokenException(who.name(op), why);
        long ms = w.next();
        if (ms < 0) throw who.watchdog(op, w, java.util.List.of(who.rank()), java.util.List.of(peer));
        Group.await(this, who.name(op), ms);
    }
}
