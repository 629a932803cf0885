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
 */
final class AliasTrap {
    /** Volatile so that a test can take either path on any processor ({@link #override}). */
    private static volatile boolean present = decide(System.getProperty("jpio.unalias", "auto"), vendor());

    private AliasTrap() { }

    /** Whether large reads at aliased placements go through a bounce buffer. */
    static boolean present() {
        return present;
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
