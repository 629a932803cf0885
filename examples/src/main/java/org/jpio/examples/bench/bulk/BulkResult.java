package org.jpio.examples.bench.bulk;

import java.util.Locale;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Sizes;

/**
 * One printed row: medians of the timed rounds in MiB/s and their ratio to the C baseline of the same mode,
 * rank count and size; or why the row did not run ({@code unavailable}) or failed ({@code failure}).
 * {@code errors} counts wrong elements over every read, warm-up rounds included; {@code writes} says whether
 * the timed writes ended durable (fdatasync) or in the page cache.
 */
public record BulkResult(String row, String description, Mode mode, int ranks, long bytes, double writeMibs, double readMibs,
                         double writeRatio, double readRatio, long errors, int rounds, String cache, String writes,
                         String unavailable, String failure) {

    static BulkResult measured(Row r, Mode mode, int ranks, long bytes, double w, double rd, double wRatio, double rRatio,
                               long errors, int rounds, String cache, String writes) {
        return new BulkResult(r.name(), r.description(), mode, ranks, bytes, w, rd, wRatio, rRatio, errors, rounds, cache, writes, null, null);
    }

    static BulkResult notRun(Row r, Mode mode, int ranks, long bytes, String unavailable, String failure) {
        return new BulkResult(r.name(), r.description(), mode, ranks, bytes, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                0, 0, null, null, unavailable, failure);
    }

    public boolean ok() { return failure == null && errors == 0; }

    public boolean measured() { return unavailable == null && failure == null; }

    public String json() {
        Json j = new Json().put("bench", "bulk").put("row", row).put("mode", mode.label()).put("p", ranks).put("bytes", bytes);
        if (unavailable != null) return j.put("unavailable", unavailable).toString();
        if (failure != null) return j.put("failed", failure).toString();
        return j.put("write_mibs", writeMibs).put("read_mibs", readMibs).put("write_ratio_c", writeRatio).put("read_ratio_c", readRatio)
                .put("errors", errors).put("verified", errors == 0).put("stat", "median").put("rounds", rounds)
                .put("cache", cache).put("writes", writes).put("description", description).toString();
    }

    public static String header() {
        return String.format(Locale.ROOT, "%-8s %2s  %-18s %8s  %11s %11s  %7s %7s  %s",
                "mode", "P", "row", "size", "write MiB/s", "read MiB/s", "write/C", "read/C", "verified");
    }

    public String text() {
        String head = String.format(Locale.ROOT, "%-8s %2d  %-18s %8s  ", mode.label(), ranks, row, Sizes.format(bytes));
        if (unavailable != null) return head + "unavailable: " + unavailable;
        if (failure != null) return head + "FAILED: " + failure;
        return head + String.format(Locale.ROOT, "%11.1f %11.1f  %7s %7s  %s", writeMibs, readMibs, ratio(writeRatio), ratio(readRatio),
                errors == 0 ? "ok" : errors + " WRONG");
    }

    private static String ratio(double r) {
        if (!Double.isFinite(r)) return "n/a";
        return r >= 0.01 ? String.format(Locale.ROOT, "%.2fx", r) : String.format(Locale.ROOT, "%.4fx", r);
    }
}
