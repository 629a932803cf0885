package org.jpio.view;

/**
 * The selection behind subarray and darray: per dimension an increasing set of global indices
 * ({@link Axis}), their Cartesian product placed at (global linear index) x (old extent), in C or Fortran
 * order, inside an array of extent product(sizes) x old extent with lb 0 (as MPI resizes both types).
 * Type order is increasing file offset, so the cursor enumerates local elements with mixed-radix digits
 * and never stores the selection.
 */
final class Grid {

    /** The local indices of one dimension: {@code count()} of them, mapped increasingly to global indices. */
    interface Axis {
        long count();
        /** Global index of local index j. */
        long global(long j);
        /** How many local indices from j on have consecutive global indices (at least 1). */
        long run(long j);
    }

    /** One interval [start, start + count). */
    static Axis interval(long start, long count) {
        return new Axis() {
            @Override public long count() { return count; }
            @Override public long global(long j) { return start + j; }
            @Override public long run(long j) { return count - j; }
        };
    }

    /** Blocks of k starting at {@code first}, every {@code period} indices, cut at {@code limit}. */
    static Axis cyclic(long first, long k, long period, long limit) {
        // one process in the dimension (period == k): the blocks touch, and the runs must say so, or a
        // CYCLIC darray on a 2x1x1 grid is walked one element at a time instead of a plane at a time
        if (period == k) return interval(first, Math.max(0, limit - first));
        long blocks = first >= limit ? 0 : (limit - first + period - 1) / period;
        long count = blocks == 0 ? 0 : (blocks - 1) * k + Math.min(k, limit - (first + (blocks - 1) * period));
        return new Axis() {
            @Override public long count() { return count; }
            @Override public long global(long j) { return first + (j / k) * period + j % k; }
            @Override public long run(long j) { return Math.min(k - j % k, count - j); }
        };
    }

    private final Axis[] axes;      // slowest dimension first
    private final long[] strides;   // element strides of the global array, same order
    private final long elements;    // selected elements
    final Shape shape;
    private final Layout old;

    Grid(String kind, long[] sizes, Axis[] axesInDimOrder, Order order, Layout old) {
        int n = sizes.length;
        this.old = old;
        axes = new Axis[n];
        strides = new long[n];
        try {
            long stride = 1, sel = 1;
            for (int s = n - 1; s >= 0; s--) {           // s counts from the slowest to the fastest dimension
                int d = order == Order.C ? s : n - 1 - s;
                axes[s] = axesInDimOrder[d];
                strides[s] = stride;
                stride = Math.multiplyExact(stride, sizes[d]);
                sel = Math.multiplyExact(sel, axes[s].count());
            }
            elements = sel;
            shape = shape(stride);
        } catch (ArithmeticException e) {
            throw Layout.bad(kind, "array of " + java.util.Arrays.toString(sizes) + " elements of extent " + old.extent() + " overflows 64-bit byte offsets");
        }
    }

    private Shape shape(long arrayElements) {
        Shape o = old.shape;
        long ext = o.ub() - o.lb();
        long extent = Math.multiplyExact(arrayElements, ext);
        if (elements == 0 || o.size() == 0) return new Shape(0, 0, extent, 0, 0, false, true);
        long first = 0, last = 0;
        for (int s = 0; s < axes.length; s++) {
            first += axes[s].global(0) * strides[s];
            last += axes[s].global(axes[s].count() - 1) * strides[s];
        }
        long size = Math.multiplyExact(elements, o.size());
        boolean mono = o.monotone() && (elements == 1 || o.trueUb() - o.trueLb() <= ext);
        boolean dense = o.dense() && o.lb() == 0 && elements == arrayElements;
        return new Shape(size, 0, extent, first * ext + o.trueLb(), Math.addExact(Math.multiplyExact(last, ext), o.trueUb()), dense, mono);
    }

    RunCursor cursor(long base, long skip) {
        if (skip >= shape.size()) return Cursors.empty();
        int n = axes.length;
        long[] digit = new long[n];
        long e = skip / old.size();
        for (int s = n - 1; s >= 0; s--) {
            digit[s] = e % axes[s].count();
            e /= axes[s].count();
        }
        long firstSkip = skip % old.size();
        return new Cursors.Nested() {
            final long ext = old.extent(), oldLb = old.lb();
            final boolean dense = old.shape.dense();
            long first = firstSkip;
            boolean done;

            @Override boolean step() {
                if (done) return false;
                long linear = 0;
                for (int s = 0; s < n; s++) linear += axes[s].global(digit[s]) * strides[s];
                long at = base + linear * ext;
                if (dense) {
                    // consecutive indices of the fastest dimension form one run; where a dimension is
                    // selected whole from index 0, its rows are adjacent too and the run extends into the
                    // next slower dimension (a BLOCK darray of full rows is one run, not one per row)
                    int lvl = n - 1;
                    long r = axes[lvl].run(digit[lvl]);
                    while (lvl > 0 && digit[lvl] == 0 && axes[lvl].global(0) == 0 && r == strides[lvl - 1] / strides[lvl]) {
                        lvl--;
                        r = axes[lvl].run(digit[lvl]);
                    }
                    off = at + oldLb + first;
                    len = r * strides[lvl] * ext - first;
                    advance(lvl, r);
                } else {
                    descend(old.raw(at, first));
                    advance(n - 1, 1);
                }
                first = 0;
                return true;
            }

            private void advance(int level, long r) {
                digit[level] += r;
                for (int s = level; s >= 0 && digit[s] == axes[s].count(); s--) {
                    digit[s] = 0;
                    if (s == 0) done = true; else digit[s - 1]++;
                }
            }
        };
    }
}
