package org.jpio.view;

import java.util.Arrays;
import org.jpio.io.ElementType;

/**
 * Datatypes and views as flat {@code long[]}s: what ranks allgather to learn each other's accesses (a view
 * is a few dozen numbers where its offset list could be gigabytes) and what the ROMIO JNI bridge walks to
 * rebuild the same MPI datatype. Prefix order, constructor by constructor, like MPI_Type_get_envelope /
 * get_contents: a kind code, its parameters (arrays as length then elements), then the old type.
 *
 * <pre>
 * 0 BASIC    elementTypeOrdinal
 * 1 CONTIGUOUS count
 * 2 VECTOR   count blocklength stride            3 HVECTOR count blocklength strideBytes
 * 4 INDEXED  n blocklengths[n] displacements[n]  5 HINDEXED n blocklengths[n] byteDisplacements[n]
 * 6 SUBARRAY n sizes[n] subsizes[n] starts[n] order(0 C, 1 FORTRAN)
 * 7 DARRAY   size rank n gsizes[n] distribs[n](0 BLOCK, 1 CYCLIC, 2 NONE) dargs[n] psizes[n] order
 * 8 RESIZED  lb extent
 * view: displacement etypeOrdinal datarepOrdinal filetype...
 * </pre>
 */
public final class TypeCodec {
    private TypeCodec() { }

    public static final int BASIC = 0, CONTIGUOUS = 1, VECTOR = 2, HVECTOR = 3, INDEXED = 4, HINDEXED = 5, SUBARRAY = 6, DARRAY = 7, RESIZED = 8;

    public static long[] encode(Datatype t) {
        Out out = new Out();
        write(t, out);
        return out.toArray();
    }

    public static Datatype decode(long[] code) {
        In in = new In(code);
        Datatype t = read(in);
        if (in.pos != code.length) throw new IllegalArgumentException("type code: " + (code.length - in.pos) + " trailing values at index=" + in.pos);
        return t;
    }

    public static long[] encode(FileView v) {
        Out out = new Out();
        out.add(v.displacement()).add(v.etype().ordinal()).add(v.representation().ordinal());
        write(v.filetype(), out);
        return out.toArray();
    }

    public static FileView decodeView(long[] code) {
        In in = new In(code);
        long disp = in.next();
        ElementType etype = in.pick(ElementType.values());
        DataRep rep = in.pick(DataRep.values());
        Datatype ft = read(in);
        if (in.pos != code.length) throw new IllegalArgumentException("view code: trailing values at index=" + in.pos);
        return new FileView(disp, etype, ft, rep);
    }

    private static void write(Datatype t, Out o) {
        if (t instanceof Basic b) { o.add(BASIC).add(b.type().ordinal()); return; }
        Datatype old;
        if (t instanceof Contiguous c) { o.add(CONTIGUOUS).add(c.count()); old = c.oldType(); }
        else if (t instanceof Vector v) { o.add(VECTOR).add(v.count()).add(v.blocklength()).add(v.stride()); old = v.oldType(); }
        else if (t instanceof Hvector v) { o.add(HVECTOR).add(v.count()).add(v.blocklength()).add(v.stride()); old = v.oldType(); }
        else if (t instanceof Indexed x) { o.add(INDEXED).add(x.blocklengths().length).add(x.blocklengths()).add(x.displacements()); old = x.oldType(); }
        else if (t instanceof Hindexed x) {
            o.add(HINDEXED).add(x.blocklengths().length).add(x.blocklengths());
            for (long d : x.displacements()) o.add(d);
            old = x.oldType();
        } else if (t instanceof Subarray s) {
            o.add(SUBARRAY).add(s.sizes().length).add(s.sizes()).add(s.subsizes()).add(s.starts()).add(s.order().ordinal());
            old = s.oldType();
        } else if (t instanceof Darray a) {
            o.add(DARRAY).add(a.commSize()).add(a.rank()).add(a.gsizes().length).add(a.gsizes());
            for (Distribution d : a.distribs()) o.add(d.ordinal());
            o.add(a.dargs()).add(a.psizes()).add(a.order().ordinal());
            old = a.oldType();
        } else {
            Resized r = (Resized) t;
            o.add(RESIZED).add(r.newLb()).add(r.newExtent());
            old = r.oldType();
        }
        write(old, o);
    }

