package org.jpio.array;

import java.lang.reflect.Array;
import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;

/**
 * Run by {@link MpiH5Test} under mpirun. {@code write DIR}: the processes write several datasets of
 * several types, shapes and distributions into one HDF5 file (added one by one), with attributes on the
 * file, a group and a dataset. {@code read DIR}: the processes (another number of them) read jpio's file
 * back and the datasets h5py wrote (contiguous and chunked/compressed, both byte orders), checking every
 * element and which path the data took. Prints one "ok" line per rank, exits 1 otherwise.
 */
public final class MpiH5Main {
    /** The datasets of jpio's file: name, type, shape. */
    static final Object[][] DATASETS = {
        {"/grid/ints", ElementType.INT, new int[] {9, 7, 5}},
        {"/grid/doubles", ElementType.DOUBLE, new int[] {11, 6}},
        {"/flags", ElementType.BOOLEAN, new int[] {13}},
        {"/deep/a/b/shorts", ElementType.SHORT, new int[] {3, 2, 5, 4}},
        {"/chars", ElementType.CHAR, new int[] {1, 17}},
    };

    private MpiH5Main() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        if (!(world instanceof MpiComm)) throw new IllegalStateException("not under mpirun: Comm.world()=" + world.getClass().getSimpleName());
        Path dir = Path.of(args[1]);
        boolean ok = switch (args[0]) {
            case "write" -> write(world, dir.resolve("jpio.h5"));
            case "read" -> read(world, dir);
            case "rewrite" -> rewrite(world, dir.resolve("py_le.h5"));
            case "reread" -> check(world, ArrayPath.of(dir.resolve("py_le.h5"), "/data"), ElementType.INT, "collective I/O") == 0;
            default -> throw new IllegalArgumentException("mode=" + args[0]);
        };
        System.out.println((ok ? "ok " : "FAILED ") + args[0] + " rank=" + world.rank() + " size=" + world.size());
        System.out.flush();
        if (!ok) System.exit(1);
    }

    /** The value at global C position p, the same formula as the test's h5py side. */
    static Object value(ElementType t, long p) {
        return switch (t) {
            case BOOLEAN -> p % 3 == 0;
            case BYTE -> (byte) (p - 60);
            case CHAR -> (char) (p * 101);
            case SHORT -> (short) (p * -7);
            case INT -> (int) (p * 3 - 11);
            case LONG -> p * 1_000_003L;
            case FLOAT -> (float) (p * 0.5);
            case DOUBLE -> p * 0.25 - 9;
        };
    }

    private static boolean write(Comm world, Path file) throws Exception {
        int k = 0;
        for (Object[] d : DATASETS) {
            ElementType t = (ElementType) d[1];
            int[] shape = (int[]) d[2];
            Dist[] dists = new Dist[shape.length];
            java.util.Arrays.fill(dists, k % 2 == 0 ? Dist.BLOCK : Dist.cyclic(2));
            DistributedArray a = DistributedArray.create(world, t, shape, null, dists, k % 2);
            forEach(a, (i, p) -> Array.set(a.data(), i, value(t, p)));
            a.write(ArrayPath.of(file, (String) d[0]), ArrayFormats.H5, Hints.fromEnvironment(), k == 0 ? WriteMode.REPLACE : WriteMode.ADD,
                    Attributes.of("type", t.toString(), "shape", shape));
            k++;
        }
        ArrayFiles.setAttributes(world, ArrayPath.of(file, "/"), Attributes.of("step", 42L, "time", 3.5, "units", "s", "writers", world.size()));
        ArrayFiles.setAttributes(world, ArrayPath.of(file, "/grid"), Attributes.of("spacing", new double[] {0.1, 0.2, 0.3}));
        return true;
    }

    /** Rewrites h5py's file in place (WriteMode.IN_PLACE: over its blocks) as one dataset /data of ints. */
    private static boolean rewrite(Comm world, Path file) throws Exception {
        DistributedArray a = DistributedArray.create(world, ElementType.INT, 9, 7, 5);
        forEach(a, (i, p) -> Array.set(a.data(), i, value(ElementType.INT, p)));
        a.write(ArrayPath.of(file), ArrayFormats.H5, Hints.fromEnvironment(), WriteMode.IN_PLACE, Attributes.of("step", 7L));
        return a.hints().get("jpio_array_data").endsWith(" in place");
    }

    private static boolean read(Comm world, Path dir) throws Exception {
        long bad = 0;
        for (Object[] d : DATASETS) bad += check(world, new ArrayPath(dir.resolve("jpio.h5"), (String) d[0]), (ElementType) d[1], "collective I/O");
        for (String order : new String[] {"le", "be"}) {
            Path f = dir.resolve("py_" + order + ".h5");
            bad += check(world, ArrayPath.of(f, "/contiguous"), ElementType.INT, "collective I/O");
            bad += check(world, ArrayPath.of(f, "/chunked"), ElementType.INT, "each process read its own part in parallel");
            bad += check(world, ArrayPath.of(f, "/doubles"), ElementType.DOUBLE, "each process read its own part in parallel");
        }
        Attributes root = ArrayFiles.attributes(world, ArrayPath.of(dir.resolve("jpio.h5"), "/"));
        if (!root.equals(Attributes.of("step", 42L, "time", 3.5, "units", "s", "writers", (Integer) root.get("writers")))) bad++;
        return world.allreduce(bad, Comm.Op.SUM) == 0;
    }

    /** Loads a dataset, counts elements that differ from {@link #value}, and checks the path the data took. */
    static long check(Comm world, ArrayPath source, ElementType t, String path) throws Exception {
        DistributedArray a = DistributedArray.load(world, source, Hints.fromEnvironment());
        long[] wrong = {a.elementType() == t ? 0 : 1};
        forEach(a, (i, p) -> { if (!Array.get(a.data(), i).equals(value(t, p))) wrong[0]++; });
        String data = a.hints().get("jpio_array_data");
        if (!data.contains(path)) {
            System.out.println("rank=" + world.rank() + " " + source + ": data path is '" + data + "', not " + path);
            wrong[0]++;
        }
        if (wrong[0] > 0) System.out.println("rank=" + world.rank() + " " + source + ": " + wrong[0] + " wrong");
        return wrong[0];
    }

    interface Cell { void at(int index, long globalPosition); }

    /** Every owned element: its index in the local array and its global C-order position. */
    static void forEach(DistributedArray a, Cell c) {
        int[] l = a.localShape(), s = a.globalShape();
        if (a.localCount() == 0) return;
        int[] at = new int[l.length];
        while (true) {
            int[] g = a.toGlobal(at);
            long p = 0;
            for (int d = 0; d < s.length; d++) p = p * s[d] + g[d];
            c.at(a.index(at), p);
            int d = l.length - 1;
            while (d >= 0 && ++at[d] == l[d]) at[d--] = 0;
            if (d < 0) return;
        }
    }
}
