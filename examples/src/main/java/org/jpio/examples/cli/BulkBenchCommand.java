package org.jpio.examples.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.RoundOptions;
import org.jpio.examples.bench.Sizes;
import org.jpio.examples.bench.bulk.BulkBench;
import org.jpio.examples.bench.bulk.BulkConfig;
import org.jpio.examples.bench.bulk.BulkResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench bulk}: the seed paper's experiment. Exit status 0 when every row that ran verified,
 * 1 when a row read wrong data or failed.
 */
@Command(name = "bulk", mixinStandardHelpOptions = true,
        description = {"The bulk I/O paper's experiment: a block-distributed int[] written to and read from ONE shared file by P ranks,",
                "with each of the paper's java.io approaches, jpio's bulk tier (BulkRandomAccessFile, ArrayFile per engine) and C.",
                "Every read is verified. Figures are medians of the timed rounds in MiB/s; each round is paired with a C round run just before it,",
                "and the ratio is the median of the per-round ratios."})
public final class BulkBenchCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--size", defaultValue = "256m", converter = SizeConverter.class,
            description = "Total array size in bytes (k/m/g). Default: ${DEFAULT-VALUE}.")
    long size;

    @Option(names = "--slow-size", defaultValue = "4m", converter = SizeConverter.class,
            description = "Size for the per-element row raf-int (a system call per byte). Default: ${DEFAULT-VALUE}.")
    long slowSize;

    @Option(names = {"-p", "--procs"}, split = ",", defaultValue = "2",
            description = "Rank counts with one JVM per rank (0: skip). Default: ${DEFAULT-VALUE}.")
    List<Integer> procs;

    @Option(names = {"-t", "--threads"}, split = ",", defaultValue = "2",
            description = "Rank counts with ranks as threads of this JVM (0: skip). Default: ${DEFAULT-VALUE}.")
    List<Integer> threads;

    @Option(names = "--rows", split = ",", description = "Rows to run (names or prefixes, e.g. encode-decode,arrayfile); c always runs. Default: all.")
    List<String> rows = new ArrayList<>();

    @Option(names = "--cold", description = "Drop the file from the page cache before each read (fdatasync + posix_fadvise DONTNEED). Default: warm reads.")
    boolean cold;

    @Option(names = "--sync", description = "Durable writes: every rank's timed write ends with fdatasync (C too: its row is the machine's durable limit, "
            + "C pwrite + fdatasync). Default: writes end in the page cache.")
    boolean sync;

    @Mixin RoundOptions rounds;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        BulkConfig config = new BulkConfig(size, slowSize, procs, threads, rows, rounds.repeat(), rounds.warmup(), cold, sync, rounds.dir());
        boolean json = rounds.json();
        plot.check();
        PrintWriter out = spec.commandLine().getOut();
        List<String> jsonRows = new ArrayList<>();
        BulkBench bench = new BulkBench(config, r -> {
            jsonRows.add(r.json());
            out.println(json ? r.json() : r.text());
            out.flush();
        });
        if (!json) header(out, config, bench);
        List<BulkResult> results = bench.run();
        if (!json) footer(out, config, bench);
        out.flush();
        plot.draw(jsonRows);
        return results.stream().allMatch(BulkResult::ok) ? 0 : 1;
    }

    private void header(PrintWriter out, BulkConfig c, BulkBench bench) {
        out.printf(Locale.ROOT, "jpio bench bulk: int[] of %s block-distributed over P ranks, one shared file in %s%n", Sizes.format(c.bytes()), c.dir());
        out.printf(Locale.ROOT, "  per-element row raf-int runs on %s (C is measured at that size too for its ratio)%n", Sizes.format(Math.min(c.bytes(), c.slowBytes())));
        out.printf(Locale.ROOT, "  figures: median of %d timed round(s) after %d warm-up round(s); MiB/s = 2^20 bytes per second of wall time,%n", c.repeat(), c.warmup());
        out.println("           from releasing all ranks to the last one finishing; every read is verified element by element");
        out.println("  ratios: every round of a row runs right after a C round of the same size; x/C is the median of the per-round ratios");
        out.println(c.sync() ? "  writes: DURABLE, every rank's write ends with fdatasync (the c row is the machine's durable limit: C pwrite + fdatasync)"
                : "  writes: into the page cache, not synced (not durable; --sync makes them durable)");
        out.println("          the warm-up round creates the file, timed rounds overwrite it");
        out.println(c.cold() ? "  reads: COLD, fdatasync + posix_fadvise(DONTNEED) on the file before every read"
                : "  reads: WARM, the file is in the page cache (use --cold to drop it before each read)");
        out.println("  procs: one JVM (or C process) per rank, started by this benchmark; threads: ranks are threads of this JVM, C stays one process per rank");
        out.println();
        out.println(BulkResult.header());
    }

    private void footer(PrintWriter out, BulkConfig c, BulkBench bench) {
        out.println();
        if (c.cold()) out.printf(Locale.ROOT, "cache drops: at most %.1f%% of a file's pages were still resident after a drop%n", 100 * bench.worstResident());
        out.println("rows:");
        for (String line : BulkBench.legend()) out.println("  " + line);
    }
}
