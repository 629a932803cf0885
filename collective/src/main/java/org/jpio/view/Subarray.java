package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/**
 * MPI_Type_create_subarray: the block {@code [starts, starts + subsizes)} of an n-d array of
 * {@code sizes} old types; lb 0 and extent = the whole array, so consecutive tiles are consecutive arrays.
 */
public final class Subarray extends Layout implements Datatype {
    private final int[] sizes, subsizes, starts;
    private final Order order;
    private final Datatype oldType;
    private final Grid grid;

    Subarray(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype oldType) {
        this(validate(sizes.clone(), subsizes.clone(), starts.clone(), order, oldType), subsizes.clone(), starts.clone(), order, oldType, 0);
    }

    private Subarray(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype oldType, int unused) {
        this(sizes, subsizes, starts, order, oldType, grid(sizes, subsizes, starts, order, oldType));
    }

    private Subarray(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype oldType, Grid grid) {
        super(grid.shape);
        this.sizes = sizes;
        this.subsizes = subsizes;
        this.starts = starts;
        this.order = order;
        this.oldType = oldType;
        this.grid = grid;
    }

    private static int[] validate(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype old) {
        if (old == null || order == null) throw bad("subarray", "oldtype and order must not be null");
        int n = sizes.length;
        if (n < 1 || subsizes.length != n || starts.length != n)
            throw bad("subarray", "ndims=" + n + " subsizes.length=" + subsizes.length + " starts.length=" + starts.length + " must be equal and >= 1");
        for (int d = 0; d < n; d++) {
            if (sizes[d] < 1 || subsizes[d] < 1 || subsizes[d] > sizes[d] || starts[d] < 0 || starts[d] > sizes[d] - subsizes[d])
                throw bad("subarray", "dimension " + d + ": size=" + sizes[d] + " subsize=" + subsizes[d] + " start=" + starts[d]
                        + " (need size >= 1, 1 <= subsize <= size, 0 <= start <= size - subsize)");
        }
        return sizes;
    }

    private static Grid grid(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype old) {
        Grid.Axis[] axes = new Grid.Axis[sizes.length];
        long[] s = new long[sizes.length];
        for (int d = 0; d < sizes.length; d++) {
            axes[d] = Grid.interval(starts[d], subsizes[d]);
            s[d] = sizes[d];
        }
        return new Grid("subarray", s, axes, order, Layout.of(old));
    }

    public int[] sizes() { return sizes.clone(); }
    public int[] subsizes() { return subsizes.clone(); }
    public int[] starts() { return starts.clone(); }
    public Order order() { return order; }
    public Datatype oldType() { return oldType; }

    @Override RunCursor raw(long base, long skip) { return grid.cursor(base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "subarray"; }
    @Override List<Object> params() {
        return List.of(Hindexed.list(sizes), Hindexed.list(subsizes), Hindexed.list(starts), order, oldType);
    }
}
