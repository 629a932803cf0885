package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/**
 * MPI_Type_create_darray: the part of an n-d global array of {@code gsizes} that process {@code rank} of
 * a {@code psizes} process grid owns (grid ranks in row-major order, whatever the array order), each
 * dimension distributed BLOCK, CYCLIC(darg) or NONE; lb 0 and extent = the whole array, as in MPI.
 */
public final class Darray extends Layout implements Datatype {
    /** MPI_DISTRIBUTE_DFLT_DARG: BLOCK gets ceil(gsize / psize), CYCLIC gets 1. */
    public static final int DFLT_DARG = -1;

    private final int size, rank;
    private final int[] gsizes;
    private final Distribution[] distribs;
    private final int[] dargs, psizes;
    private final Order order;
    private final Datatype oldType;
    private final Grid grid;

    Darray(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs, int[] psizes, Order order, Datatype oldType) {
        this(size, rank, gsizes.clone(), distribs.clone(), dargs.clone(), psizes.clone(), order, oldType, true);
    }

    private Darray(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs, int[] psizes, Order order, Datatype oldType, boolean copied) {
        this(size, rank, gsizes, distribs, dargs, psizes, order, oldType, grid(size, rank, gsizes, distribs, dargs, psizes, order, oldType));
    }

    private Darray(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs, int[] psizes, Order order, Datatype oldType, Grid grid) {
        super(grid.shape);
        this.size = size;
        this.rank = rank;
        this.gsizes = gsizes;
        this.distribs = distribs;
        this.dargs = dargs;
        this.psizes = psizes;
        this.order = order;
        this.oldType = oldType;
        this.grid = grid;
    }

    private static Grid grid(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs, int[] psizes, Order order, Datatype old) {
        if (old == null || order == null) throw bad("darray", "oldtype and order must not be null");
        int n = gsizes.length;
        if (n < 1 || distribs.length != n || dargs.length != n || psizes.length != n)
            throw bad("darray", "ndims=" + n + " distribs.length=" + distribs.length + " dargs.length=" + dargs.length
                    + " psizes.length=" + psizes.length + " must be equal and >= 1");
        if (size < 1 || rank < 0 || rank >= size) throw bad("darray", "rank=" + rank + " size=" + size + " (need 0 <= rank < size)");
        long procs = 1;
        for (int d = 0; d < n; d++) {
            if (gsizes[d] < 1 || psizes[d] < 1 || distribs[d] == null)
                throw bad("darray", "dimension " + d + ": gsize=" + gsizes[d] + " psize=" + psizes[d] + " distrib=" + distribs[d] + " (need gsize >= 1, psize >= 1)");
            procs *= psizes[d];
            if (procs > size) break;
        }
        if (procs != size) throw bad("darray", "product of psizes=" + java.util.Arrays.toString(psizes) + " != size=" + size);
        Grid.Axis[] axes = new Grid.Axis[n];
        long[] g = new long[n];
        int rest = rank;
        for (int d = n - 1; d >= 0; d--) {                 // process coordinates are row-major in any array order
            int p = psizes[d], c = rest % p;
            rest /= p;
            g[d] = gsizes[d];
            axes[d] = axis(d, gsizes[d], distribs[d], dargs[d], p, c);
        }
        return new Grid("darray", g, axes, order, Layout.of(old));
    }

    private static Grid.Axis axis(int d, int gsize, Distribution dist, int darg, int p, int c) {
        if (darg != DFLT_DARG && darg < 1 && dist != Distribution.NONE)
            throw bad("darray", "dimension " + d + ": darg=" + darg + " must be >= 1 or DFLT_DARG");
        switch (dist) {
            case NONE:
                if (p != 1) throw bad("darray", "dimension " + d + ": distrib=NONE needs psize=1, got psize=" + p);
                return Grid.interval(0, gsize);
            case BLOCK: {
                long b = darg == DFLT_DARG ? (gsize + (long) p - 1) / p : darg;
                if (b * p < gsize)
                    throw bad("darray", "dimension " + d + ": BLOCK darg=" + darg + " x psize=" + p + " < gsize=" + gsize + " leaves elements unowned");
                long start = Math.min(gsize, c * b);
                return Grid.interval(start, Math.min(b, gsize - start));
            }
            default: {
                long k = darg == DFLT_DARG ? 1 : darg;
                return Grid.cyclic(c * k, k, p * k, gsize);
            }
        }
    }

    public int commSize() { return size; }
    public int rank() { return rank; }
    public int[] gsizes() { return gsizes.clone(); }
    public Distribution[] distribs() { return distribs.clone(); }
    public int[] dargs() { return dargs.clone(); }
    public int[] psizes() { return psizes.clone(); }
    public Order order() { return order; }
    public Datatype oldType() { return oldType; }

    @Override RunCursor raw(long base, long skip) { return grid.cursor(base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "darray"; }
    @Override List<Object> params() {
        return List.of(size, rank, Hindexed.list(gsizes), List.of(distribs), Hindexed.list(dargs), Hindexed.list(psizes), order, oldType);
    }
}
