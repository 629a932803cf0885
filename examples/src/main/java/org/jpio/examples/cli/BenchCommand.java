package org.jpio.examples.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code jpio bench}: the benchmarks; each is one subcommand class registered in the list below. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks that measure jpio side by side with its C peer; see docs/BENCHMARKS.md.",
        subcommands = {BulkBenchCommand.class, org.jpio.examples.coll.CollBenchCommand.class, org.jpio.examples.coll.CollScaleCommand.class, org.jpio.examples.coll.CollMemoryCommand.class,
                org.jpio.examples.calls.CallsBenchCommand.class, org.jpio.examples.probe.FloorCommand.class,
                org.jpio.examples.calls.ArrayBenchCommand.class,
                org.jpio.examples.sort.SortBenchCommand.class,
                org.jpio.examples.seq.SeqBenchCommand.class, org.jpio.examples.probe.TuningCommand.class,
                org.jpio.examples.probe.JvmIoCommand.class,
                org.jpio.examples.h5.H5BenchCommand.class, org.jpio.examples.comm.CommBenchCommand.class,
                org.jpio.examples.ckpt.CkptBenchCommand.class})
public final class BenchCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
