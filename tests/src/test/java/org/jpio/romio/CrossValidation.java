package org.jpio.romio;

import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.RunCursor;

/**
 * Cross-validation of jpio's two-phase backend against ROMIO (issue: the race). For a matrix of
 * decompositions, both backends write the same data through the same view; the files must be byte
 * identical, and each backend must read back what the other wrote, on this number of processes
 * ({@link #write}) and on another ({@link #read}). jpio's backend runs with both of its exchanges (the
 * aggregators' buffers in shared memory, and messages). Element i of the global array holds i cast to its
 * type, as the C checker {@code check_darray} expects.
 */
public final class CrossValidation {
    private CrossValidation() { }

    record Case(String name, int[] gsizes, Distribution[] dists, int[] dargs, Order order, ElementType type, String hint, String value) { }

    static List<Case> cases() {
        Distribution B = Distribution.BLOCK, C = Distribution.CYCLIC, N = Distribution.NONE;
        int D = Darray.DFLT_DARG;
        List<Case> cs = new ArrayList<>();
        cs.add(new Case("block3-c-int", new int[] {12, 10, 8}, new Distribution[] {B, B, B}, new int[] {D, D, D}, Order.C, ElementType.INT, "cb_buffer_size", "4096"));
        cs.add(new Case("block3-f-double", new int[] {9, 7, 5}, new Distribution[] {B, B, B}, new int[] {D, D, D}, Order.FORTRAN, ElementType.DOUBLE, "cb_nodes", "2"));
        cs.add(new Case("cyclic2-c-long", new int[] {13, 6}, new Distribution[] {C, B}, new int[] {2, D}, Order.C, ElementType.LONG, "cb_buffer_size", "256"));
        cs.add(new Case("none-cyclic-f-short", new int[] {5, 11}, new Distribution[] {N, C}, new int[] {D, 3}, Order.FORTRAN, ElementType.SHORT, "cb_buffer_size", "64"));
        cs.add(new Case("block4-c-byte", new int[] {4, 3, 5, 2}, new Distribution[] {B, B, N, B}, new int[] {D, D, D, D}, Order.C, ElementType.BYTE, "romio_cb_read", "enable"));
        cs.add(new Case("cyclic1-c-int-1d", new int[] {101}, new Distribution[] {C}, new int[] {D}, Order.C, ElementType.INT, "cb_buffer_size", "100000"));
        return cs;
    }

    static Object value(ElementType t, long i) {
        return switch (t) {
            case BYTE -> (byte) i;
            case SHORT -> (short) i;
            case INT -> (int) i;
            case LONG -> i;
            case DOUBLE -> (double) i;
            default -> throw new AssertionError(t);
        };
    }

    static FileView darrayView(Comm comm, Case c) {
        int[] dims = new int[c.gsizes.length];
        for (int i = 0; i < dims.length; i++) dims[i] = c.dists[i] == Distribution.NONE ? 1 : 0;
        int[] psizes = Dims.create(comm.size(), dims);
        Datatype ft = Datatype.darray(comm.size(), comm.rank(), c.gsizes, c.dists, c.dargs, psizes, c.order, Datatype.of(c.type));
        return new FileView(0, c.type, ft, DataRep.NATIVE);
    }

    /** This rank's data in view order: element at file offset o holds (o / size) cast. */
    static Object mine(FileView v, ElementType t) {
        int n = (int) (v.filetype().size() / t.size());
        Object a = t.newArray(n);
        RunCursor runs = v.runs(0, n);
        int k = 0;
        while (runs.next())
            for (long off = runs.offset(); off < runs.offset() + runs.length(); off += t.size()) Array.set(a, k++, value(t, off / t.size()));
        return a;
    }

    /**
     * The backends compared: jpio's two-phase with the aggregators' buffers in shared memory (required, so
     * a run where it cannot share memory fails) and with the message exchange, and ROMIO.
     */
    static final List<String> BACKENDS = List.of("twophase", "twophase-messages", "romio");
    /** Across hosts no memory is shared: the message exchange and ROMIO. */
    public static final List<String> ACROSS_HOSTS = List.of("twophase-messages", "romio");

