package org.jpio.view;

import java.util.Random;
import org.jpio.io.ElementType;

/** Small random datatypes of every constructor, nested, for property tests against {@link Reference}. */
final class RandomTypes {
    private RandomTypes() { }

    private static final ElementType[] ELEMENTS = {ElementType.BYTE, ElementType.SHORT, ElementType.INT, ElementType.DOUBLE};

    static Datatype type(Random r, int depth) {
        if (depth == 0 || r.nextInt(4) == 0) return Datatype.of(ELEMENTS[r.nextInt(ELEMENTS.length)]);
        Datatype old = type(r, depth - 1);
        switch (r.nextInt(8)) {
            case 0: return Datatype.contiguous(r.nextInt(4), old);
            case 1: return Datatype.vector(r.nextInt(4), r.nextInt(4), r.nextInt(8) - 3, old);
            case 2: return Datatype.hvector(r.nextInt(4), r.nextInt(4), r.nextInt(60) - 20, old);
            case 3: {
                int n = r.nextInt(4);
                int[] bl = new int[n], d = new int[n];
                for (int i = 0; i < n; i++) { bl[i] = r.nextInt(4); d[i] = r.nextInt(9) - 2; }
                return Datatype.indexed(bl, d, old);
            }
            case 4: {
                int n = r.nextInt(4);
                int[] bl = new int[n];
                long[] d = new long[n];
                for (int i = 0; i < n; i++) { bl[i] = r.nextInt(4); d[i] = r.nextInt(80) - 16; }
                return Datatype.hindexed(bl, d, old);
            }
            case 5: return Datatype.resized(r.nextInt(17) - 8, r.nextInt(41), old);
            case 6: {
                int n = 1 + r.nextInt(3);
                int[] sizes = new int[n], sub = new int[n], starts = new int[n];
                for (int i = 0; i < n; i++) {
                    sizes[i] = 1 + r.nextInt(4);
                    sub[i] = 1 + r.nextInt(sizes[i]);
                    starts[i] = r.nextInt(sizes[i] - sub[i] + 1);
                }
                return Datatype.subarray(sizes, sub, starts, r.nextBoolean() ? Order.C : Order.FORTRAN, old);
            }
            default: return darray(r, r.nextInt(6) + 1 > 3 ? 1 : 0, old);
        }
    }

    /** A random darray of {@code old} for a random rank of a random grid (more ranks when {@code big} > 0). */
    static Darray darray(Random r, int big, Datatype old) {
        int n = 1 + r.nextInt(3);
        int[] g = new int[n], p = new int[n], dargs = new int[n];
        Distribution[] dist = new Distribution[n];
        int size = 1;
        for (int d = 0; d < n; d++) {
            g[d] = 1 + r.nextInt(6 + 4 * big);
            dist[d] = Distribution.values()[r.nextInt(3)];
            p[d] = dist[d] == Distribution.NONE ? 1 : 1 + r.nextInt(3);
            size *= p[d];
            if (dist[d] == Distribution.BLOCK) {
                int min = (g[d] + p[d] - 1) / p[d];
                dargs[d] = r.nextBoolean() ? Darray.DFLT_DARG : min + r.nextInt(3);
            } else {
                dargs[d] = r.nextBoolean() ? Darray.DFLT_DARG : 1 + r.nextInt(3);
            }
        }
        return Datatype.darray(size, r.nextInt(size), g, dist, dargs, p, r.nextBoolean() ? Order.C : Order.FORTRAN, old);
    }

    /** The same darray for another rank. */
    static Darray forRank(Darray a, int rank) {
        return Datatype.darray(a.commSize(), rank, a.gsizes(), a.distribs(), a.dargs(), a.psizes(), a.order(), a.oldType());
    }
}
