package org.jpio.array;

import org.jpio.view.Darray;
import org.jpio.view.Distribution;

/**
 * How one dimension of a {@link DistributedArray} is split over its process-grid dimension, in
 * MPI_Type_create_darray's terms: a {@link Distribution} and its distribution argument (darg).
 *
 * @param distribution BLOCK, CYCLIC or NONE
 * @param darg         block size (BLOCK: elements per rank, CYCLIC: elements per round-robin block), or
 *                     {@link Darray#DFLT_DARG} for MPI's default: ceil(n / p) for BLOCK, 1 for CYCLIC
 */
public record Dist(Distribution distribution, int darg) {
    /** Contiguous blocks of ceil(n / p) elements, as MPI_DISTRIBUTE_BLOCK with the default darg. */
    public static final Dist BLOCK = new Dist(Distribution.BLOCK, Darray.DFLT_DARG);
    /** Round-robin single elements (MPI_DISTRIBUTE_CYCLIC, darg 1). */
    public static final Dist CYCLIC = new Dist(Distribution.CYCLIC, 1);
    /** Not distributed: the process grid has one rank along this dimension. */
    public static final Dist NONE = new Dist(Distribution.NONE, Darray.DFLT_DARG);

    public Dist {
        if (distribution == null) throw new IllegalArgumentException("distribution must not be null");
        if (darg != Darray.DFLT_DARG && darg < 1)
            throw new IllegalArgumentException("darg=" + darg + " must be >= 1 or DFLT_DARG for distribution=" + distribution);
    }

    /** CYCLIC(k): blocks of k elements dealt round-robin over the ranks of the dimension. */
    public static Dist cyclic(int k) { return new Dist(Distribution.CYCLIC, k); }

    /** BLOCK with an explicit block size k (k x ranks must cover the dimension). */
    public static Dist block(int k) { return new Dist(Distribution.BLOCK, k); }

    /** Elements per block of a dimension of {@code n} elements over {@code p} ranks. */
    int blockSize(int n, int p) {
        return switch (distribution) {
            case NONE -> n;
            case BLOCK -> darg == Darray.DFLT_DARG ? (int) ((n + (long) p - 1) / p) : darg;
            case CYCLIC -> darg == Darray.DFLT_DARG ? 1 : darg;
        };
    }

    @Override public String toString() {
        return distribution == Distribution.NONE ? "NONE"
                : darg == Darray.DFLT_DARG ? distribution.name() : distribution.name() + "(" + darg + ")";
    }
}
