package org.jpio.examples.demo;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jpio.checkpoint.AsyncMode;
import org.jpio.examples.cli.AsyncModeConverter;
import org.jpio.format.ArrayFormats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jpio demo}: the heat-diffusion demo; exit status 0 only when every element checked is right. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Heat diffusion on a distributed 3-D field, written as .npy (or HDF5), read back and verified.",
                "Ranks advance a 3-D heat stencil on a block-distributed field, write it collectively as .npy or .h5 (--format),",
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

    @Option(names = "--format", defaultValue = "npy",
            description = "File format of --file and of checkpoints: npy or h5 (HDF5: dataset /temperature; a checkpoint is one checkpoint.h5). Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--file", description = "The file to write (kept), ending as --format says. Default: jpio-heat.npy (or .h5) in the working directory.")
    Path file;

    @Option(names = "--checkpoint-dir", description = "Checkpoint the field into this directory (with --checkpoint-every).")
    Path checkpointDir;

    @Option(names = "--checkpoint-every", defaultValue = "0", description = "Steps between checkpoints (0: none). Default: ${DEFAULT-VALUE}.")
    int checkpointEvery;

    @Option(names = "--async", arity = "0..1", fallbackValue = "automatic", paramLabel = "MODE", converter = AsyncModeConverter.class,
            description = "Commit checkpoints asynchronously: automatic (--async alone: in the background where the ranks leave a core free, "
                    + "else inline), background or inline (forced). The demo's last line says which ran, and why.")
    AsyncMode async;

    @Option(names = "--restart", paramLabel = "DIR", description = "Go on from the latest valid checkpoint in DIR, on any number of ranks (--steps still counts from 0).")
    Path restart;

    @Override
    public Integer call() throws Exception {
        // the working directory is the user's own; a fixed name in the shared /tmp would collide on a login node
        if (!format.equals("npy") && !format.equals("h5")) throw new IllegalArgumentException("--format=" + format + " must be npy or h5");
        Path f = (file != null ? file : Path.of("jpio-heat." + format)).toAbsolutePath();
        if (!ArrayFormats.of(f).name().equals(format))
            throw new IllegalArgumentException("--file " + f + " does not end as a " + format + " file (." + format + ")");
        int readers = readRanks != null ? readRanks : 0;
        Path ckptDir = checkpointDir != null ? checkpointDir : checkpointEvery > 0 ? restart : null;
        HeatCheckpoints.Plan plan = new HeatCheckpoints.Plan(ckptDir, checkpointEvery, async, restart, ArrayFormats.get(format));
        return HeatDemo.run(new HeatDemo.Options(ranks, readers, shape, steps, f), plan, System.out).ok() ? 0 : 1;
    }
}
