package org.jpio.twophase;

import org.jpio.view.Run;

/**
 * The aggregate access range [start, end) split into one file domain per aggregator (ADIOI_Calc_file_domains).
 * Domains are as even as possible; with a striping unit, every inner boundary is a multiple of it and
 * domains get whole stripes (floor or ceil of stripes / aggregators), so no two aggregators ever touch one
 * stripe (lock contention on GPFS/Lustre). With fewer stripes than aggregators some domains are empty.
 * ROMIO instead rounds ceil-sized domains to the nearest stripe; the effect on locks is the same.
 */
public final class FileDomains {
    private final long start, end, stripingUnit;
    private final long[] bounds;        // domain i = [bounds[i], bounds[i+1])

    private FileDomains(long start, long end, long stripingUnit, long[] bounds) {
        this.start = start;
        this.end = end;
        this.stripingUnit = stripingUnit;
        this.bounds = bounds;
    }

    /** The aggregate range of all ranks' ranges (null entries are empty accesses); null if all are empty. */
    public static Run aggregate(Run[] ranges) {
        long lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (Run r : ranges) {
            if (r == null || r.length() == 0) continue;
            lo = Math.min(lo, r.offset());
            hi = Math.max(hi, r.end());
        }
        return lo == Long.MAX_VALUE ? null : new Run(lo, hi - lo);
    }

    /** Splits [start, end) into {@code aggregators} domains; {@code stripingUnit} 0 means no alignment. */
    public static FileDomains split(long start, long end, int aggregators, long stripingUnit) {
        if (start < 0 || end < start || aggregators < 1 || stripingUnit < 0)
            throw new IllegalArgumentException("file domains: start=" + start + " end=" + end + " aggregators=" + aggregators + " striping_unit=" + stripingUnit);
        long[] b = new long[aggregators + 1];
        if (stripingUnit == 0) {
            for (int i = 0; i <= aggregators; i++) b[i] = start + share(end - start, i, aggregators);
        } else {
            long first = start / stripingUnit;
            long stripes = (end + stripingUnit - 1) / stripingUnit - first;
            for (int i = 0; i <= aggregators; i++) {
                long s = first + share(stripes, i, aggregators);
                b[i] = Math.max(start, Math.min(end, s * stripingUnit));
            }
        }
        b[0] = start;
        b[aggregators] = end;
        return new FileDomains(start, end, stripingUnit, b);
    }

    /** floor(total * i / n) without overflow. */
    private static long share(long total, int i, int n) { return (total / n) * i + (total % n) * i / n; }

    public int count() { return bounds.length - 1; }
    public long start() { return start; }
    public long end() { return end; }
    public long stripingUnit() { return stripingUnit; }

    public long start(int domain) { return bounds[domain]; }
    public long end(int domain) { return bounds[domain + 1]; }
    public Run domain(int domain) { return new Run(bounds[domain], bounds[domain + 1] - bounds[domain]); }

    /** The domain holding file byte {@code offset} (ADIOI_Calc_aggregator); -1 outside [start, end). */
    public int domainOf(long offset) {
        if (offset < start || offset >= end) return -1;
        int lo = 0, hi = count() - 1;                     // last domain starting at or before offset: it is not empty
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (bounds[mid] <= offset) lo = mid; else hi = mid - 1;
        }
        return lo;
    }
}
