package org.jpio.examples.probe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What one run of a probe took: wall seconds, user CPU seconds (the thread's in Java, the process's in C:
 * both single-threaded programs), and its check value (a sum of bytes, a count of newlines, a count of calls).
 * Java's user time comes from getrusage(RUSAGE_THREAD) through the JNI probe library, as C's from getrusage;
 * where that library is not there, from ThreadMXBean, which Linux HotSpot reads in 10 ms clock ticks
 * ({@link #USER_CLOCK} says which, and the benchmarks print it).
 */
record Measure(double elapsed, double user, long check) {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static final String USER_CLOCK = NativeProbe.unavailable() == null ? "getrusage(RUSAGE_THREAD) through libjpiobench"
            : "ThreadMXBean in 10 ms ticks (libjpiobench unavailable: " + NativeProbe.unavailable() + ")";

    private static long userNanos() {
        return NativeProbe.unavailable() == null ? NativeProbe.threadUserNanos() : THREADS.getCurrentThreadUserTime();
    }

    /** A Java probe: returns its check value. */
    interface Body { long run() throws Exception; }

    /** Runs a Java probe on this thread, timing wall clock and the thread's user CPU. */
    static Measure of(Body body) throws Exception {
        long u0 = userNanos(), t0 = System.nanoTime();
        long check = body.run();
        long t1 = System.nanoTime(), u1 = userNanos();
        return new Measure((t1 - t0) / 1e9, (u1 - u0) / 1e9, check);
    }
}
