package org.jpio.examples.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpio.examples.bench.Stats;

/**
 * Runs a list of {@link Point}s: every round runs every point once in the listed order (each Java program
 * next to its C counterpart), checks its value (writes: the file read back, untimed), and afterwards
 * reports medians per point and the median of the per-round ratios to the C counterpart of the same round.
 * A point whose program is unavailable or fails is reported so, and the others go on.
 */
final class ProbeBench {
    private final String bench;
    private final int repeat, warmup;
    private final Path dir;

    ProbeBench(String bench, int repeat, int warmup, Path dir) {
        this.bench = bench;
        this.repeat = repeat;
        this.warmup = warmup;
        this.dir = dir;
    }

    List<ProbeRow> run(List<Point> points) throws IOException {
        int n = points.size();
        double[][] ns = new double[n][repeat], user = new double[n][repeat], ratio = new double[n][repeat];
        long[] errors = new long[n];
        String[] failure = new String[n], why = new String[n];
        for (int i = 0; i < n; i++) why[i] = unavailable(points.get(i));
        try (Inputs inputs = new Inputs(dir)) {
            for (int round = 0; round < warmup + repeat; round++) {
                int t = round - warmup;
                for (int i = 0; i < n; i++) {
                    Point p = points.get(i);
                    if (why[i] != null || failure[i] != null) continue;
                    try {
                        Inputs.Input in = inputs.of(p.writes() || p.perCall() ? 1 : p.amount()); // calls read 1 byte of it
                        Files.deleteIfExists(inputs.output());
                        Measure m = p.run().run(in.path(), inputs.output());
                        errors[i] += wrong(p, m, in, inputs.output());
                        if (t < 0) continue;
                        ns[i][t] = m.elapsed() * 1e9 / p.amount();
                        user[i][t] = m.user() * 1e9 / p.amount();
                    } catch (Exception e) {
                        failure[i] = e.getMessage() == null ? e.toString() : e.getMessage();
                    }
                }
                if (t < 0) continue;
                for (int i = 0; i < n; i++) {
                    Point p = points.get(i);
                    ratio[i][t] = Double.NaN;
                    for (int j = 0; j < n; j++)
                        if (p.pairs(points.get(j)) && failure[j] == null && why[j] == null)
                            ratio[i][t] = (p.userTime() ? user[i][t] / user[j][t] : ns[i][t] / ns[j][t]);
                }
            }
        }
        List<ProbeRow> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Point p = points.get(i);
            if (why[i] != null || failure[i] != null) rows.add(new ProbeRow(bench, p, Double.NaN, Double.NaN, Double.NaN, 0, 0, why[i], failure[i]));
            else rows.add(new ProbeRow(bench, p, Stats.median(ns[i]), Stats.median(user[i]), p.isC() ? Double.NaN : Stats.median(ratio[i]),
                    errors[i], repeat, null, null));
        }
        return rows;
    }

    /** 1 when the point's check value (or, for a write, the file it left) is not what it must be, else 0. */
    private static int wrong(Point p, Measure m, Inputs.Input in, Path out) throws IOException {
        long expected = p.expect().value(in);
        if (m.check() != expected) return 1;
        if (!p.writes()) return 0;
        if (!Files.exists(out)) return 1;
        long[] file = Inputs.sizeAndSum(out);
        Files.deleteIfExists(out);
        return file[0] == p.amount() && file[1] == expected ? 0 : 1;
    }

    private static String unavailable(Point p) {
        if (p.isC()) return CProbe.unavailable();
        if (p.impl().contains("jni") || p.impl().contains("native")) return NativeProbe.unavailable();
        return null;
    }
}
