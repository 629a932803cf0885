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
import org.jpio.view.FileView;

/**
 * One round of the coll_perf pattern (or another {@link CollPattern}: CYCLIC and BLOCK-CYCLIC darrays,
 * interleaved blocks) on one jpio backend, timed as ROMIO's coll_perf and jpio's C peer
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

    /**
     * The array and how it is written: dims X,Y,Z (the interleaved pattern: one dimension, the element count)
     * of int or double, spread over the ranks as {@code pattern} says, overwrite (else a new file), sync (durable).
     */
    public record Setup(int[] dims, ElementType type, boolean overwrite, boolean sync, CollPattern pattern) {
        public Setup {
            if (type != ElementType.INT && type != ElementType.DOUBLE) throw new IllegalArgumentException("type=" + type + ": coll_perf uses int or double");
            int want = pattern.interleaved() ? 1 : 3;
            if (dims.length != want)
                throw new IllegalArgumentException("dims=" + java.util.Arrays.toString(dims) + ": pattern " + pattern.kind() + " has " + want + " dimension(s)");
            for (int d : dims) if (d < 1) throw new IllegalArgumentException("dims=" + java.util.Arrays.toString(dims) + " must be positive");
            dims = dims.clone();
        }

        /** coll_perf's BLOCK^3 darray. */
        public Setup(int[] dims, ElementType type, boolean overwrite, boolean sync) { this(dims, type, overwrite, sync, CollPattern.BLOCK); }

        public long bytes() { return (long) type.size() * java.util.Arrays.stream(dims).asLongStream().reduce(1, (a, b) -> a * b); }

        public String mode() { return overwrite ? "overwrite" : "new"; }

        public String typeName() { return type == ElementType.INT ? "int" : "double"; }

        public String dimsText() { return String.join("x", java.util.Arrays.stream(dims).mapToObj(Integer::toString).toList()); }

        /** X Y Z for the C peers (the interleaved pattern's element count as X, 1, 1). */
        java.util.List<String> peerDims() {
            return dims.length == 3 ? java.util.Arrays.stream(dims).mapToObj(Integer::toString).toList() : java.util.List.of("" + dims[0], "1", "1");
        }
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
        long errors = comm.allreduce(part.fill(type, true), Comm.Op.SUM);
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

    /** A rank's share of the array: its view, its elements (each its global linear index), and which they are. */
    record Part(FileView view, Object data, int count, CollPattern.Axis[] axes, long[] g) {
        /** Writes (check=false) or counts mismatches of (check=true) each local element's global linear index. */
        long fill(ElementType type, boolean check) {
            int[] ints = type == ElementType.INT ? (int[]) data : null;
            double[] doubles = type == ElementType.DOUBLE ? (double[]) data : null;
            long[] last = new long[(int) axes[2].len()];
            for (int l = 0; l < last.length; l++) last[l] = axes[2].global(l);
            long errors = 0;
            int k = 0;
            for (long i = 0, ni = axes[0].len(); i < ni; i++)
                for (long j = 0, nj = axes[1].len(); j < nj; j++) {
                    long row = (axes[0].global(i) * g[1] + axes[1].global(j)) * g[2];
                    for (int l = 0; l < last.length; l++, k++) {
                        long v = row + last[l];
                        if (ints != null) {
                            if (!check) ints[k] = (int) v;
                            else if (ints[k] != (int) v) errors++;
                        } else {
                            if (!check) doubles[k] = v;
                            else if (doubles[k] != v) errors++;
                        }
                    }
                }
            return errors;
        }
    }

    /** This rank's view and data, filled: the setup's pattern (coll_perf's BLOCK^3 darray on the MPI_Dims_create grid, C order, by default). */
    static Part part(Comm comm, Setup s) {
        CollPattern.Axis[] axes = s.pattern().axes(comm.size(), comm.rank(), s.dims());
        FileView view = s.pattern().view(comm.size(), comm.rank(), s.dims(), s.type());
        long count = axes[0].len() * axes[1].len() * axes[2].len();
        if (!s.pattern().interleaved() && count * s.type().size() != view.filetype().size()) // a darray holds the share; interleaved tiles one block
            throw new IllegalStateException("rank=" + comm.rank() + " owns " + count + " elements of pattern " + s.pattern().label() + " but its filetype holds "
                    + view.filetype().size() + " bytes");
        Part p = new Part(view, s.type().newArray((int) count), (int) count, axes, new long[] {axes[0].g(), axes[1].g(), axes[2].g()});
        p.fill(s.type(), false);
        return p;
    }

    static void clear(Object data, ElementType type) {
        if (type == ElementType.INT) java.util.Arrays.fill((int[]) data, -1);
        else java.util.Arrays.fill((double[]) data, -1);
    }
}
