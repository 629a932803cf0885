package org.jpio.examples.bench.bulk;

/**
 * Rank r's block of the global int array of {@code bytes/4} elements: elements {@code [first, first+count)},
 * {@code ceil(n/P)} per rank, the last ones possibly shorter or empty. bulk_baseline.c computes the same.
 */
record Block(long first, int count) {
    static Block of(long bytes, int procs, int rank) {
        long n = bytes / 4, per = (n + procs - 1) / procs;
        long lo = Math.min(n, rank * per), hi = Math.min(n, lo + per);
        if (hi - lo > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("block of rank=" + rank + " has " + (hi - lo) + " ints, more than a Java array holds: use more ranks or a smaller size");
        return new Block(lo, (int) (hi - lo));
    }

    long offset() { return first * 4; }

    /** The value of global element g in the round with {@code salt}: the index, scrambled per round. */
    static int value(long g, int salt) { return (int) g ^ salt; }
}
