package org.jpio.comm.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpio.comm.Comm;

/**
 * {@link LocalComm#runAndCollect}: one thread per rank of a fresh world communicator. A rank that fails
 * breaks every wait of the team; a rank that returns breaks the waits that need it. Once the run has
 * failed, a rank that is not in a jpio wait (computing, sleeping) is given {@link #GRACE_MILLIS} to end,
 * then interrupted, then left behind (its thread is a daemon) after the same time again, so the run ends
 * within seconds whatever the other ranks do.
 */
final class Runner {
    /** How long a rank may go on after the run failed, before it is interrupted and then left behind. */
    static final long GRACE_MILLIS = 5_000;

    private Runner() { }

    static <T> List<T> run(int n, LocalComm.RankFunction<T> body) throws Exception {
        if (n < 1) throw new IllegalArgumentException("LocalComm.run: size=" + n + " must be at least 1");
        int[] ranks = new int[n];
        Arrays.setAll(ranks, r -> r);
        Team team = new Team(n);
        Group world = new Group(team, ranks);
        Object[] results = new Object[n];
        Throwable[] failures = new Throwable[n];
        boolean[] late = new boolean[n];
        java.util.concurrent.atomic.AtomicBoolean interrupting = new java.util.concurrent.atomic.AtomicBoolean();
        Thread[] threads = new Thread[n];
        for (int r = 0; r < n; r++) {
            int me = r;
            threads[r] = new Thread(() -> {
                try {
                    Comm c = new LocalComm(world, me);
                    results[me] = body.apply(c);
                    team.depart(me);
                } catch (Throwable t) {
                    failures[me] = t;
                    late[me] = interrupting.get(); // ended by the run's own interrupt: not a cause
                    team.abort(me, t);
                }
            }, "jpio-rank-" + r);
            threads[r].setDaemon(true);
        }
        for (Thread t : threads) t.start();
        List<String> leftBehind;
        try {
            leftBehind = join(threads, team, interrupting);
        } catch (InterruptedException e) {
            team.abort(-1, e);
            for (Thread t : threads) t.interrupt();
            throw e;
        }
        if (leftBehind.isEmpty()) for (java.nio.ByteBuffer b : team.sharedParts) SpareMemory.give(b); // every rank thread has ended
        Throwable first = rootCause(team, failures, late);
        if (first != null) {
            for (int r = 0; r < n; r++)
                if (failures[r] != null && failures[r] != first) first.addSuppressed(failures[r]);
            for (String s : leftBehind) first.addSuppressed(new IllegalStateException(s));
            if (first instanceof Exception e) throw e;
            throw (Error) first;
        }
        @SuppressWarnings("unchecked") List<T> out = (List<T>) Arrays.asList(results);
        return out;
    }

    /**
     * The failure the run ends with: the first, unless it is only a consequence of another rank's (a
     * CollectiveException: a peer left, called another collective, or failed) and some rank failed of its
     * own accord, whose failure then says what went wrong.
     */
    private static Throwable rootCause(Team team, Throwable[] failures, boolean[] late) {
        Throwable first = team.firstFailure();
        if (first == null || !(first instanceof org.jpio.comm.CollectiveException)) return first;
        for (int r = 0; r < failures.length; r++) {
            Throwable f = failures[r];
            if (f != null && !late[r] && !(f instanceof org.jpio.comm.CollectiveException) && !(f instanceof org.jpio.comm.CollectiveIOException)) return f;
        }
        return first;
    }

    /** Waits for every rank; after a failure, for at most twice the grace. Returns what it left behind. */
    private static List<String> join(Thread[] threads, Team team, java.util.concurrent.atomic.AtomicBoolean interrupting) throws InterruptedException {
        long failedAt = 0;
        boolean interrupted = false;
        for (;;) {
            Thread alive = null;
            for (Thread t : threads) if (t.isAlive()) { alive = t; break; }
            if (alive == null) return List.of();
            if (team.firstFailure() != null) {
                long now = System.nanoTime();
                if (failedAt == 0) failedAt = now;
                else if (now - failedAt > GRACE_MILLIS * 1_000_000) {
                    if (interrupted) return stuck(threads);
                    interrupting.set(true);
                    for (Thread t : threads) t.interrupt();
                    interrupted = true;
                    failedAt = now;
                }
            }
            alive.join(100);
        }
    }

    private static List<String> stuck(Thread[] threads) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < threads.length; r++) {
            if (!threads[r].isAlive()) continue;
            StackTraceElement[] at = threads[r].getStackTrace();
            out.add("rank=" + r + " did not end within " + 2 * GRACE_MILLIS / 1000 + " s after the run failed, interrupted or not;"
                    + " its thread " + threads[r].getName() + " (a daemon) is left running" + (at.length > 0 ? " at " + at[0] : ""));
        }
        return out;
    }
}
