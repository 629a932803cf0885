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
    synchronized Message take(int source, String op) {
        while (fromSource[source].isEmpty()) {
            String why = group.broken(source);
            if (why != null) throw Group.brokenException(op, why);
            Group.await(this, op);
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
    synchronized String awaitConsumed(Message m, int owner, String op) {
        while (!m.consumed) {
            String why = group.broken(owner);
            if (why != null) throw Group.brokenException(op, why);
            Group.await(this, op);
        }
        return m.error;
    }
}
