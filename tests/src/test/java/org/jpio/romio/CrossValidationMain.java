package org.jpio.romio;

import java.nio.file.Path;
import org.jpio.comm.Comm;

/** {@code mpirun -np N ... CrossValidationMain write|read DIR}; prints "cross ok MODE rank=R". */
public final class CrossValidationMain {
    private CrossValidationMain() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        if (args[0].equals("write")) CrossValidation.write(world, Path.of(args[1]));
        else CrossValidation.read(world, Path.of(args[1]));
        System.out.println("cross ok " + args[0] + " rank=" + world.rank());
    }
}
