package org.jpio.twophase;

import org.jpio.view.Run;

/**
 * The cycles of two-phase I/O: each aggregator walks its domain in pieces of at most {@code cb_buffer_size}
 * bytes, one per round (ROMIO's ntimes loop). Cycle boundaries are multiples of the cycle unit in absolute
 * file offsets (cb_buffer_size rounded down to whole stripes when a striping unit is set), so every
 * full cycle is one stripe-aligned write; only a domain's first and last cycles may be shorter.
 */
public final class Cycles {
    private final FileDomains domains;
    private final long bufferSize, unit;

    public Cycles(FileDomains domains, long cbBufferSize) {
        if (domains == null || cbBufferSize < 1)
            throw new IllegalArgumentException("cycles: cb_buffer_size=" + cbBufferSize + " must be >= 1");
        this.domains = domains;
        this.bufferSize = cbBufferSize;
        long su = domains.stripingUnit();
        this.unit = su > 0 && cbBufferSize >= su ? cbBufferSize / su * su : cbBufferSize;
    }

    public FileDomains domains() { return domains; }
    public long bufferSize() { return bufferSize; }

    /** Number of cycles of a domain (0 when it is empty). */
    public int cycles(int domain) {
        long s = domains.start(domain), e = domains.end(domain);
        if (s == e) return 0;
        return Math.toIntExact((e + unit - 1) / unit - s / unit);
    }

    /** Rounds of the collective: the most cycles of any domain; every rank loops this many times. */
    public int rounds() {
        int max = 0;
        for (int d = 0; d < domains.count(); d++) max = Math.max(max, cycles(d));
        return max;
    }

    /** The file range of cycle {@code c} of {@code domain}, or null when the domain has fewer cycles. */
    public Run cycle(int domain, int c) {
        if (c < 0 || c >= cycles(domain)) return null;
        long s = domains.start(domain), e = domains.end(domain);
        long first = s / unit + c;
        long lo = Math.max(s, first * unit), hi = Math.min(e, (first + 1) * unit);
        return new Run(lo, hi - lo);
    }
}
