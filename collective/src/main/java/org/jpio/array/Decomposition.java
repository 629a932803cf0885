package org.jpio.array;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpio.io.ElementType;
import org.jpio.view.Datatype;
import org.jpio.view.Distribution;
import org.jpio.view.Order;

/**
 * Which global indices each rank owns: a global shape over a process grid with a {@link Dist} per
 * dimension, the arithmetic of MPI_Type_create_darray (grid ranks in row-major order). Immutable; every
 * rank can compute every other rank's block, so checks that involve neighbours agree on all ranks
 * without communication.
 */
final class Decomposition {
    private final int[] gsizes, psizes, blocks;
    private final Dist[] dists;

    Decomposition(int[] gsizes, int[] psizes, Dist[] dists) {
        int n = gsizes.length;
        if (n < 1) throw new IllegalArgumentException("global shape must have at least one dimension");
        if (psizes.length != n || dists.length != n)
            throw new IllegalArgumentException("global shape " + Arrays.toString(gsizes) + " has " + n + " dimensions but process grid="
                    + Arrays.toString(psizes) + " and distribution=" + Arrays.toString(dists) + " do not");
        this.gsizes = gsizes.clone();
        this.psizes = psizes.clone();
        this.dists = dists.clone();
        this.blocks = new int[n];
        for (int d = 0; d < n; d++) {
            if (gsizes[d] < 1) throw new IllegalArgumentException("global shape " + Arrays.toString(gsizes) + ": dimension " + d + " must be >= 1");
            if (psizes[d] < 1) throw new IllegalArgumentException("process grid " + Arrays.toString(psizes) + ": dimension " + d + " must be >= 1");
            if (dists[d] == null) throw new IllegalArgumentException("distribution of dimension " + d + " is null");
            blocks[d] = dists[d].blockSize(gsizes[d], psizes[d]);
        }
        // the darray constructor holds MPI's rules (NONE needs one rank, BLOCK must cover): let it judge
        datatype(0, ElementType.BYTE, Order.C);
    }

    int ndims() { return gsizes.length; }
    int[] gsizes() { return gsizes.clone(); }
    int[] psizes() { return psizes.clone(); }
    Dist[] dists() { return dists.clone(); }
    int gsize(int d) { return gsizes[d]; }
    int psize(int d) { return psizes[d]; }
    Dist dist(int d) { return dists[d]; }

    int ranks() {
        int p = 1;
        for (int s : psizes) p *= s;
        return p;
    }

    /** The darray file type of grid rank {@code rank}: its elements in {@code order} of its local block. */
    Datatype datatype(int rank, ElementType type, Order order) {
        Distribution[] kinds = new Distribution[ndims()];
        int[] dargs = new int[ndims()];
        for (int d = 0; d < ndims(); d++) { kinds[d] = dists[d].distribution(); dargs[d] = dists[d].darg(); }
        return Datatype.darray(ranks(), rank, gsizes, kinds, dargs, psizes, order, Datatype.of(type));
    }

    /** Grid coordinates of a rank (row-major, as darray and MPI_Cart_create). */
    int[] coords(int rank) {
        int[] c = new int[ndims()];
        for (int d = ndims() - 1; d >= 0; d--) { c[d] = rank % psizes[d]; rank /= psizes[d]; }
        return c;
    }

    /** The rank at grid coordinates {@code c}, or -1 (MPI_PROC_NULL) outside the grid. */
    int rankAt(int[] c) {
        int r = 0;
        for (int d = 0; d < ndims(); d++) {
            if (c[d] < 0 || c[d] >= psizes[d]) return -1;
            r = r * psizes[d] + c[d];
        }
        return r;
    }

    /**
     * Whether the ranks' blocks interleave in a C-order file: some rank owns more than one contiguous run of
     * it. A rank's elements are one run when, past the leading dimensions where it owns a single index, it
     * owns one range of the next dimension and every index of the ones after. Each dimension offers few
     * kinds of coordinate (full blocks, a last partial one, empty ones), so the kinds are checked, not the
     * ranks: the answer costs the sum of the grid's extents, whatever the rank count.
     */
    boolean interleaves() {
        List<List<int[]>> kinds = new ArrayList<>();      // per dimension: distinct {owned count, 1 if one range}
        for (int d = 0; d < ndims(); d++) {
            List<int[]> k = new ArrayList<>();
            for (int c = 0; c < psizes[d]; c++) {
                int size = localSize(d, c);
                int[] kind = {size, psizes[d] == 1 || dists[d].distribution() != Distribution.CYCLIC || size <= blocks[d] ? 1 : 0};
                if (k.stream().noneMatch(x -> Arrays.equals(x, kind))) k.add(kind);
            }
            kinds.add(k);
        }
        return severalRuns(kinds, 0, new int[ndims()][]);
    }

    /** Whether some choice of a kind per dimension, from dimension d on, owns elements in more than one run. */
    private boolean severalRuns(List<List<int[]>> kinds, int d, int[][] chosen) {
        if (d == ndims()) {
            for (int[] k : chosen) if (k[0] == 0) return false; // owns nothing
            int k = 0;
            while (k < ndims() && chosen[k][0] == 1) k++;
            if (k == ndims()) return false;                       // one element
            if (chosen[k][1] == 0) return true;                   // several ranges of dimension k
            for (int e = k + 1; e < ndims(); e++) if (chosen[e][0] != gsizes[e]) return true;
            return false;
        }
        for (int[] kind : kinds.get(d)) {
            chosen[d] = kind;
            if (severalRuns(kinds, d + 1, chosen)) return true;
        }
        return false;
    }

    /** Elements of dimension d owned by grid coordinate c. */
    int localSize(int d, int c) {
        int n = gsizes[d], b = blocks[d];
        if (dists[d].distribution() != Distribution.CYCLIC) {
            long start = Math.min(n, (long) c * b);
            return (int) Math.min(b, n - start);
        }
        long round = (long) psizes[d] * b;
        long full = n / round, rest = n % round;
        return (int) (full * b + Math.max(0, Math.min(b, rest - (long) c * b)));
    }

    /** Global index of local index i of dimension d at grid coordinate c. */
    int toGlobal(int d, int c, int i) {
        int b = blocks[d];
        if (dists[d].distribution() != Distribution.CYCLIC) return c * b + i;
        return (int) ((long) (i / b) * psizes[d] * b + (long) c * b + i % b);
    }

    /** Grid coordinate owning global index g of dimension d. */
    int owner(int d, int g) {
        int b = blocks[d];
        return dists[d].distribution() != Distribution.CYCLIC ? g / b : (g / b) % psizes[d];
    }

    /** Local index of global index g of dimension d on its owner. */
    int toLocal(int d, int g) {
        int b = blocks[d];
        if (dists[d].distribution() != Distribution.CYCLIC) return g % b;
        return (int) ((long) g / ((long) psizes[d] * b) * b + g % b);
    }

    @Override public String toString() {
        return "shape=" + Arrays.toString(gsizes) + " grid=" + Arrays.toString(psizes) + " distribution=" + Arrays.toString(dists);
    }
}
