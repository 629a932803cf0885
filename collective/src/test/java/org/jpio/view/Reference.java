package org.jpio.view;

import java.util.ArrayList;
import java.util.List;

/**
 * Naive MPI semantics straight from the standard's definitions, element by element, as the oracle of the
 * tests: the type map as (displacement, size) pairs and the lb/ub including resized markers.
 */
final class Reference {
    private Reference() { }

    /** Appends the type map of {@code t} placed at {@code base}: one {displacement, size} per element. */
    static void typemap(Datatype t, long base, List<long[]> out) {
        if (t instanceof Basic b) {
            out.add(new long[] {base, b.size()});
        } else if (t instanceof Contiguous c) {
            for (int i = 0; i < c.count(); i++) typemap(c.oldType(), base + i * c.oldType().extent(), out);
        } else if (t instanceof Vector v) {
            long e = v.oldType().extent();
            for (int i = 0; i < v.count(); i++)
                for (int j = 0; j < v.blocklength(); j++) typemap(v.oldType(), base + ((long) i * v.stride() + j) * e, out);
        } else if (t instanceof Hvector v) {
            long e = v.oldType().extent();
            for (int i = 0; i < v.count(); i++)
                for (int j = 0; j < v.blocklength(); j++) typemap(v.oldType(), base + i * v.stride() + j * e, out);
        } else if (t instanceof Indexed x) {
            long e = x.oldType().extent();
            for (int i = 0; i < x.blocklengths().length; i++)
                for (int j = 0; j < x.blocklengths()[i]; j++) typemap(x.oldType(), base + ((long) x.displacements()[i] + j) * e, out);
        } else if (t instanceof Hindexed x) {
            long e = x.oldType().extent();
            for (int i = 0; i < x.blocklengths().length; i++)
                for (int j = 0; j < x.blocklengths()[i]; j++) typemap(x.oldType(), base + x.displacements()[i] + j * e, out);
        } else if (t instanceof Resized r) {
            typemap(r.oldType(), base, out);
        } else if (t instanceof Subarray s) {
            int[] sizes = s.sizes();
            for (int[] idx : indices(sizes, s.order())) {
                boolean in = true;
                for (int d = 0; d < sizes.length; d++) in &= idx[d] >= s.starts()[d] && idx[d] < s.starts()[d] + s.subsizes()[d];
                if (in) typemap(s.oldType(), base + linear(idx, sizes, s.order()) * s.oldType().extent(), out);
            }
        } else if (t instanceof Darray a) {
            int[] g = a.gsizes(), p = a.psizes();
            int[] coords = new int[g.length];
            for (int d = g.length - 1, r = a.rank(); d >= 0; d--) { coords[d] = r % p[d]; r /= p[d]; }
            for (int[] idx : indices(g, a.order())) {
                boolean mine = true;
                for (int d = 0; d < g.length; d++) mine &= owner(idx[d], g[d], a.distribs()[d], a.dargs()[d], p[d]) == coords[d];
                if (mine) typemap(a.oldType(), base + linear(idx, g, a.order()) * a.oldType().extent(), out);
            }
        } else {
            throw new AssertionError(t);
        }
    }

    /** Grid coordinate owning global index i of one dimension, from the standard's definitions. */
    static int owner(int i, int gsize, Distribution dist, int darg, int psize) {
        switch (dist) {
            case NONE: return 0;
            case BLOCK: {
                int b = darg == Darray.DFLT_DARG ? (gsize + psize - 1) / psize : darg;
                return i / b;
            }
            default: {
                int k = darg == Darray.DFLT_DARG ? 1 : darg;
                return (i / k) % psize;
            }
        }
    }

    /** {lb, ub} of a type by the standard's marker rules. */
    static long[] bounds(Datatype t) {
        if (t instanceof Basic b) return new long[] {0, b.size()};
        if (t instanceof Resized r) return new long[] {r.newLb(), r.newLb() + r.newExtent()};
        if (t instanceof Subarray s) return new long[] {0, product(s.sizes()) * s.oldType().extent()};
        if (t instanceof Darray a) return new long[] {0, product(a.gsizes()) * a.oldType().extent()};
        Datatype old;
        List<Long> copies = new ArrayList<>();
        if (t instanceof Contiguous c) {
            old = c.oldType();
            for (int i = 0; i < c.count(); i++) copies.add(i * old.extent());
        } else if (t instanceof Vector v) {
            old = v.oldType();
            for (int i = 0; i < v.count(); i++) for (int j = 0; j < v.blocklength(); j++) copies.add(((long) i * v.stride() + j) * old.extent());
        } else if (t instanceof Hvector v) {
            old = v.oldType();
            for (int i = 0; i < v.count(); i++) for (int j = 0; j < v.blocklength(); j++) copies.add(i * v.stride() + j * old.extent());
        } else if (t instanceof Indexed x) {
            old = x.oldType();
            for (int i = 0; i < x.blocklengths().length; i++) for (int j = 0; j < x.blocklengths()[i]; j++) copies.add(((long) x.displacements()[i] + j) * old.extent());
        } else if (t instanceof Hindexed x) {
            old = x.oldType();
            for (int i = 0; i < x.blocklengths().length; i++) for (int j = 0; j < x.blocklengths()[i]; j++) copies.add(x.displacements()[i] + j * old.extent());
        } else {
            throw new AssertionError(t);
        }
        if (copies.isEmpty()) return new long[] {0, 0};
        long[] ob = bounds(old);
        long lb = Long.MAX_VALUE, ub = Long.MIN_VALUE;
        for (long d : copies) { lb = Math.min(lb, d + ob[0]); ub = Math.max(ub, d + ob[1]); }
        return new long[] {lb, ub};
    }

    /** Data bytes of the type map in type order, merged into runs. */
    static List<Run> runs(Datatype t, long base) {
        List<long[]> map = new ArrayList<>();
        typemap(t, base, map);
        List<Run> out = new ArrayList<>();
        for (long[] e : map) {
            if (e[1] == 0) continue;
            if (!out.isEmpty() && out.get(out.size() - 1).end() == e[0]) {
                Run last = out.remove(out.size() - 1);
                out.add(new Run(last.offset(), last.length() + e[1]));
            } else {
                out.add(new Run(e[0], e[1]));
            }
        }
        return out;
    }

    /** Every index of an array of {@code sizes}, in storage order. */
    static List<int[]> indices(int[] sizes, Order order) {
        List<int[]> out = new ArrayList<>();
        int n = sizes.length;
        int[] idx = new int[n];
        long total = product(sizes);
        for (long k = 0; k < total; k++) {
            out.add(idx.clone());
            for (int s = 0; s < n; s++) {
                int d = order == Order.C ? n - 1 - s : s;
                if (++idx[d] < sizes[d]) break;
                idx[d] = 0;
            }
        }
        return out;
    }

    static long linear(int[] idx, int[] sizes, Order order) {
        long l = 0;
        int n = sizes.length;
        for (int s = 0; s < n; s++) {
            int d = order == Order.C ? s : n - 1 - s;
            l = l * sizes[d] + idx[d];
        }
        return l;
    }

    static long product(int[] a) {
        long p = 1;
        for (int x : a) p *= x;
        return p;
    }
}
