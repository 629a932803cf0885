package org.jpio.twophase;

import org.jpio.driver.Extents;

/**
 * The bytes two-phase would move between hosts, estimated from what every rank knows after the extent
 * exchange: each rank's bytes, taken as spread evenly over its extent, that fall in the file domains of
 * aggregators on other hosts (the exchange sends them there on a write and back on a read). Exact for
 * dense extents such as the blocks of coll_perf, whose domains can follow the hosts so that nothing
 * crosses; an estimate for sparse ones. The automatic choice weighs it (docs/BENCHMARKS.md, cost model).
 */
final class HostTraffic {
    private HostTraffic() { }

    static long estimate(Extents all, Plan plan, String[] hostOfRank) {
        long[] b = plan.bounds();
        int[] aggs = plan.aggregators();
        double cross = 0;
        for (int r = 0; r < all.ranks(); r++) {
            if (!all.moves(r)) continue;
            long s = all.start(r), e = all.end(r);
            double density = (double) all.bytes(r) / (e - s);
            for (int a = 0; a < aggs.length; a++) {
                if (hostOfRank[aggs[a]].equals(hostOfRank[r])) continue;
                long lo = Math.max(s, b[a]), hi = Math.min(e, b[a + 1]);
                if (hi > lo) cross += (hi - lo) * density;
            }
        }
        return Math.round(cross);
    }
}
