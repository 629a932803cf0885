package org.jpio.examples.seq;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.RoundOptions;
import org.jpio.examples.bench.Sizes;
import org.jpio.examples.cli.SizeConverter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench seq}: the DZone article "Java Sequential IO Performance" on this machine. Exit status
 * 0 when every row that ran verified, 1 when a checksum differed or a row failed.
 */
@Command(name = "seq", mixinStandardHelpOptions = true,
        description = {"The sequential I/O article's experiment: a preallocated file overwritten and read back byte by byte through",
                "RandomAccessFile + 4 KiB byte[], buffered streams, FileChannel + 4 KiB ByteBuffer and a mapping, with jpio's bulk (ArrayFile)",
                "and async (AsyncFile) paths and C (write/read of 4 KiB, mmap) side by side; every pass checked by checksum.",
                "Two cases: a file the page cache holds (cached), and one it does not (evicted: durable writes, the file dropped from the",
                "page cache before every pass)."})
public final class SeqBenchCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--size", defaultValue = "400m", converter = SizeConverter.class,
            description = "File of the cached case, a multiple of 4 KiB (0 skips it). Default: ${DEFAULT-VALUE} (the article's small file).")
    long size;

    @Option(names = "--large", defaultValue = "2g", converter = SizeConverter.class,
            description = "File of the evicted case, a multiple of 4 KiB (0 skips it). Default: ${DEFAULT-VALUE}.")
    long large;

    @Option(names = "--rows", split = ",", description = "Rows to run (names or prefixes: c, raf-page, buffered-stream, channel-page, mapped, jpio); "
            + "c-page always runs. Default: all.")
    List<String> rows = new ArrayList<>();

    @Mixin RoundOptions rounds;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        for (long s : new long[] {size, large})
            if (s < 0 || s % 4096 != 0) throw new IllegalArgumentException("size=" + s + " must be a multiple of 4096 bytes (the article's page)");
        if (size == 0 && large == 0) throw new IllegalArgumentException("nothing to run: --size and --large are both 0");
        rounds.check();
        boolean json = rounds.json();
        String drop = NativePrograms.unavailable("bulk_baseline");
        if (large > 0 && drop != null) throw new IllegalArgumentException("the evicted case drops the page cache with bulk_baseline: " + drop);
        List<SeqCase> selected = SeqBench.select(rows);
        plot.check();
        PrintWriter out = spec.commandLine().getOut();
        if (!json) header(out, rounds);
        SeqBench bench = new SeqBench(selected, rounds.repeat(), rounds.warmup(), rounds.dir());
        List<String> jsonRows = new ArrayList<>();
        boolean ok = true;
        for (boolean evicted : new boolean[] {false, true}) {
            long bytes = evicted ? large : size;
            if (bytes == 0) continue;
            List<SeqResult> results = bench.run(bytes, evicted);
            for (SeqResult r : results) {
                jsonRows.add(r.json());
                out.println(json ? r.json() : r.text());
                ok &= r.ok();
            }
            if (!json && evicted) out.printf(Locale.ROOT, "  (evicted: at most %.1f%% of the file's pages were still cached after a drop)%n",
                    100 * results.stream().mapToDouble(SeqResult::resident).max().orElse(0));
            out.flush();
        }
        if (!json) legend(out, selected);
        out.flush();
        plot.draw(jsonRows);
        return ok ? 0 : 1;
    }

    private void header(PrintWriter out, RoundOptions r) {
        out.printf(Locale.ROOT, "jpio bench seq: a preallocated file in %s overwritten and read back byte by byte (the DZone sequential I/O article)%n", r.dir());
        if (size > 0) out.printf(Locale.ROOT, "  cached:  %s, held by the page cache: writes end in the cache, reads are warm%n", Sizes.format(size));
        if (large > 0) out.printf(Locale.ROOT, "  evicted: %s, as if larger than the page cache: writes end with fdatasync (timed), and the file is%n"
                + "           dropped from the cache (fdatasync + posix_fadvise DONTNEED) before every write and read%n", Sizes.format(large));
        out.printf(Locale.ROOT, "  figures: median of %d timed round(s) after %d warm-up round(s), MiB/s = 2^20 bytes per second from open to close;%n", r.repeat(), r.warmup());
        out.println("  x/C: median of per-round ratios to c-page of the same round; every pass is checked by checksum");
        out.println();
        out.println(SeqResult.header());
    }

    private static void legend(PrintWriter out, List<SeqCase> selected) {
        out.println("rows:");
        for (SeqCase c : selected) out.printf(Locale.ROOT, "  %-16s %s%n", c.name(), c.description());
    }
}
