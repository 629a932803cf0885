package org.jpio.array;

import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.view.Distribution;
import org.jpio.view.Order;

/**
 * Ghost-cell exchange of a block-distributed array: dimension by dimension, each rank swaps its edge
 * layers with its two grid neighbours through {@link Comm#sendrecv} (MPI_PROC_NULL at the global
 * boundary). A face spans the whole padded extent of the other dimensions, so the corners filled by
 * earlier dimensions travel on, and a 27-point stencil gets them as a 7-point one gets its faces.
 */
final class Ghosts {
    private Ghosts() { }

    static void exchange(DistributedArray a) {
        int g = a.ghost();
        if (g == 0) return;
        Decomposition dec = a.decomposition();
        for (int d = 0; d < dec.ndims(); d++) {
            if (dec.dist(d).distribution() == Distribution.CYCLIC && dec.psize(d) > 1)
                throw new IllegalArgumentException("exchangeGhosts: dimension " + d + " is " + dec.dist(d)
                        + "; ghost cells have neighbours only in BLOCK or NONE dimensions: " + a);
            for (int c = 0; c < dec.psize(d) && dec.psize(d) > 1; c++)   // every rank checks every block: all fail alike
                if (dec.localSize(d, c) < g)
                    throw new IllegalArgumentException("exchangeGhosts: dimension " + d + " grid coordinate " + c + " owns "
                            + dec.localSize(d, c) + " elements, fewer than ghost width=" + g + ": " + dec);
        }
        for (int d = 0; d < dec.ndims(); d++) if (dec.psize(d) > 1) exchange(a, dec, d, g);
    }

    private static void exchange(DistributedArray a, Decomposition dec, int d, int g) {
        Comm comm = a.comm();
        ElementType type = a.elementType();
        int[] coords = a.gridCoords(), padded = a.allocatedShape();
        int local = a.localShape()[d];
        int[] c = coords.clone();
        c[d] = coords[d] - 1;
        int lower = dec.rankAt(c);
        c[d] = coords[d] + 1;
        int upper = dec.rankAt(c);
        Box sendUp = slab(padded, d, local, g), recvLow = slab(padded, d, 0, g);
        Box sendDown = slab(padded, d, g, g), recvHigh = slab(padded, d, local + g, g);
        int n = (int) sendUp.count();
        Object out = type.newArray(n), in = type.newArray(n);
        Object data = a.data();
        // upward: my top layers become the upper neighbour's low ghosts
        sendUp.copy(data, 0, n, out, 0, true);
        comm.sendrecv(out, 0, upper < 0 ? 0 : n, upper, in, 0, lower < 0 ? 0 : n, lower);
        if (lower >= 0) recvLow.copy(data, 0, n, in, 0, false);
        // downward: my bottom layers become the lower neighbour's high ghosts
        sendDown.copy(data, 0, n, out, 0, true);
        comm.sendrecv(out, 0, lower < 0 ? 0 : n, lower, in, 0, upper < 0 ? 0 : n, upper);
        if (upper >= 0) recvHigh.copy(data, 0, n, in, 0, false);
    }

    /** Layers {@code [from, from + width)} of dimension d across the full padded extent of the others. */
    private static Box slab(int[] padded, int d, int from, int width) {
        int[] lo = new int[padded.length], shape = padded.clone();
        lo[d] = from;
        shape[d] = width;
        return new Box(padded, lo, shape, Order.C);
    }

}
