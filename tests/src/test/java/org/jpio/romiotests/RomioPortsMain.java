package org.jpio.romiotests;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFileContract;

/**
 * Every {@link Port} in one SPMD run, in one directory: {@code mpirun -np 3 java ... RomioPortsMain DIR CONFIG}
 * under MPI (one launch for all of them), or {@link #runAll} on in-JVM ranks. A port's returned lines are
 * written by rank 0 to {@code DIR/PROGRAM.out} for the comparison with ROMIO's output.
 */
public final class RomioPortsMain {
    private RomioPortsMain() { }

    /** {@code DIR CONFIG [PROGRAM,...]}: every port, or the ones named (to run one alone while working on it). */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        java.util.List<String> only = args.length > 2 ? java.util.List.of(args[2].split(",")) : null;
        runAll(world, Path.of(args[0]), args[1], only);
        System.out.println("romio ports ok rank=" + world.rank() + " size=" + world.size() + " config=" + args[1]);
    }

    /** Runs every port on {@code comm} with the driver configuration {@code config} ({@link ParallelFileContract#hints}). */
    public static void runAll(Comm comm, Path dir, String config) throws Exception { runAll(comm, dir, config, null); }

    static void runAll(Comm comm, Path dir, String config, java.util.List<String> only) throws Exception {
        Hints h = ParallelFileContract.hints(config);
        for (Port p : Port.values()) {
            if (only != null && !only.contains(p.program)) continue;
            String out;
            try {
                out = p.run(comm, dir, h);
            } catch (Throwable t) {
                throw new AssertionError("ROMIO test " + p.program + " ported, config=" + config + " rank=" + comm.rank() + ": " + t, t);
            }
            if (out != null && comm.rank() == 0) Files.writeString(dir.resolve(p.program + ".out"), out);
            comm.barrier();
        }
    }
}