    static Hints hints(String backend, Case c) {
        String shared = backend.equals("twophase-messages") ? "disable" : "enable";
        // several aggregators on this one host take cb_config_list *:* besides cb_nodes, in ROMIO as in jpio
        Hints h = Hints.of(Hints.JPIO_BACKEND, backend.startsWith("twophase") ? "twophase" : backend, Hints.JPIO_CB_SHARED, shared,
                Hints.ROMIO_CB_WRITE, "enable", Hints.ROMIO_CB_READ, "enable", c.hint, c.value);
        return c.hint.equals(Hints.CB_NODES) ? h.with(Hints.CB_CONFIG_LIST, "*:*") : h;
    }

    static Path file(Path dir, Case c, String backend) { return dir.resolve(c.name + "." + backend + ".bin"); }

    /** Both backends write every case; rank 0 compares the files byte for byte; each backend reads the other's file. */
    public static void write(Comm comm, Path dir) throws Exception { write(comm, dir, BACKENDS); }

    /** {@link #write(Comm, Path)} with these backends (ROMIO last): each jpio one reads ROMIO's file and ROMIO each of theirs. */
    public static void write(Comm comm, Path dir, List<String> backends) throws Exception {
        List<String> jpios = backends.subList(0, backends.size() - 1);
        for (Case c : cases()) {
            FileView v = darrayView(comm, c);
            Object data = mine(v, c.type);
            int n = Array.getLength(data);
            for (String backend : backends) {
                Path f = file(dir, c, backend);
                if (comm.rank() == 0) Files.deleteIfExists(f);
                comm.barrier();
                try (ParallelFile pf = ParallelFile.open(comm, f, EnumSet.of(Amode.CREATE, Amode.WRONLY), hints(backend, c))) {
                    pf.setView(v);
                    pf.writeAll(Elements.ofArray(data, 0, n));
                }
            }
            AssertionError bad = null;
            for (String jpio : jpios)
                if (comm.rank() == 0 && bad == null && !java.util.Arrays.equals(Files.readAllBytes(file(dir, c, jpio)), Files.readAllBytes(file(dir, c, "romio"))))
                    bad = new AssertionError("jpio " + jpio + " and ROMIO wrote different bytes: case=" + c.name + " np=" + comm.size());
            comm.agree("byte-identical " + c.name, bad);
            List<String[]> pairs = new ArrayList<>();
            for (String jpio : jpios) {
                pairs.add(new String[] {"romio", jpio});
                pairs.add(new String[] {jpio, "romio"});
            }
            for (String[] pair : pairs) {
                Object back = c.type.newArray(n);
                try (ParallelFile pf = ParallelFile.open(comm, file(dir, c, pair[0]), EnumSet.of(Amode.RDONLY), hints(pair[1], c))) {
                    pf.setView(v);
                    pf.readAll(Elements.ofArray(back, 0, n));
                }
                AssertionError wrong = null;
                for (int i = 0; i < n && wrong == null; i++)
                    if (!Array.get(back, i).equals(Array.get(data, i)))
                        wrong = new AssertionError(pair[1] + " read of the file " + pair[0] + " wrote: case=" + c.name + " rank=" + comm.rank() + " element=" + i);
                comm.agree("cross read " + c.name, wrong);
            }
        }
    }

    /** On another number of processes: each backend reads each backend's file, through the darray view of this np. */
    public static void read(Comm comm, Path dir) throws Exception { read(comm, dir, BACKENDS); }

    /** {@link #read(Comm, Path)} with these backends. */
    public static void read(Comm comm, Path dir, List<String> backends) throws Exception {
        for (Case c : cases()) {
            FileView v = darrayView(comm, c);
            Object expect = mine(v, c.type);
            int n = Array.getLength(expect);
            for (String writer : backends)
                for (String reader : backends) {
                    Object back = c.type.newArray(n);
                    try (ParallelFile pf = ParallelFile.open(comm, file(dir, c, writer), EnumSet.of(Amode.RDONLY), hints(reader, c))) {
                        pf.setView(v);
                        pf.readAll(Elements.ofArray(back, 0, n));
                    }
                    AssertionError wrong = null;
                    for (int i = 0; i < n && wrong == null; i++)
                        if (!Array.get(back, i).equals(Array.get(expect, i)))
                            wrong = new AssertionError(reader + " on np=" + comm.size() + " read the file " + writer + " wrote: case=" + c.name + " rank=" + comm.rank() + " element=" + i);
                    comm.agree("N-to-M read " + c.name, wrong);
                }
        }
    }
}
