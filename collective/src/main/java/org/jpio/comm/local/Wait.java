package org.jpio.comm.local;

import org.jpio.comm.Watchdog;

/**
 * One rank's wait in a collective, or for a message, of a local communicator: while it lasts the team
 * knows what the rank waits in (so a report about a rank that did not arrive can say what that rank does
 * instead), and it may last as long as the watchdog limit of the rank's call. Waiting threads sleep on a
 * monitor: they use no processor time, however long they wait.
 */
final class Wait {
    private final LocalComm who;
    private final long limitMillis;
    private final long start = System.nanoTime();

    Wait(LocalComm who, String op) {
        this.who = who;
        this.limitMillis = Watchdog.millis(who.call());
        who.team().waitingIn(who.worldRank(), who.describe(op));
    }

    /** How long to sleep before checking again, in milliseconds (0: until woken); -1 once the limit has passed. */
    long next() {
        if (limitMillis == 0) return 0;
        long left = limitMillis - waitedMillis();
        return left <= 0 ? -1 : left;
    }

    long waitedMillis() { return (System.nanoTime() - start) / 1_000_000; }

    long limitMillis() { return limitMillis; }

    void end() { who.team().waitingIn(who.worldRank(), null); }
}
