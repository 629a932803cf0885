package org.jpio.romio;

/**
 * Which global elements a rank owns under MPI_Type_create_darray with BLOCK (or CYCLIC) and default
 * dargs in every dimension, computed by hand from the HPF rules, in the order of the rank's local array.
 * Used by the tests to fill and check data independently of MPI's own darray code.
 */
record DarrayLayout(int[] gsizes, int[] psizes, boolean fortranOrder, boolean cyclic) {

    /** Process coordinates of {@code rank}: the grid is row-major for both array orders (MPI's rule). */
    int[] coords(int rank) {
        int[] c = new int[psizes.length];
        for (int d = psizes.length - 1; d >= 0; d--) { c[d] = rank % psizes[d]; rank /= psizes[d]; }
        return c;
    }

    private int[] owned(int d, int c) {
        int g = gsizes[d], p = psizes[d];
        if (cyclic) {
            int[] o = new int[(g - c + p - 1) / p];
            for (int i = 0; i < o.length; i++) o[i] = c + i * p;
            return o;
        }
        int b = (g + p - 1) / p;
        int lo = Math.min(g, c * b), hi = Math.min(g, (c + 1) * b);
        int[] o = new int[hi - lo];
        for (int i = 0; i < o.length; i++) o[i] = lo + i;
        return o;
    }

    /** Global linear index (in the array's order) of each element of {@code rank}'s local array, in local order. */
    long[] globalIndices(int rank) {
        int nd = gsizes.length;
        int[] c = coords(rank);
        int[][] own = new int[nd][];
        long local = 1;
        for (int d = 0; d < nd; d++) { own[d] = owned(d, c[d]); local *= own[d].length; }
        long[] out = new long[(int) local];
        int[] idx = new int[nd];
        for (int k = 0; k < out.length; k++) {
            long gi = 0;
            if (fortranOrder) for (int d = nd - 1; d >= 0; d--) gi = gi * gsizes[d] + own[d][idx[d]];
            else for (int d = 0; d < nd; d++) gi = gi * gsizes[d] + own[d][idx[d]];
            out[k] = gi;
            for (int j = 0; j < nd; j++) {
                int d = fortranOrder ? j : nd - 1 - j;
                if (++idx[d] < own[d].length) break;
                idx[d] = 0;
            }
        }
        return out;
    }
}
