package org.jpio.examples.demo;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jpio demo}: the heat-diffusion demo; exit status 0 only when every element checked is right. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Heat diffusion on a distributed 3-D field, written as .npy, read back and verified.",
                "Ranks advance a 3-D heat stencil on a block-distributed field, write it collectively as .npy,",
                "read it back on fewer ranks and verify every element. Under mpirun the ranks are MPI processes."})
public final class HeatDemoCommand implements Callable<Integer> {
    @Option(names = {"-n", "--ranks"}, defaultValue = "4", description = "Writing ranks (threads). Default: ${DEFAULT-VALUE}.")
    int ranks;

    @Option(names = "--read-ranks", description = "Reading ranks, at most the writing ones. Default: one fewer than the writers (1 when there is one).")
    Integer readRanks;

    @Option(names = "--shape", split = ",", defaultValue = "128,128,128", description = "Global field shape. Default: ${DEFAULT-VALUE}.")
    int[] shape;

    @Option(names = "--steps", defaultValue = "10", description = "Stencil steps. Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--file", description = "The .npy file to write (kept). Default: jpio-heat.npy in the working directory.")
    Path file;

    @Override
    public Integer call() throws Exception {
        // the working directory is the user's own; a fixed name in the shared /tmp would collide on a login node
        Path f = (file != null ? file : Path.of("jpio-heat.npy")).toAbsolutePath();
        int readers = readRanks != null ? readRanks : 0;
        return HeatDemo.run(new HeatDemo.Options(ranks, readers, shape, steps, f), System.out).ok() ? 0 : 1;
    }
}
