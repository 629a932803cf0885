package org.jpio.view;

import java.util.ArrayList;
import java.util.List;

/** MPI_Dims_create: a balanced Cartesian process grid. */
public final class Dims {
    private Dims() { }

    /**
     * Fills the zero entries of {@code dims} (a copy is returned) so that the product of all entries is
     * {@code nnodes}; nonzero entries are kept. The filled entries are as close to each other as possible
     * (the non-increasing factorization whose largest factor is smallest, then the next, and so on) and
     * appear in non-increasing order, as MPI requires. Errors as MPI: nnodes < 1, negative entries, or
     * fixed entries whose product does not divide nnodes.
     */
    public static int[] create(int nnodes, int[] dims) {
        if (dims == null) throw new IllegalArgumentException("dims_create: dims is null");
        if (nnodes < 1) throw new IllegalArgumentException("dims_create: nnodes=" + nnodes + " must be >= 1");
        int[] out = dims.clone();
        long fixed = 1;
        int free = 0;
        for (int i = 0; i < out.length; i++) {
            if (out[i] < 0) throw new IllegalArgumentException("dims_create: dims[" + i + "]=" + out[i] + " must be >= 0");
            if (out[i] == 0) free++; else fixed *= out[i];
            if (fixed > nnodes) break;
        }
        if (fixed > nnodes || nnodes % fixed != 0)
            throw new IllegalArgumentException("dims_create: nnodes=" + nnodes + " is not a multiple of the fixed dims' product=" + fixed
                    + " dims=" + java.util.Arrays.toString(dims));
        int rest = (int) (nnodes / fixed);
        if (free == 0) {
            if (rest != 1) throw new IllegalArgumentException("dims_create: product of dims=" + fixed + " != nnodes=" + nnodes);
            return out;
        }
        int[] best = balanced(rest, free);
        for (int i = 0, k = 0; i < out.length; i++) if (out[i] == 0) out[i] = best[k++];
        return out;
    }

    /** Non-increasing k-factorization of m, lexicographically smallest (smallest largest factor first). */
    static int[] balanced(int m, int k) {
        List<Integer> divisors = new ArrayList<>();
        for (int d = 1; (long) d * d <= m; d++) {
            if (m % d == 0) { divisors.add(d); if (d != m / d) divisors.add(m / d); }
        }
        divisors.sort(null);
        int[] cur = new int[k];
        // The first factor must be at least the k-th root of m; trying candidates upward, the first
        // complete factorization found has the smallest possible leading factor, and recursion does the rest.
        if (!search(m, k, 0, m, divisors, cur)) throw new IllegalStateException("no factorization of " + m);
        return cur;
    }

    private static boolean search(int m, int k, int pos, int max, List<Integer> divisors, int[] cur) {
        if (pos == k - 1) {
            if (m > max) return false;
            cur[pos] = m;
            return true;
        }
        int left = k - pos;
        for (int d : divisors) {
            if (d > max || d > m) break;
            if (m % d != 0 || pow(d, left) < m) continue;   // d too small to be the largest of the remaining factors
            cur[pos] = d;
            if (search(m / d, k, pos + 1, d, divisors, cur)) return true;
        }
        return false;
    }

    private static long pow(long d, int e) {
        long r = 1;
        for (int i = 0; i < e; i++) { r *= d; if (r > Integer.MAX_VALUE) return r; }
        return r;
    }
}
