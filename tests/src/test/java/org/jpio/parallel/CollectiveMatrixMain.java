package org.jpio.parallel;

import java.nio.file.Path;
import org.jpio.comm.Comm;

/** The matrix on MPI processes: {@code mpirun -np N java ... CollectiveMatrixMain DIR}; prints "matrix ok rank=R cases=K". */
public final class CollectiveMatrixMain {
    private CollectiveMatrixMain() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        int n = CollectiveMatrix.run(world, Path.of(args[0]));
        System.out.println("matrix ok rank=" + world.rank() + " size=" + world.size() + " cases=" + n);
    }
}
