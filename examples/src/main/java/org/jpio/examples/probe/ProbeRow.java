package org.jpio.examples.probe;

import java.util.Locale;
import org.jpio.examples.bench.Json;

/**
 * One program at one parameter: medians over the timed rounds of its time per byte (or per call), wall
 * clock and user CPU, and of its per-round ratio to its C counterpart's figure (the study's metric; above 1:
 * Java takes longer). Derived rows (a difference of two measured rows) have no rounds of their own.
 */
record ProbeRow(String bench, Point point, double ns, double userNs, double ratio, long errors, int rounds, String unavailable, String failure) {

    boolean ok() { return failure == null && errors == 0; }

    boolean measured() { return unavailable == null && failure == null; }

    /** The study's figure: user CPU or wall clock, per byte or per call. */
    double metric() { return point.userTime() ? userNs : ns; }

    String json() {
        Point p = point;
        String unit = p.perCall() ? "call" : "byte";
        Json j = new Json().put("bench", bench).put("study", p.study()).put("impl", p.impl()).put("lang", p.isC() ? "c" : "java")
                .put("op", p.op()).put("param_name", p.paramName()).put("param", p.param()).put(p.perCall() ? "calls" : "bytes", p.amount());
        if (unavailable != null) return j.put("unavailable", unavailable).toString();
        if (failure != null) return j.put("failed", failure).toString();
        return j.put("metric", p.metric()).put("ns_per_" + unit, ns).put("user_ns_per_" + unit, userNs).put("peer", p.peer())
                .put("ratio_c", ratio).put("errors", errors).put("verified", errors == 0).put("rounds", rounds).toString();
    }

    static String header() {
        return String.format(Locale.ROOT, "%-10s %-10s %9s  %-5s  %-22s %12s %12s  %7s  %s", "study", "param", "", "op", "program",
                "ns/unit", "user ns/unit", "x C", "check");
    }

    String text() {
        Point p = point;
        String head = String.format(Locale.ROOT, "%-10s %-10s %9d  %-5s  %-22s ", p.study(), p.paramName(), p.param(), p.op(), p.impl());
        if (unavailable != null) return head + "unavailable: " + unavailable;
        if (failure != null) return head + "FAILED: " + failure;
        return head + String.format(Locale.ROOT, "%12.3f %12.3f  %7s  %s", ns, userNs, Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2f", ratio) : "",
                rounds == 0 ? "derived" : errors == 0 ? "ok" : errors + " WRONG");
    }
}
