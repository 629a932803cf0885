package org.jpio.examples.ckpt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The counters bench ckpt reads to tell a stencil that ran slower on its processor from one that was off it:
 * a thread that computes is seen on a processor, one that sleeps is seen neither on one nor waiting for one
 * (the wait for a last checkpoint after the last step looks like this), with the voluntary switch counted.
 */
class ThreadSchedTest {

    @Test
    void aComputingThreadIsOnAProcessorAndASleepingOneIsNot() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux /proc/thread-self");
        java.lang.management.ThreadMXBean jvm = java.lang.management.ManagementFactory.getThreadMXBean();
        ThreadSched before = ThreadSched.now();
        long c0 = jvm.getCurrentThreadCpuTime(), t0 = System.nanoTime();
        double x = 1;
        while (System.nanoTime() - t0 < 300_000_000L) x = x * 1.0000001 + 1e-9;  // 0.3 s of work: on a processor, or waiting for one on a busy machine
        ThreadSched worked = ThreadSched.now().since(before);
        double wall = (System.nanoTime() - t0) / 1e9, cpu = (jvm.getCurrentThreadCpuTime() - c0) / 1e9;
        assertTrue(x > 0);
        assertEquals(cpu, worked.onCpuSeconds(), 0.02, "on a processor as the JVM counts this thread's CPU time: " + worked);
        assertTrue(worked.elsewhereSeconds(wall) < 0.05, "neither " + worked.elsewhereSeconds(wall) + " s of " + wall + " s of work: " + worked);

        before = ThreadSched.now();
        t0 = System.nanoTime();
        Thread.sleep(300);
        wall = (System.nanoTime() - t0) / 1e9;
        ThreadSched slept = ThreadSched.now().since(before);
        assertTrue(slept.onCpuSeconds() < 0.05, "on a processor while asleep: " + slept);
        assertTrue(slept.elsewhereSeconds(wall) > 0.25, "neither " + slept.elsewhereSeconds(wall) + " s of a 0.3 s sleep: " + slept);
        assertTrue(slept.voluntary() >= 1, "voluntary switches: " + slept);
        assertTrue(slept.stealSeconds() >= 0, "steal: " + slept);
    }

    @Test
    void withoutProcItIsUnknownNotZero() {
        assertTrue(Double.isNaN(ThreadSched.UNKNOWN.onCpuSeconds()) && Double.isNaN(ThreadSched.UNKNOWN.stealSeconds()));
        assertEquals(-1, ThreadSched.UNKNOWN.since(ThreadSched.UNKNOWN).preempted());
    }
}
