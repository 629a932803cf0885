package org.jpio.parallel;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.RunCursor;

/**
 * One test body for one JVM (LocalComm) and for mpirun (MpiComm): a fixed matrix of darray
 * decompositions (shapes, distributions, orders, element types, displacements, hints with tiny
 * collective buffers), each written collectively, checked byte for byte against a reference built by
 * rank 0, read back through the same view and through a contiguous split.
 */
public final class CollectiveMatrix {
    private CollectiveMatrix() { }

    record Case(int[] gsizes, Distribution[] dists, int[] dargs, Order order, ElementType type, long disp, String cb, int cbNodes, int cbBuffer) {
        @Override public String toString() {
            return "gsizes=" + java.util.Arrays.toString(gsizes) + " dists=" + java.util.Arrays.toString(dists) + " dargs=" + java.util.Arrays.toString(dargs)
                    + " order=" + order + " type=" + type + " disp=" + disp + " romio_cb=" + cb + " cb_nodes=" + cbNodes + " cb_buffer_size=" + cbBuffer;
        }
    }

    static List<Case> cases() {
        List<Case> cs = new ArrayList<>();
        int[][] shapes = {{7, 5, 3}, {16, 16, 16}, {1, 9}, {13}, {4, 1, 6, 2}};
        Distribution B = Distribution.BLOCK, C = Distribution.CYCLIC, N = Distribution.NONE;
        Distribution[][] dists = {{B, B, B}, {C, B, N}, {B, C}, {C}, {B, N, C, B}};
        ElementType[] types = {ElementType.INT, ElementType.DOUBLE, ElementType.BYTE, ElementType.SHORT, ElementType.LONG};
        String[] cbs = {"enable", "disable", "automatic"};
        int k = 0;
        for (int s = 0; s < shapes.length; s++)
            for (Order o : Order.values())
                for (String cb : cbs) {
                    int[] dargs = new int[shapes[s].length];
                    for (int d = 0; d < dargs.length; d++) dargs[d] = dists[s][d] == C ? 1 + (k + d) % 3 : Darray.DFLT_DARG;
                    cs.add(new Case(shapes[s], dists[s], dargs, o, types[k % types.length], (k * 7L) % 13, cb, 1 + k % 3, k % 2 == 0 ? 64 : 1 << 20));
                    k++;
                }
        return cs;
    }

    /** Runs every case on {@code comm} in {@code dir}; throws AssertionError naming the case on a mismatch. */
    public static int run(Comm comm, Path dir) throws Exception {
        int n = 0;
        for (Case c : cases()) {
            Path file = dir.resolve("matrix-" + n + ".bin");
            one(comm, c, file);
            n++;
        }
        return n;
    }

    private static void one(Comm comm, Case c, Path file) throws Exception {
        int p = comm.size();
        int[] dims = new int[c.gsizes.length];
        for (int i = 0; i < dims.length; i++) dims[i] = c.dists[i] == Distribution.NONE ? 1 : 0;
        if (java.util.Arrays.stream(dims).allMatch(x -> x == 1) && p > 1) throw new IllegalStateException("case needs a distributed dimension");
        int[] psizes = Dims.create(p, dims);
        int esz = c.type.size();
        Datatype ft = Datatype.darray(p, comm.rank(), c.gsizes, c.dists, c.dargs, psizes, c.order, Datatype.of(c.type));
        FileView v = new FileView(c.disp, c.type, ft, DataRep.NATIVE);
        int count = (int) (ft.size() / esz);
        Object mine = c.type.newArray(count);
        int k = 0;
        RunCursor runs = v.runs(0, count);
        while (runs.next())
            for (long off = runs.offset(); off < runs.offset() + runs.length(); off += esz) Array.set(mine, k++, value(c.type, (off - c.disp) / esz));
        Hints hints = Hints.of(Hints.ROMIO_CB_WRITE, c.cb, Hints.ROMIO_CB_READ, c.cb, Hints.CB_NODES, Integer.toString(c.cbNodes), Hints.CB_CONFIG_LIST, "*:*",
                Hints.CB_BUFFER_SIZE, Integer.toString(c.cbBuffer));
        long total = 1;
        for (int g : c.gsizes) total *= g;
        if (comm.rank() == 0) {
            Files.deleteIfExists(file);
            byte[] head = new byte[(int) c.disp];
            java.util.Arrays.fill(head, (byte) 0x5A);
            Files.write(file, head);
        }
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), hints)) {
            f.setView(v);
            f.writeAll(Elements.ofArray(mine, 0, count));
            f.sync();
            AssertionError bad = null;
            if (comm.rank() == 0) {
                ByteBuffer expect = ByteBuffer.allocate((int) (c.disp + total * esz)).order(DataRep.NATIVE.byteOrder());
                for (int i = 0; i < c.disp; i++) expect.put((byte) 0x5A);
                Object all = c.type.newArray((int) total);
                for (int i = 0; i < total; i++) Array.set(all, i, value(c.type, i));
                c.type.put(expect, all, 0, (int) total);
                if (!java.util.Arrays.equals(expect.array(), Files.readAllBytes(file))) bad = new AssertionError("file differs from the reference: " + c);
            }
            comm.agree("reference check", bad); // every rank stops here, none is left waiting in a later collective
            Object back = c.type.newArray(count);
            f.seek(0);
            f.readAll(Elements.ofArray(back, 0, count));
            for (int i = 0; i < count && bad == null; i++)
                if (!Array.get(back, i).equals(Array.get(mine, i))) bad = new AssertionError("rank " + comm.rank() + " element " + i + " read back wrong: " + c);
            comm.agree("read back", bad);
            f.setView(FileView.contiguous(c.disp, c.type, DataRep.NATIVE));
            long lo = total * comm.rank() / p, hi = total * (comm.rank() + 1) / p;
            Object slice = c.type.newArray((int) (hi - lo));
            f.readAtAll(lo, Elements.ofArray(slice, 0, (int) (hi - lo)));
            for (int i = 0; i < hi - lo && bad == null; i++)
                if (!Array.get(slice, i).equals(value(c.type, lo + i))) bad = new AssertionError("rank " + comm.rank() + " contiguous element " + (lo + i) + ": " + c);
            comm.agree("contiguous read", bad);
        }
        comm.barrier();
        if (comm.rank() == 0) Files.deleteIfExists(file);
    }

    static Object value(ElementType t, long i) {
        switch (t) {
            case BYTE: return (byte) (i * 7 + 1);
            case SHORT: return (short) (i * 3 + 1);
            case INT: return (int) (i + 1);
            case LONG: return i * 1_000_003L;
            case DOUBLE: return i + 0.25;
            default: throw new AssertionError(t);
        }
    }
}
