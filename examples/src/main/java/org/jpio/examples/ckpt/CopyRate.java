package org.jpio.examples.ckpt;

import java.util.Arrays;
import org.jpio.comm.Comm;

/**
 * The memory speed a staging copy cannot beat: every rank at once copies a 64 MiB array of doubles into
 * another with System.arraycopy (both touched first, as reserved staging is), best of three; the slowest
 * rank's bytes per second. The copy of {@code commitAsync} moves the same bytes, row by row.
 */
final class CopyRate {
    private static final int DOUBLES = 8 << 20;
    /** The bytes each rank copies. */
    static final long BYTES = 8L * DOUBLES;

    private CopyRate() { }

    /** Collective: bytes per second of one rank's copy while every rank copies. */
    static double measure(Comm comm) {
        double[] a = new double[DOUBLES], b = new double[DOUBLES];
        Arrays.fill(a, 1.0);
        Arrays.fill(b, 2.0);
        long best = Long.MAX_VALUE;
        for (int r = 0; r < 3; r++) {
            comm.barrier();
            long t0 = System.nanoTime();
            System.arraycopy(a, 0, b, 0, DOUBLES);
            best = Math.min(best, System.nanoTime() - t0);
        }
        long slowest = comm.allreduce(best, Comm.Op.MAX);
        return 8.0 * DOUBLES / (slowest / 1e9);
    }
}
