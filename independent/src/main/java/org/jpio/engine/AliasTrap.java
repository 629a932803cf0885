package org.jpio.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Whether large reads must be kept clear of the 4K-aliasing trap on this processor, decided once per JVM.
 * The trap: a copy whose destination lies 1-31 bytes above its source modulo 4 KiB runs about 3x slower
 * (each load seems to wait for the store just issued). A Java array starts 16 bytes into its block, so a
 * large read at a page-aligned file offset lands in it, and the native and FFM engines then read through
 * a bounce buffer placed half a page away (two copies, faster than one trapped copy; jpio_core.c).
 *
 * <p>Not every processor has it. On an AMD EPYC a 256 MiB {@code pread} into such a destination ran at 2.2
 * GB/s against 7 GB/s clear; on the Intel Xeon of this project's current test machine (FSRM, the kernel's
 * copy a {@code rep movsb}) every placement reads at the same speed (12.6-13.4 GB/s for 32 MiB,
 * {@code alias_probe}) and the bounce costs 15-25%. So: {@code -Djpio.unalias=on|off} decides, and
 * {@code auto} (the default) keeps reads clear on AMD processors only.
 *
 * <p>From what size a read is worth the bounce differs between AMD processors too, so it is measured
 * ({@link #minBytes}), once per JVM, in the background from the first read that asks: on the EPYC above the trap cost 10-15%
 * below 8 MiB, where the bounce's extra copy cost more; on the EPYC this project ran on from 2026-11-29 a
 * trapped 1 MiB {@code pread} took 506-538 us against 39-50 clear and 80 bounced, and a trapped 1 KiB one
 * 1.1 us against 0.7 bounced.
 */
final class AliasTrap {
    /** Volatile so that a test can take either path on any processor ({@link #override}). */
    private static volatile boolean present = decide(System.getProperty("jpio.unalias", "auto"), vendor());

    private AliasTrap() { }

    /** Whether large reads at aliased placements go through a bounce buffer. */
    static boolean present() {
        return present;
    }

    /** The read size from which, with the trap present, reads go through the bounce buffer; -1 until settled. */
    private static final java.util.concurrent.atomic.AtomicLong MIN_BYTES = new java.util.concurrent.atomic.AtomicLong(Long.getLong("jpio.unalias.min", -1L));
    private static final java.util.concurrent.atomic.AtomicBoolean MEASURING = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * The smallest read, in bytes, that goes through the bounce buffer when its destination is aliased:
     * {@link Long#MAX_VALUE} where the trap is absent, {@code -Djpio.unalias.min=BYTES} where given, else
     * what {@link #calibrate} measures on this machine. The measurement runs once per JVM on a daemon thread
     * of its own, started by the first read below {@link #UNMEASURED} that asks; until it ends reads use
     * {@link #UNMEASURED}, so that no read waits for it (about 25 ms in a fresh JVM, 8 ms warm).
     */
    static long minBytes() {
        if (!present) return Long.MAX_VALUE;
        long m = MIN_BYTES.get();
        if (m >= 0) return m;
        startMeasuring();
        return UNMEASURED;
    }

    /**
     * Whether a read of {@code length} bytes goes through the bounce buffer when its destination is aliased:
     * from {@link #minBytes} on. A read of {@link #UNMEASURED} bytes or more, before the threshold is
     * settled, bounces without starting the measurement, which only smaller reads need.
     */
    static boolean bounces(long length) {
        if (!present) return false;
        long m = MIN_BYTES.get();
        return m >= 0 ? length >= m : length >= UNMEASURED || length >= minBytes();
    }

    private static void startMeasuring() {
        if (!MEASURING.compareAndSet(false, true)) return;
        Thread t = new Thread(() -> MIN_BYTES.compareAndSet(-1, calibrate()), "jpio-alias-probe");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Where nothing was measured (or the measurement failed): the streaming trap only, as on the first EPYC measured. */
    static final long UNMEASURED = 8 << 20;
    /** The sizes the calibration reads, and the threshold each one's trap sets (its quarter: the trap grows with the size). */
    static final int[] PROBED = {4 << 10, 64 << 10, 1 << 20};
    private static final long[] FROM = {1 << 10, 16 << 10, 256 << 10};
    /** A trapped read this many times slower than a clear one loses to the bounce (measured: bounce 1.0-1.6x clear). */
    static final double WORTH = 1.6;

    /** The threshold from the trapped/clear time ratios at {@link #PROBED}'s sizes: the smallest size whose trap outweighs the bounce. */
    static long threshold(double[] trappedOverClear) {
        for (int i = 0; i < PROBED.length; i++) if (trappedOverClear[i] > WORTH) return FROM[i];
        return UNMEASURED;
    }

    /**
     * Reads a private temporary file (0600, deleted on close) from the page cache into a destination 16 bytes
     * into a page (the trap's window, where Java arrays start) and half a page in (clear), best of several
     * reads at each size of {@link #PROBED}: about 5 ms with the trap, once per JVM.
     */
    static long calibrate() {
        try {
            // a new name of this process's own (Files.createTempFile would seed a SecureRandom first: tens of ms),
            // created only if absent and readable by its owner alone
            Path f = Path.of(System.getProperty("java.io.tmpdir"), "jpio-alias-" + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".probe");
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(f, java.util.EnumSet.of(java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.DELETE_ON_CLOSE),
                    java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")))) {
                int max = PROBED[PROBED.length - 1], page = 4096;
                java.nio.ByteBuffer mem = java.nio.ByteBuffer.allocateDirect(max + 3 * page).alignedSlice(page);
                ch.write(mem.duplicate().limit(max), 0);
                double[] ratio = new double[PROBED.length];
                for (int i = 0; i < PROBED.length; i++) {
                    int n = PROBED[i], rounds = Math.max(5, (64 << 10) / n * 5);
                    ratio[i] = best(ch, mem, 16, n, rounds) / best(ch, mem, page / 2, n, rounds);
                }
                if (Boolean.getBoolean("jpio.unalias.report")) System.err.println("jpio: 4K-aliasing trap, trapped/clear time at " + java.util.Arrays.toString(PROBED) + " bytes: " + java.util.Arrays.toString(ratio));
                return threshold(ratio);
            }
        } catch (java.io.IOException | RuntimeException e) {
            return UNMEASURED;
        }
    }

    /** The fastest of {@code rounds} reads of {@code n} bytes at file offset 0 into {@code mem} from byte {@code at}, in ns. */
    private static double best(java.nio.channels.FileChannel ch, java.nio.ByteBuffer mem, int at, int n, int rounds) throws java.io.IOException {
        long best = Long.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            java.nio.ByteBuffer dst = mem.duplicate().position(at).limit(at + n);
            long t0 = System.nanoTime();
            while (dst.hasRemaining()) if (ch.read(dst, dst.position() - at) < 0) throw new java.io.EOFException("alias probe: short file");
            best = Math.min(best, System.nanoTime() - t0);
        }
        return Math.max(1, best);
    }

    /** For tests: forgets the threshold, so that the next {@link #minBytes} starts the measurement again. */
    static void measureAgain() {
        MIN_BYTES.set(-1);
        MEASURING.set(false);
    }

    /** For tests: whether the threshold is settled (measured, given, or overridden). */
    static boolean settled() { return MIN_BYTES.get() >= 0; }

    /** For tests: the threshold from now on (-1: as if not yet measured); returns the previous one. */
    static long overrideMinBytes(long now) {
        MEASURING.set(true); // a test's value is not replaced by a measurement that would start now
        return MIN_BYTES.getAndSet(now);
    }

    /** The decision for a setting (auto, on, off) and a processor vendor ("" when unknown). */
    static boolean decide(String setting, String vendor) {
        return switch (setting) {
            case "on" -> true;
            case "off" -> false;
            case "auto" -> vendor.equals("AuthenticAMD");
            default -> throw new IllegalArgumentException("jpio.unalias=" + setting + ": expected auto, on or off");
        };
    }

    /** The first {@code vendor_id} of /proc/cpuinfo, or "" where there is none (not Linux, or another architecture). */
    static String vendor() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("vendor_id")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("");
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** For tests: takes the given path from now on; returns the previous decision. */
    static boolean override(boolean now) {
        boolean was = present;
        present = now;
        return was;
    }
}