    private static Datatype read(In in) {
        int kind = in.nextInt();
        switch (kind) {
            case BASIC: return Datatype.of(in.pick(ElementType.values()));
            case CONTIGUOUS: { int c = in.nextInt(); return Datatype.contiguous(c, read(in)); }
            case VECTOR: { int c = in.nextInt(), b = in.nextInt(), s = in.nextInt(); return Datatype.vector(c, b, s, read(in)); }
            case HVECTOR: { int c = in.nextInt(), b = in.nextInt(); long s = in.next(); return Datatype.hvector(c, b, s, read(in)); }
            case INDEXED: { int n = in.count(); int[] b = in.ints(n), d = in.ints(n); return Datatype.indexed(b, d, read(in)); }
            case HINDEXED: {
                int n = in.count();
                int[] b = in.ints(n);
                long[] d = new long[n];
                for (int i = 0; i < n; i++) d[i] = in.next();
                return Datatype.hindexed(b, d, read(in));
            }
            case SUBARRAY: {
                int n = in.count();
                int[] s = in.ints(n), sub = in.ints(n), st = in.ints(n);
                Order order = in.pick(Order.values());
                return Datatype.subarray(s, sub, st, order, read(in));
            }
            case DARRAY: {
                int size = in.nextInt(), rank = in.nextInt(), n = in.count();
                int[] g = in.ints(n);
                Distribution[] dist = new Distribution[n];
                for (int i = 0; i < n; i++) dist[i] = in.pick(Distribution.values());
                int[] dargs = in.ints(n), p = in.ints(n);
                Order order = in.pick(Order.values());
                return Datatype.darray(size, rank, g, dist, dargs, p, order, read(in));
            }
            case RESIZED: { long lb = in.next(), ext = in.next(); return Datatype.resized(lb, ext, read(in)); }
            default: throw new IllegalArgumentException("type code: unknown kind=" + kind + " at index=" + (in.pos - 1));
        }
    }

    private static final class Out {
        long[] a = new long[16];
        int n;
        Out add(long v) {
            if (n == a.length) a = Arrays.copyOf(a, 2 * n);
            a[n++] = v;
            return this;
        }
        Out add(int[] v) {
            for (int x : v) add(x);
            return this;
        }
        long[] toArray() { return Arrays.copyOf(a, n); }
    }

    private static final class In {
        final long[] a;
        int pos;
        In(long[] a) {
            if (a == null) throw new IllegalArgumentException("type code is null");
            this.a = a;
        }
        long next() {
            if (pos >= a.length) throw new IllegalArgumentException("type code: truncated at index=" + pos + " length=" + a.length);
            return a[pos++];
        }
        int nextInt() {
            long v = next();
            if (v != (int) v) throw new IllegalArgumentException("type code: value=" + v + " at index=" + (pos - 1) + " is not an int");
            return (int) v;
        }
        int count() {
            int n = nextInt();
            if (n < 0 || n > a.length - pos) throw new IllegalArgumentException("type code: bad array length=" + n + " at index=" + (pos - 1));
            return n;
        }
        int[] ints(int n) {
            int[] out = new int[n];
            for (int i = 0; i < n; i++) out[i] = nextInt();
            return out;
        }
        <E> E pick(E[] values) {
            int i = nextInt();
            if (i < 0 || i >= values.length) throw new IllegalArgumentException("type code: ordinal=" + i + " at index=" + (pos - 1) + " out of range");
            return values[i];
        }
    }
}
