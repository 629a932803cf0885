package org.jpio.examples.demo;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jpio demo}: the heat-diffusion demo; exit status 0 only when every element checked is right. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Ranks advance a 3-D heat stencil on a distributed field, write it collectively as .npy,",
                "read it back on a different number of ranks and verify every element.",
                "Under mpirun the ranks are MPI processes (the read uses one fewer)."})
public final class HeatDemoCommand implements Callable<Integer> {
    @Option(names = {"-n", "--ranks"}, defaultValue = "4", description = "Writing ranks (threads). Default: ${DEFAULT-VALUE}.")
    int ranks;

    @Option(names = "--read-ranks", description = "Reading ranks (threads). Default: one fewer than --ranks (2 when --ranks is 1).")
    Integer readRanks;

    @Option(names = "--shape", split = ",", defaultValue = "128,128,128", description = "Global field shape. Default: ${DEFAULT-VALUE}.")
    int[] shape;

    @Option(names = "--steps", defaultValue = "10", description = "Stencil steps. Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--file", description = "The .npy file to write (kept). Default: jpio-heat.npy in the temporary directory.")
    Path file;

    @Override
    public Integer call() throws Exception {
        Path f = file != null ? file : Path.of(System.getProperty("java.io.tmpdir"), "jpio-heat.npy");
        int readers = readRanks != null ? readRanks : HeatDemo.Options.readersFor(ranks);
        return HeatDemo.run(new HeatDemo.Options(ranks, readers, shape, steps, f), System.out).ok() ? 0 : 1;
    }
}
