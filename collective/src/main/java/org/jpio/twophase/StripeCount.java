package org.jpio.twophase;

/**
 * How many aggregators a striped file gets, as ROMIO's Lustre driver decides (ADIOI_LUSTRE_Get_striping_info):
 * the count follows the stripe count (striping_factor, the devices or servers the stripes rotate over),
 * so every one of them is written by the same number of aggregators. With at least as many aggregators
 * available as stripes, the largest multiple of the stripe count that is available (ROMIO's co_ratio
 * aggregators per stripe target); with fewer, the largest divisor of the stripe count that is available.
 * Domains of whole stripes then never put two aggregators in one stripe. Applies when the program did not
 * set cb_nodes itself.
 */
final class StripeCount {
    private StripeCount() { }

    /** Aggregators to use out of {@code available} for {@code stripes} stripe targets (0: not striped, all of them). */
    static int aggregators(int available, long stripes) {
        if (available < 1) throw new IllegalArgumentException("aggregators: available=" + available + " must be >= 1");
        if (stripes <= 0) return available;
        if (stripes <= available) return (int) (available / stripes * stripes);
        for (int n = available; n > 1; n--) if (stripes % n == 0) return n;
        return 1;
    }

    /** Why the count is what it is, for hints(). */
    static String reason(int available, long stripes, int chosen) {
        String rule = stripes <= available ? "a multiple of" : "a divisor of";
        return chosen + " of " + available + " aggregators: " + rule + " striping_factor=" + stripes + ", as ROMIO's Lustre driver";
    }
}
