package org.jpio.twophase;

/**
 * What the pieces of one cycle cover in the aggregator's buffer: the span [first, end) from the lowest
 * to one past the highest byte any rank accesses, and how many distinct bytes of it are accessed. A write
 * must read the span first (read-modify-write) when {@link #hasHoles()}.
 */
public record Coverage(long first, long end, long coveredBytes) {
    public long spanBytes() { return end - first; }

    public boolean isEmpty() { return coveredBytes == 0; }

    /** True when some byte of the span belongs to no rank's access. */
    public boolean hasHoles() { return coveredBytes < end - first; }
}
