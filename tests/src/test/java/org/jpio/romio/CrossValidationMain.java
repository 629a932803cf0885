package org.jpio.romio;

import java.nio.file.Path;
import org.jpio.comm.Comm;

/**
 * {@code mpirun -np N ... CrossValidationMain write|read DIR [hosts]}; prints "cross ok MODE rank=R".
 * {@code hosts}: the ranks span hosts, so only the backends that need no shared memory run.
 */
public final class CrossValidationMain {
    private CrossValidationMain() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        java.util.List<String> backends = args.length > 2 && args[2].equals("hosts") ? CrossValidation.ACROSS_HOSTS : CrossValidation.BACKENDS;
        if (args[0].equals("write")) CrossValidation.write(world, Path.of(args[1]), backends);
        else CrossValidation.read(world, Path.of(args[1]), backends);
        System.out.println("cross ok " + args[0] + " rank=" + world.rank());
    }
}
