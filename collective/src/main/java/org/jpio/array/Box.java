package org.jpio.array;

import org.jpio.view.Order;

/**
 * A box inside a padded C-order array (a local block with its ghost cells), walked in C or Fortran order:
 * copies any range of the box's elements to or from a contiguous buffer. This is the memory side of a
 * transfer, the job an MPI memory datatype (a subarray of the padded block) would do: the file side is
 * the darray view, whose elements come in the box's order.
 */
final class Box {
    private final int[] lo, shape;
    private final long[] strides;
    private final int fast;
    private final long count;

    /**
     * @param padded the array's shape, C order
     * @param lo     the box's first corner in the array
     * @param shape  the box's extent
     * @param order  walk order: C (last dimension fastest) or FORTRAN (first fastest)
     */
    Box(int[] padded, int[] lo, int[] shape, Order order) {
        int n = padded.length;
        this.lo = lo.clone();
        this.shape = shape.clone();
        this.strides = new long[n];
        long s = 1, c = 1;
        for (int d = n - 1; d >= 0; d--) { strides[d] = s; s *= padded[d]; c *= shape[d]; }
        this.count = c;
        this.fast = order == Order.C ? n - 1 : 0;
    }

    long count() { return count; }

    /**
     * Copies box elements {@code [from, from + n)} (in walk order) between {@code array} and
     * {@code buf[bufIndex..]}: into the buffer when {@code toBuffer}, out of it otherwise. Runs along a
     * contiguous fastest dimension move with one arraycopy each.
     */
    void copy(Object array, long from, int n, Object buf, int bufIndex, boolean toBuffer) {
        runs(from, n, (base, step, done, run) -> {
            if (step == 1) {
                if (toBuffer) System.arraycopy(array, base, buf, bufIndex + done, run);
                else System.arraycopy(buf, bufIndex + done, array, base, run);
            } else {
                for (int k = 0; k < run; k++) {
                    int i = (int) (base + k * step);
                    if (toBuffer) System.arraycopy(array, i, buf, bufIndex + done + k, 1);
                    else System.arraycopy(buf, bufIndex + done + k, array, i, 1);
                }
            }
        });
    }

    /** One stretch of the walk along the fastest dimension: array index of its first element, the index step, elements walked before it, its length. */
    interface RunAction {
        void apply(int base, long step, int done, int run);
    }

    /** Walks box elements {@code [from, from + n)} as runs along the fastest dimension (step 1 in C order). */
    void runs(long from, int n, RunAction action) {
        if (n == 0) return;
        int dims = shape.length;
        int[] at = new int[dims];
        long rest = from;
        for (int k = 0; k < dims; k++) {              // coordinates of `from`, fastest dimension first
            int d = fast == 0 ? k : dims - 1 - k;
            at[d] = (int) (rest % shape[d]);
            rest /= shape[d];
        }
        int done = 0;
        while (done < n) {
            int run = Math.min(n - done, shape[fast] - at[fast]);
            long base = 0;
            for (int d = 0; d < dims; d++) base += (lo[d] + at[d]) * strides[d];
            action.apply((int) base, strides[fast], done, run);
            done += run;
            at[fast] += run;
            for (int k = 0; k < dims - 1 && at[fast == 0 ? k : dims - 1 - k] == shape[fast == 0 ? k : dims - 1 - k]; k++) {
                int d = fast == 0 ? k : dims - 1 - k, next = fast == 0 ? k + 1 : dims - 2 - k;
                at[d] = 0;
                at[next]++;
            }
        }
    }
}
