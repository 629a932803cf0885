package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What the scheduler did to the calling thread (the rank's, which runs the stencil), from Linux's
 * /proc/thread-self/schedstat (time on a processor, time runnable but waiting for one) and
 * /proc/thread-self/sched (preemptions, voluntary switches, moves to another processor); and the host's
 * steal time from /proc/stat (the hypervisor ran something else on a virtual processor that had work).
 * Together they say whether a loop slower than the stencil alone lost its processor or ran slower on it.
 */
record ThreadSched(double onCpuSeconds, double waitingSeconds, long preempted, long voluntary, long migrations, double stealSeconds) {
    /** Where /proc cannot be read (not Linux): NaN and -1. */
    static final ThreadSched UNKNOWN = new ThreadSched(Double.NaN, Double.NaN, -1, -1, -1, Double.NaN);

    /** The calling thread's counters so far, and the host's steal time since boot. */
    static ThreadSched now() {
        try {
            String[] st = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+");
            long inv = -1, vol = -1, mig = -1;
            for (String l : Files.readAllLines(Path.of("/proc/thread-self/sched"))) {
                String[] kv = l.split(":", 2);
                if (kv.length != 2) continue;
                String k = kv[0].trim(), v = kv[1].trim();
                if (k.equals("nr_involuntary_switches")) inv = Long.parseLong(v);
                else if (k.equals("nr_voluntary_switches")) vol = Long.parseLong(v);
                else if (k.equals("se.nr_migrations")) mig = Long.parseLong(v);
            }
            return new ThreadSched(Long.parseLong(st[0]) / 1e9, Long.parseLong(st[1]) / 1e9, inv, vol, mig, HostCpu.stealSeconds());
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    /** What happened between {@code before} and now (this thread's). */
    ThreadSched since(ThreadSched before) {
        return new ThreadSched(onCpuSeconds - before.onCpuSeconds, waitingSeconds - before.waitingSeconds, minus(preempted, before.preempted),
                minus(voluntary, before.voluntary), minus(migrations, before.migrations), stealSeconds - before.stealSeconds);
    }

    private static long minus(long a, long b) { return a < 0 || b < 0 ? -1 : a - b; }

    /** The rest of {@code wallSeconds}: neither on a processor nor waiting for one (asleep, or time the guest does not see). */
    double elsewhereSeconds(double wallSeconds) { return wallSeconds - onCpuSeconds - waitingSeconds; }

    /** One line on rank 0's thread during a loop of {@code wallSeconds}. */
    String describe(double wallSeconds) {
        return String.format(Locale.ROOT, "rank 0's thread: on a processor %.2f s, waiting for one %.2f s (preempted %d times), neither %.2f s (%d voluntary switches), moved %d times; host steal %.2f s",
                onCpuSeconds, waitingSeconds, preempted, elsewhereSeconds(wallSeconds), voluntary, migrations, stealSeconds);
    }
}
