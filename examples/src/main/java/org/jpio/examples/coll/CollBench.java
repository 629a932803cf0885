package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.Darray;
import org.jpio.view.FileView;
import org.jpio.view.Order;

/**
 * One round of the coll_perf pattern on one jpio backend, timed as ROMIO's coll_perf and jpio's C peer
 * {@code mpi_coll_perf} time it: barrier, collective write, barrier (likewise the read, after reopening),
 * page cache warm on both sides. Every element holds its global linear index and is checked after the read.
 * In the new-file mode the timed write creates the file; in the overwrite mode an untimed write and read
 * come first and the timed write overwrites the file, as ROMIO's coll_perf does. A durable write ends with
 * MPI_File_sync inside the timed region.
 */
public final class CollBench {
    /** What rank 0 reports for one row of one round; {@code errors} -1: the program does not check what it reads. */
    public record Result(String name, int ranks, long bytes, double writeSeconds, double readSeconds, long errors, String choice) {
        public double writeMibs() { return bytes / 1048576.0 / writeSeconds; }

        public double readMibs() { return bytes / 1048576.0 / readSeconds; }
    }

    /** The array and how it is written: dims X,Y,Z of int or double, overwrite (else a new file), sync (durable). */
    public record Setup(int[] dims, ElementType type, boolean overwrite, boolean sync) {
        public Setup {
            if (type != ElementType.INT && type != ElementType.DOUBLE) throw new IllegalArgumentException("type=" + type + ": coll_perf uses int or double");
            if (dims.length != 3) throw new IllegalArgumentException("dims=" + java.util.Arrays.toString(dims) + ": coll_perf is 3-D (X,Y,Z)");
            for (int d : dims) if (d < 1) throw new IllegalArgumentException("dims=" + java.util.Arrays.toString(dims) + " must be positive");
            dims = dims.clone();
        }

        public long bytes() { return (long) type.size() * java.util.Arrays.stream(dims).asLongStream().reduce(1, (a, b) -> a * b); }

        public String mode() { return overwrite ? "overwrite" : "new"; }

        public String typeName() { return type == ElementType.INT ? "int" : "double"; }

        public String dimsText() { return dims[0] + "x" + dims[1] + "x" + dims[2]; }
    }

    private CollBench() { }

