package org.jpio.examples.calls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.WorkDir;
import org.jpio.examples.cli.SizeConverter;
import org.jpio.examples.coll.CollBench;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench calls}: what one collective call costs, jpio beside ROMIO in C (issue 23's first
 * table). For every process count N, rounds in which, in turn (who goes first rotates), the C peer
 * {@code mpi_calls} runs under {@code mpirun -np N --mca io romio321}, jpio runs on N MPI processes under
 * the same mpirun options, and jpio runs on N in-JVM ranks in a fresh JVM of its own; each launch times
 * every size and op ({@link CallsBench}). The table gives medians over rounds of microseconds per call,
 * cold and warm, and jpio's time over ROMIO's in the same round.
 */
@Command(name = "calls", mixinStandardHelpOptions = true,
        description = {"Per-call cost: writeAtAll/readAtAll of N ints at offset rank*N*4, writeAll/readAll through a 3-D BLOCK darray view, open+close,",
                "jpio (MPI processes and in-JVM ranks) beside ROMIO in C (mpi_calls) under the same mpirun; cold (first call after open) and warm,",
                "microseconds per call and jpio's time / ROMIO's. Starts mpirun itself (run it without mpirun)."})
public final class CallsBenchCommand implements Callable<Integer> {
    @Option(names = "--sizes", split = ",", defaultValue = "1k,16k,1m", converter = SizeConverter.class,
            description = "Bytes per rank per call (multiples of 4). Default: ${DEFAULT-VALUE}.")
    List<Long> sizes;

    @Option(names = "--procs", split = ",", defaultValue = "1,2,4", description = "MPI process counts for jpio (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> procs;

    @Option(names = "--ranks", split = ",", defaultValue = "1,2,4", description = "In-JVM rank counts for jpio, 1-16 (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> ranks;

    @Option(names = "--calls", defaultValue = "500", description = "Timed calls of each op, warm. Default: ${DEFAULT-VALUE}.")
    int calls;

    @Option(names = "--warmup", defaultValue = "200", description = "Untimed calls of each op before the timed ones. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--opens", defaultValue = "100", description = "Timed open+close pairs, warm. Default: ${DEFAULT-VALUE}.")
    int opens;

    @Option(names = "--cold", defaultValue = "10", description = "Fresh opens, each followed by one timed first call (the cold figure is their median). Default: ${DEFAULT-VALUE}.")
    int cold;

    @Option(names = "--batch", defaultValue = "50", description = "Calls per timed batch (barrier, the batch, barrier). Default: ${DEFAULT-VALUE}.")
    int batch;

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds (alternated launches); figures are medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--hint", description = "key=value hint for jpio and the C peer (repeatable). Default: none, each library's defaults.")
    List<String> hintArgs = new ArrayList<>();

    @Option(names = "--dir", description = "Directory of the file. Default: a new private temporary directory.")
    Path dir;

    @Option(names = "--java-opts", defaultValue = "-Xmx1g", description = "JAVA_OPTS of jpio's processes. Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Option(names = "--child-ranks", hidden = true, description = "Internal: measure on this many in-JVM ranks here and print the rows.")
    Integer childRanks;

    @Option(names = "--file", hidden = true, description = "Internal: the file of a child.")
    Path file;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        CallsBench.Setup setup = new CallsBench.Setup(sizes.stream().mapToLong(Long::longValue).toArray(), calls, warmup, opens, cold, batch);
        Map<String, String> given = CollBench.givenHints(hintArgs);     // only what the user passed goes to the C peer
        Hints hints = Hints.of(given);
        Comm world = Comm.world();
        if (world instanceof MpiComm || childRanks != null) {        // a child of the rounds below: measure and print the rows
            if (file == null) throw new IllegalArgumentException("a child of bench calls needs --file");
            List<String> rows = world instanceof MpiComm ? CallsBench.measure(world, setup, file, hints, "mpi")
                    : LocalComm.runAndCollect(childRanks, c -> CallsBench.measure(c, setup, file, hints, "threads")).get(0);
            rows.forEach(System.out::println);
            return 0;
        }
        if (repeat < 1) throw new IllegalArgumentException("--repeat=" + repeat + " must be >= 1");
        for (int n : procs) if (n < 0 || n > 64) throw new IllegalArgumentException("--procs " + n + " must be in 0..64");
        for (int n : ranks) if (n < 0 || n > 16) throw new IllegalArgumentException("--ranks " + n + " must be in 0..16");
        if (CallsPeer.unavailable() != null) throw new IllegalStateException("C peer unavailable: " + CallsPeer.unavailable());
        plot.check();
        TreeSet<Integer> nps = new TreeSet<>(procs);
        nps.addAll(ranks);
        nps.remove(0);
        if (nps.isEmpty()) throw new IllegalArgumentException("--procs and --ranks are both empty: nothing to measure");
        WorkDir workDir = WorkDir.of(dir, "jpio-bench-calls"); // 0700: private on a shared node; removed with what a failed row left
        Path work = workDir.path();
        CallsTable table = new CallsTable(setup, repeat);
        if (!json) table.header(given.isEmpty() ? "default hints" : "hints " + given).forEach(System.out::println);
        try (workDir) {
            for (int np : nps) {
                Path f = work.resolve("calls-" + np + ".bin");         // shared by every launch at this N: the same page-cache pages
                for (int round = 0; round < repeat; round++) {
                    List<Step> steps = new ArrayList<>();
                    steps.add(() -> table.add("c", np, CallsPeer.calls(np, setup, f, given)));
                    if (procs.contains(np)) steps.add(() -> table.add("mpi", np, MpiChild.run(np, childArgs(f, null), javaOpts)));
                    if (ranks.contains(np)) steps.add(() -> table.add("threads", np, MpiChild.alone(childArgs(f, np), javaOpts)));
                    Collections.rotate(steps, round);                   // who goes first changes from round to round
                    for (Step s : steps) s.run();
                }
                Files.deleteIfExists(f);
                (json ? table.json(np) : table.text(np)).forEach(System.out::println);
                System.out.flush();
            }
        }
        plot.draw(table.allJson());
        return table.errors() == 0 ? 0 : 1;
    }

    private interface Step { void run() throws Exception; }

    /** The arguments of a child: the same setup, its file, and for in-JVM ranks their count. */
    private List<String> childArgs(Path f, Integer n) {
        List<String> a = new ArrayList<>(List.of("bench", "calls", "--file", f.toString(),
                "--sizes", String.join(",", sizes.stream().map(Object::toString).toList()), "--calls", "" + calls, "--warmup", "" + warmup,
                "--opens", "" + opens, "--cold", "" + cold, "--batch", "" + batch));
        if (n != null) a.addAll(List.of("--child-ranks", n.toString()));
        for (String h : hintArgs) a.addAll(List.of("--hint", h));
        return a;
    }
}
