package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The busy CPU time of the whole host so far, from the first line of /proc/stat (user, nice, system, irq and
 * softirq; not idle, iowait or steal), in seconds: what every process and kernel thread used, the page
 * cache's writeback threads and the JVM's collector included, which a thread's own CPU time misses. And the
 * host's steal time: while a virtual processor had work, the hypervisor ran something else.
 */
final class HostCpu {
    /** The kernel's USER_HZ, 100 on every Linux architecture jpio builds for. */
    private static final double TICKS_PER_SECOND = 100;

    private HostCpu() { }

    /** Seconds of busy CPU since boot, all processors; NaN where /proc/stat cannot be read (not Linux). */
    static double busySeconds() {
        long[] f = ticks();
        return f == null ? Double.NaN : (f[0] + f[1] + f[2] + f[5] + f[6]) / TICKS_PER_SECOND;
    }

    /** Seconds of steal since boot, all processors (the 8th field); NaN where unknown. */
    static double stealSeconds() {
        long[] f = ticks();
        return f == null ? Double.NaN : f[7] / TICKS_PER_SECOND;
    }

    /** The first line's first 8 fields (user nice system idle iowait irq softirq steal), or null. */
    private static long[] ticks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            if (!f[0].equals("cpu") || f.length < 9) return null;
            long[] t = new long[8];
            for (int i = 0; i < 8; i++) t[i] = Long.parseLong(f[i + 1]);
            return t;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
