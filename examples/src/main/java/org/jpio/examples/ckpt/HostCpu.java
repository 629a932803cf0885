package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The busy CPU time of the whole host so far, from the first line of /proc/stat (user, nice, system, irq and
 * softirq; not idle, iowait or steal), in seconds: what every process and kernel thread used, the page
 * cache's writeback threads and the JVM's collector included, which a thread's own CPU time misses.
 */
final class HostCpu {
    /** The kernel's USER_HZ, 100 on every Linux architecture jpio builds for. */
    private static final double TICKS_PER_SECOND = 100;

    private HostCpu() { }

    /** Seconds of busy CPU since boot, all processors; NaN where /proc/stat cannot be read (not Linux). */
    static double busySeconds() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            if (!f[0].equals("cpu") || f.length < 8) return Double.NaN;
            long busy = Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6]) + Long.parseLong(f[7]);
            return busy / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
