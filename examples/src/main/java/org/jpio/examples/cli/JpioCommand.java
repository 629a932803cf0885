package org.jpio.examples.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bin/jpio}: the top command. Errors print one line with their context and exit with status 2. */
@Command(name = "jpio", mixinStandardHelpOptions = true, version = "jpio 0.1.0",
        description = "Parallel I/O for Java: the demo, the benchmarks, convert (arrays between RAW, NPY and HDF5), ckpt (checkpoint directories) and fsinfo (what jpio detects of a file system).",
        subcommands = {org.jpio.examples.demo.HeatDemoCommand.class, DemoCommand.class, BenchCommand.class,
                org.jpio.examples.convert.ConvertCommand.class, org.jpio.examples.ckpt.CkptCommand.class, FsInfoCommand.class, CommandLine.HelpCommand.class})
public final class JpioCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The command line with jpio's error handling, for main and for tests. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new JpioCommand());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            PrintWriter err = cmd.getErr();
            err.println("jpio " + cmd.getCommandName() + ": " + (e.getMessage() == null ? e : e.getMessage()));
            if (Boolean.getBoolean("jpio.debug")) e.printStackTrace(err);
            err.flush();
            return 2;
        });
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
