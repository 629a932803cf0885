package org.jpio.examples.seq;

import java.util.Locale;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Sizes;

/**
 * One row of one size case: medians of the timed rounds in MiB/s and of the per-round ratios to {@code c-page}
 * of the same round; or why the row did not run or failed. {@code errors} counts passes (warm-up included)
 * whose checksum differed from the pattern's.
 */
record SeqResult(String sizeCase, String row, String description, boolean c, long bytes, double writeMibs, double readMibs,
                 double writeRatio, double readRatio, long errors, int rounds, double resident, String unavailable, String failure) {

    boolean ok() { return failure == null && errors == 0; }

    String json() {
        Json j = new Json().put("bench", "seq").put("case", sizeCase).put("row", row).put("c_peer", c).put("bytes", bytes);
        if (unavailable != null) return j.put("unavailable", unavailable).toString();
        if (failure != null) return j.put("failed", failure).toString();
        j.put("write_mibs", writeMibs).put("read_mibs", readMibs).put("write_ratio_c", writeRatio).put("read_ratio_c", readRatio)
                .put("errors", errors).put("verified", errors == 0).put("stat", "median").put("rounds", rounds);
        if (sizeCase.equals(SeqBench.EVICTED)) j.put("resident_after_drop", resident);
        return j.put("description", description).toString();
    }

    static String header() {
        return String.format(Locale.ROOT, "%-8s %-16s %9s  %11s %11s  %7s %7s  %s", "case", "row", "size", "write MiB/s", "read MiB/s",
                "write/C", "read/C", "verified");
    }

    String text() {
        String head = String.format(Locale.ROOT, "%-8s %-16s %9s  ", sizeCase, row, Sizes.format(bytes));
        if (unavailable != null) return head + "unavailable: " + unavailable;
        if (failure != null) return head + "FAILED: " + failure;
        return head + String.format(Locale.ROOT, "%11.1f %11.1f  %6.2fx %6.2fx  %s%s", writeMibs, readMibs, writeRatio, readRatio,
                errors == 0 ? "ok" : errors + " WRONG", resident > 0.01 ? String.format(Locale.ROOT, " (%.0f%% still cached after a drop)", 100 * resident) : "");
    }
}
