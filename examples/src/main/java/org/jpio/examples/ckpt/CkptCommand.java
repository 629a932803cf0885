package org.jpio.examples.ckpt;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jpio.checkpoint.Catalog;
import org.jpio.checkpoint.CheckpointInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jpio ckpt}: a checkpoint directory from the shell, on one process ({@link Catalog}): list it, verify
 * every block checksum, remove a checkpoint, prune to the newest K. Removal takes the directory's writer
 * lock, so it refuses while a run writes there.
 */
@Command(name = "ckpt", mixinStandardHelpOptions = true,
        description = "Checkpoint directories: ls, verify, rm, prune (docs/CHECKPOINT.md).",
        subcommands = {CkptCommand.Ls.class, CkptCommand.Verify.class, CkptCommand.Rm.class, CkptCommand.Prune.class})
public final class CkptCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override public void run() { spec.commandLine().usage(spec.commandLine().getOut()); }

    static String size(long bytes) {
        return bytes < 1 << 20 ? String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0) : String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    @Command(name = "ls", mixinStandardHelpOptions = true, description = "Every checkpoint of DIR: step, state (valid or why not), time, size.")
    static final class Ls implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "DIR") Path dir;

        @Override public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            List<CheckpointInfo> all = Catalog.of(dir).list();
            out.printf("%-14s %-10s %12s %12s  %-24s %s%n", "step", "state", "time", "size", "committed", "why not valid");
            for (CheckpointInfo c : all) {
                String time = Double.isNaN(c.time()) ? "-" : String.format(Locale.ROOT, "%.6g", c.time());
                out.printf("%-14d %-10s %12s %12s  %-24s %s%n", c.step(), c.state().name().toLowerCase(Locale.ROOT), time,
                        c.manifest() == null ? "-" : size(c.bytes()), c.manifest() == null ? "-" : c.manifest().created(), c.reason());
            }
            long valid = all.stream().filter(CheckpointInfo::valid).count();
            out.printf("%d entries, %d valid%s%n", all.size(), valid,
                    valid == 0 ? "" : "; latest valid step " + all.stream().filter(CheckpointInfo::valid).reduce((a, b) -> b).orElseThrow().step());
            out.flush();
            return 0;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Reads every block of every array of each committed checkpoint (or of --step) and checks its CRC32C.",
                    "Exit status 0 only when every checksum matches; 1 naming the first mismatch (checkpoint, array, file, block, byte range)."})
    static final class Verify implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "DIR") Path dir;
        @Option(names = "--step", description = "Only the checkpoint of this step.") Long step;

        @Override public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
            Catalog cat = Catalog.of(dir);
            List<CheckpointInfo> todo = step != null
                    ? List.of(cat.committed(step).orElseThrow(() -> new IllegalArgumentException("no committed checkpoint of step " + step + " in " + cat.dir())))
                    : cat.list().stream().filter(c -> c.state() == CheckpointInfo.State.VALID || c.state() == CheckpointInfo.State.INVALID).toList();
            if (todo.isEmpty()) throw new IllegalArgumentException("no committed checkpoint in " + cat.dir());
            for (CheckpointInfo c : todo) {
                try {
                    if (!c.valid()) throw new java.io.IOException("checkpoint step=" + c.step() + " is not valid: " + c.reason());
                    long bytes = cat.verify(c);
                    out.printf("step %d: ok, %s in %d arrays%n", c.step(), size(bytes), c.manifest().arrays().size());
                } catch (java.io.IOException e) {                      // a ChecksumException names the block
                    out.flush();
                    err.println("step " + c.step() + ": " + e.getMessage());
                    err.flush();
                    return 1;
                }
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "rm", mixinStandardHelpOptions = true, description = "Removes the committed checkpoint of --step (refused while a writer holds DIR).")
    static final class Rm implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "DIR") Path dir;
        @Option(names = "--step", required = true, description = "The step to remove.") long step;

        @Override public Integer call() throws Exception {
            CheckpointInfo c = Catalog.of(dir).remove(step);
            spec.commandLine().getOut().printf("removed step %d (%s)%n", c.step(), c.path());
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "prune", mixinStandardHelpOptions = true,
            description = "Keeps the newest --keep valid checkpoints; removes older ones, superseded and invalid ones, and partial leftovers.")
    static final class Prune implements Callable<Integer> {
        @CommandLine.Spec CommandLine.Model.CommandSpec spec;
        @Parameters(index = "0", paramLabel = "DIR") Path dir;
        @Option(names = "--keep", required = true, description = "Valid checkpoints to keep (at least 1).") int keep;

        @Override public Integer call() throws Exception {
            if (keep < 1) throw new IllegalArgumentException("--keep=" + keep + " must be at least 1 (the latest valid checkpoint is never pruned)");
            PrintWriter out = spec.commandLine().getOut();
            List<CheckpointInfo> gone = Catalog.of(dir).prune(keep);
            for (CheckpointInfo c : gone) out.printf("removed step %d %s (%s)%n", c.step(), c.state().name().toLowerCase(Locale.ROOT), c.path().getFileName());
            out.printf("%d removed%n", gone.size());
            out.flush();
            return 0;
        }
    }
}
