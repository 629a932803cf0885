package org.jpio.examples.bench;

import java.util.Arrays;

/** Summary statistics of repeated measurements. */
public final class Stats {
    private Stats() { }

    /** The median (mean of the middle two for an even count); NaN when empty. */
    public static double median(double[] values) {
        if (values.length == 0) return Double.NaN;
        double[] v = values.clone();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
