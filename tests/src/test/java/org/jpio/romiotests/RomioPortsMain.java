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

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        runAll(world, Path.of(args[0]), args[1]);
        System.out.println("romio ports ok rank=" + world.rank() + " size=" + world.size() + " config=" + args[1]);
    }

    /** Runs every port on {@code comm} with the driver configuration {@code config} ({@link ParallelFileContract#hints}). */
    public static void runAll(Comm comm, Path dir, String config) throws Exception {
        Hints h = ParallelFileContract.hints(config);
        for (Port p : Port.values()) {
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
