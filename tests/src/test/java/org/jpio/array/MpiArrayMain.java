package org.jpio.array;

import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.demo.HeatDemo;
import org.jpio.io.ElementType;

/**
 * Run by {@link MpiArrayTest} under mpirun: {@code demo FILE} runs the heat demo on the MPI world;
 * {@code roundtrip DIR} writes a ghosted, CYCLIC/BLOCK/NONE array from every process (RAW and NPY) and reads
 * it on one process fewer with BLOCK, checking every element. Prints one "ok" line per rank, exits 1 otherwise.
 */
public final class MpiArrayMain {
    private MpiArrayMain() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        if (!(world instanceof MpiComm)) throw new IllegalStateException("not under mpirun: Comm.world()=" + world.getClass().getSimpleName());
        boolean ok = switch (args[0]) {
            case "demo" -> {
                HeatDemo.Result r = HeatDemo.run(new HeatDemo.Options(world.size(), Math.max(1, world.size() - 1), new int[] {24, 20, 16}, 4,
                        Path.of(args[1])), System.out);
                yield r.ok() && r.mode().equals("MPI processes") && r.ranks() == world.size();
            }
            case "roundtrip" -> roundTrip(world, Path.of(args[1]));
            default -> throw new IllegalArgumentException("mode=" + args[0]);
        };
        System.out.println((ok ? "ok " : "FAILED ") + args[0] + " rank=" + world.rank() + " size=" + world.size());
        System.out.flush();
        if (!ok) System.exit(1);
    }

    static double value(long p) { return p * 0.5 - 3; }

    private static boolean roundTrip(Comm world, Path dir) throws Exception {
        int[] shape = {7, 5, 3};
        DistributedArray a = DistributedArray.builder(world, ElementType.DOUBLE, shape).processGrid(world.size(), 1, 1)
                .distribution(Dist.cyclic(2), Dist.BLOCK, Dist.NONE).ghost(1).create();
        forEach(a, (i, g) -> a.doubles()[i] = value(g));
        Path raw = dir.resolve("a.raw"), npy = dir.resolve("a.npy");
        a.write(raw);
        a.write(npy);
        int readers = Math.max(1, world.size() - 1);
        long bad = 0;
        try (Comm sub = world.split(world.rank() < readers ? 0 : 1, world.rank())) {
            if (world.rank() < readers) {
                for (Path f : new Path[] {raw, npy}) {
                    DistributedArray b = DistributedArray.create(sub, ElementType.DOUBLE, shape);
                    java.util.Arrays.fill(b.doubles(), Double.NaN);
                    b.read(f);
                    long[] wrong = {0};
                    forEach(b, (i, g) -> { if (b.doubles()[i] != value(g)) wrong[0]++; });
                    bad += wrong[0];
                }
            }
        }
        return world.allreduce(bad, Comm.Op.SUM) == 0;
    }

    interface Cell { void at(int index, long globalPosition); }

    private static void forEach(DistributedArray a, Cell c) {
        int[] l = a.localShape(), s = a.globalShape();
        for (int i = 0; i < l[0]; i++) for (int j = 0; j < l[1]; j++) for (int k = 0; k < l[2]; k++) {
            int[] g = a.toGlobal(i, j, k);
            c.at(a.index(i, j, k), ((long) g[0] * s[1] + g[1]) * s[2] + g[2]);
        }
    }
}