    /** Collective over {@code comm}: write, read back, verify. Rank 0's result carries the times. */
    public static Result run(Comm comm, Setup s, String backend, Path file, Map<String, String> hintValues) throws IOException {
        Part part = part(comm, s);
        ElementType type = s.type();
        FileView view = part.view();
        int count = part.count();
        Object data = part.data();
        int n = comm.size();
        Map<String, String> h = new LinkedHashMap<>(hintValues);
        h.put(Hints.JPIO_BACKEND, backend);
        Hints hints = Hints.of(h);
        if (comm.rank() == 0) Files.deleteIfExists(file);
        comm.barrier();
        double tw, tr;
        String choice;
        if (s.overwrite()) { // coll_perf's untimed first pass, so that the timed write overwrites
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
                f.setView(view);
                f.writeAll(Elements.ofArray(data, 0, count));
                f.seek(0);
                f.readAll(Elements.ofArray(data, 0, count));
            }
        }
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
            f.setView(view);
            comm.barrier();
            long t0 = System.nanoTime();
            f.writeAll(Elements.ofArray(data, 0, count));
            if (s.sync()) f.sync();
            comm.barrier();
            tw = (System.nanoTime() - t0) / 1e9;
            choice = f.hints().getOrDefault("jpio_cb_write_choice", backend);
        }
        clear(data, type);
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), hints)) {
            f.setView(view);
            comm.barrier();
            long t0 = System.nanoTime();
            f.readAll(Elements.ofArray(data, 0, count));
            comm.barrier();
            tr = (System.nanoTime() - t0) / 1e9;
            choice = choice + "; read: " + f.hints().getOrDefault("jpio_cb_read_choice", backend);
        }
        long errors = comm.allreduce(fill(data, type, s.dims(), part.lo(), part.len(), true), Comm.Op.SUM);
        return new Result("jpio " + backend, n, s.bytes(), tw, tr, errors, choice);
    }

    /**
     * The hints given on the command line ({@code key=value}), checked by {@link Hints}, without the defaults
     * Hints fills in: only what the user passed goes to jpio and the C peers (whose defaults stay their own).
     */
    public static Map<String, String> givenHints(java.util.List<String> keyValues) {
        Map<String, String> h = new LinkedHashMap<>(Hints.parse(keyValues).asMap());
        h.keySet().retainAll(keyValues.stream().map(kv -> kv.substring(0, kv.indexOf('=')).trim()).toList());
        return h;
    }

    /** A rank's share of the array: its darray view, its block's bounds, and its elements (each its global linear index). */
    record Part(FileView view, Object data, int count, long[] lo, long[] len) { }

    /** This rank's view and data, filled: the BLOCK^3 darray over the MPI_Dims_create grid, C order. */
    static Part part(Comm comm, Setup s) {
        int[] dims = s.dims();
        ElementType type = s.type();
        int n = comm.size();
        int[] psizes = Dims.create(n, new int[dims.length]);
        Distribution[] dist = new Distribution[dims.length];
        int[] dargs = new int[dims.length];
        java.util.Arrays.fill(dist, Distribution.BLOCK);
        java.util.Arrays.fill(dargs, Darray.DFLT_DARG);
        Datatype ft = Datatype.darray(n, comm.rank(), dims, dist, dargs, psizes, Order.C, Datatype.of(type));
        FileView view = new FileView(0, type, ft, DataRep.NATIVE);
        long[] lo = new long[dims.length], len = new long[dims.length];
        localBlock(dims, psizes, comm.rank(), lo, len);
        int count = (int) (ft.size() / type.size());
        Object data = type.newArray(count);
        fill(data, type, dims, lo, len, false);
        return new Part(view, data, count, lo, len);
    }

    /** This rank's block of a BLOCK-distributed array over a row-major process grid, as MPI's darray places it. */
    static void localBlock(int[] dims, int[] psizes, int rank, long[] lo, long[] len) {
        int rest = rank;
        for (int d = dims.length - 1; d >= 0; d--) {
            int c = rest % psizes[d];
            rest /= psizes[d];
            long b = (dims[d] + (long) psizes[d] - 1) / psizes[d];
            lo[d] = Math.min(dims[d], c * b);
            len[d] = Math.max(0, Math.min(dims[d], lo[d] + b) - lo[d]);
        }
    }

    /** Writes (check=false) or counts mismatches of (check=true) each local element's global linear index. */
    static long fill(Object data, ElementType type, int[] dims, long[] lo, long[] len, boolean check) {
        int[] ints = type == ElementType.INT ? (int[]) data : null;
        double[] doubles = type == ElementType.DOUBLE ? (double[]) data : null;
        long errors = 0;
        int k = 0;
        for (long i = 0; i < len[0]; i++)
            for (long j = 0; j < len[1]; j++) {
                long row = ((lo[0] + i) * dims[1] + (lo[1] + j)) * dims[2] + lo[2];
                for (long l = 0; l < len[2]; l++, k++) {
                    long g = row + l;
                    if (ints != null) {
                        if (!check) ints[k] = (int) g;
                        else if (ints[k] != (int) g) errors++;
                    } else {
                        if (!check) doubles[k] = g;
                        else if (doubles[k] != g) errors++;
                    }
                }
            }
        return errors;
    }

    private static void clear(Object data, ElementType type) {
        if (type == ElementType.INT) java.util.Arrays.fill((int[]) data, -1);
        else java.util.Arrays.fill((double[]) data, -1);
    }
}
