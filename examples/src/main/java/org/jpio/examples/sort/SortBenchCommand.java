package org.jpio.examples.sort;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jpio.async.AsyncEngines;
import org.jpio.async.AsyncOptions;
import picocli.CommandLine;
import org.jpio.examples.bench.PlotOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jpio bench sort}: the seed's experiment. Generates one input of random longs per size, sorts it
 * with each variant, checks every output (sorted, and the same multiset as the input by fingerprint),
 * and prints total time, time blocked in I/O calls, and the ratios the issue targets: async's speed-up
 * over sblock, and async's blocked time relative to ablock's.
 */
@Command(name = "sort", mixinStandardHelpOptions = true,
        description = "External merge sort benchmark: AsyncFile double buffering vs blocking Java I/O (the Titanium AsyncFile seed).")
public final class SortBenchCommand implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--size", defaultValue = "1g", description = "input size for the fast variants (k/m/g suffixes), default ${DEFAULT-VALUE}")
    String size;

    @Option(names = "--memory", defaultValue = "96m", description = "sort memory: pass 1 uses four run-sized arrays of a quarter each (three buffers, one radix scratch), default ${DEFAULT-VALUE}")
    String memory;

    @Option(names = "--variants", defaultValue = "async,ablock,sblock,sblocku,rblock", split = ",",
            description = "variants to run, default ${DEFAULT-VALUE}")
    List<String> variants;

    @Option(names = "--slow-size", defaultValue = "2m",
            description = "input size for the slow per-syscall variants (sblocku, rblock), default ${DEFAULT-VALUE}; their memory is scaled alike")
    String slowSize;

    @Option(names = "--engine", defaultValue = "auto", description = "AsyncFile engine: auto, uring, portable; default ${DEFAULT-VALUE}")
    String engine;

    @Option(names = "--dir", description = "directory for the input, outputs and runs (default: java.io.tmpdir)")
    Path dir;

    @Option(names = "--json", description = "print the results as JSON")
    boolean json;

    @Option(names = "--warmup", defaultValue = "true", negatable = true,
            description = "sort a small file with each variant first, untimed, so no variant pays the JIT's warm-up (default on)")
    boolean warmup;

    @Option(names = "--seed", defaultValue = "1", description = "random seed of the input")
    long seed;

    @Option(names = "--no-bound",
            description = "do not time the bound: by default, with the async variant, the sort's computation alone (in memory) and its I/O alone"
                    + " (async's reads and writes without sorting) are timed too, and async is reported against the larger, the most overlap can give")
    boolean noBound;

    @Mixin PlotOption plot;

    /** The bound of async's time: its computation alone and its I/O alone, on the same input and plan. */
    record Bound(long computeNanos, long ioNanos, long bytes) {
        long nanos() { return Math.max(computeNanos, ioNanos); }
    }

    /** One measured variant with its check. */
    record Row(ExternalSort.Result result, long memory, boolean sorted, boolean permutation) {
        double nsPerByte() { return (double) result.totalNanos() / Math.max(1, result.bytes()); }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new SortBenchCommand()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        CommandLine cl = spec.commandLine();
        long fastBytes = parseSize(cl, "--size", size), slowBytes = parseSize(cl, "--slow-size", slowSize), mem = parseSize(cl, "--memory", memory);
        List<Variant> vs = new ArrayList<>();
        for (String v : variants) vs.add(Variant.of(v));
        AsyncOptions options = AsyncOptions.defaults().withEngine(engine);
        plot.check();
        Bound limit = null;
        Path work = Files.createTempDirectory(dir != null ? dir : Path.of(System.getProperty("java.io.tmpdir")), "jpio-sort-");
        List<Row> rows = new ArrayList<>();
        try {
            if (warmup) {
                Path w = work.resolve("warmup");
                long wb = Math.min(fastBytes, 4L << 20);
                LongFiles.generate(w, wb / 8, seed + 1);
                for (Variant v : vs) {
                    long b = v.slow() ? Math.min(wb, 64 << 10) : wb;
                    if (b < wb) LongFiles.generate(w, b / 8, seed + 1);
                    new ExternalSort(v, SortPlan.forMemory(Math.max(48 * 1024, b / 4), b / 8), options).sort(w, work.resolve("warm-" + v.id()), work);
                }
            }
            for (boolean slow : new boolean[] {false, true}) {
                long bytes = slow ? Math.min(slowBytes, fastBytes) : fastBytes;
                long m = slow ? Math.max(48 * 1024, (long) (mem * ((double) bytes / fastBytes))) : mem;
                List<Variant> these = vs.stream().filter(v -> v.slow() == slow).toList();
                if (these.isEmpty()) continue;
                Path in = work.resolve("input-" + bytes);
                LongFiles.Fingerprint fp = LongFiles.generate(in, bytes / 8, seed);
                SortPlan plan = SortPlan.forMemory(m, bytes / 8);
                for (Variant v : these) {
                    Path o = work.resolve("sorted-" + v.id());
                    if (!json) out.printf(Locale.ROOT, "running %s on %s (memory %s, plan %s)...%n", v.id(), human(bytes), human(m), plan);
                    out.flush();
                    ExternalSort.Result r = new ExternalSort(v, plan, options).sort(in, o, work);
                    LongFiles.Scan s = LongFiles.scan(o);
                    rows.add(new Row(r, m, s.sorted(), s.fingerprint().equals(fp)));
                    Files.delete(o);
                }
                if (!noBound && !slow && these.contains(Variant.ASYNC)) {
                    if (!json) out.printf(Locale.ROOT, "timing the bound: async's I/O alone, then the computation alone in memory...%n");
                    out.flush();
                    Path o = work.resolve("io-alone");
                    long io = new ExternalSort(Variant.ASYNC, plan, options).ioAlone().sort(in, o, work).totalNanos();
                    Files.delete(o);
                    limit = new Bound(ComputeAlone.nanos(in, plan), io, bytes);
                }
                Files.delete(in);
            }
        } finally {
            try (var left = Files.list(work)) {
                for (Path p : left.toList()) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(work);
        }
        String j = json(rows, limit);
        if (json) out.println(j);
        else table(out, rows, limit);
        plot.draw(List.of(j));
        boolean ok = rows.stream().allMatch(r -> r.sorted() && r.permutation());
        if (!ok) spec.commandLine().getErr().println("FAILED: an output was not a sorted permutation of its input");
        return ok ? 0 : 1;
    }

    private static Row find(List<Row> rows, Variant v) {
        return rows.stream().filter(r -> r.result().variant() == v).findFirst().orElse(null);
    }

    private void table(PrintWriter out, List<Row> rows, Bound limit) {
        out.println("async engines: " + String.join("; ", AsyncEngines.describe()));
        out.printf(Locale.ROOT, "%-8s %-8s %-7s %10s %10s %7s %5s %6s %9s %8s %s%n",
                "variant", "size", "memory", "total s", "io s", "io %", "runs", "passes", "ns/byte", "check", "engine");
        for (Row r : rows) {
            ExternalSort.Result x = r.result();
            out.printf(Locale.ROOT, "%-8s %-8s %-7s %10.3f %10.3f %6.1f%% %5d %6d %9.2f %8s %s%n", x.variant().id(), human(x.bytes()),
                    human(r.memory()), x.totalNanos() / 1e9, x.ioNanos() / 1e9, 100.0 * x.ioNanos() / x.totalNanos(), x.runs(),
                    x.mergePasses(), r.nsPerByte(), r.sorted() && r.permutation() ? "ok" : "BAD", x.engine());
        }
        Row async = find(rows, Variant.ASYNC), ablock = find(rows, Variant.ABLOCK);
        if (async == null) return;
        for (Row r : rows) {
            if (r == async) continue;
            boolean same = r.result().bytes() == async.result().bytes();
            out.printf(Locale.ROOT, "speed-up async vs %-7s %7.2fx%s%n", r.result().variant().id(),
                    same ? (double) r.result().totalNanos() / async.result().totalNanos() : r.nsPerByte() / async.nsPerByte(),
                    same ? "" : " (per byte: " + r.result().variant().id() + " ran on " + human(r.result().bytes()) + ")");
        }
        if (ablock != null)
            out.printf(Locale.ROOT, "async blocked on I/O: %.3f s = %.1f%% of ablock's %.3f s%n", async.result().ioNanos() / 1e9,
                    100.0 * async.result().ioNanos() / ablock.result().ioNanos(), ablock.result().ioNanos() / 1e9);
        if (limit != null)
            out.printf(Locale.ROOT, "async %.3f s against max(computation alone %.3f s, I/O alone %.3f s) = %.3f s: %.2fx of the bound%n",
                    async.result().totalNanos() / 1e9, limit.computeNanos() / 1e9, limit.ioNanos() / 1e9, limit.nanos() / 1e9,
                    (double) async.result().totalNanos() / limit.nanos());
    }

    private static String json(List<Row> rows, Bound limit) {
        StringBuilder b = new StringBuilder("{\"benchmark\":\"sort\",\"engines\":[");
        List<String> es = AsyncEngines.describe();
        for (int i = 0; i < es.size(); i++) b.append(i > 0 ? "," : "").append('"').append(es.get(i).replace("\\", "\\\\").replace("\"", "'")).append('"');
        b.append("],\"results\":[");
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            ExternalSort.Result x = r.result();
            b.append(i > 0 ? "," : "").append(String.format(Locale.ROOT,
                    "{\"variant\":\"%s\",\"bytes\":%d,\"memory\":%d,\"total_s\":%.6f,\"io_s\":%.6f,\"runs\":%d,\"merge_passes\":%d,"
                            + "\"ns_per_byte\":%.4f,\"sorted\":%b,\"permutation\":%b,\"engine\":\"%s\"}",
                    x.variant().id(), x.bytes(), r.memory(), x.totalNanos() / 1e9, x.ioNanos() / 1e9, x.runs(), x.mergePasses(),
                    r.nsPerByte(), r.sorted(), r.permutation(), x.engine()));
        }
        b.append(']');
        Row async = find(rows, Variant.ASYNC), ablock = find(rows, Variant.ABLOCK), sblock = find(rows, Variant.SBLOCK);
        if (async != null && sblock != null) b.append(String.format(Locale.ROOT, ",\"speedup_vs_sblock\":%.4f", sblock.nsPerByte() / async.nsPerByte()));
        if (async != null && ablock != null)
            b.append(String.format(Locale.ROOT, ",\"io_fraction_of_ablock\":%.4f", (double) async.result().ioNanos() / ablock.result().ioNanos()));
        if (async != null && limit != null)
            b.append(String.format(Locale.ROOT, ",\"compute_alone_s\":%.6f,\"io_alone_s\":%.6f,\"bound_s\":%.6f,\"bound_ns_per_byte\":%.4f,\"async_vs_bound\":%.4f",
                    limit.computeNanos() / 1e9, limit.ioNanos() / 1e9, limit.nanos() / 1e9, (double) limit.nanos() / limit.bytes(),
                    (double) async.result().totalNanos() / limit.nanos()));
        return b.append('}').toString();
    }

    /** "1g", "64m", "4k" or a byte count; a positive multiple of 8. */
    static long parseSize(CommandLine cl, String option, String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        if (t.endsWith("k")) mult = 1L << 10;
        else if (t.endsWith("m")) mult = 1L << 20;
        else if (t.endsWith("g")) mult = 1L << 30;
        if (mult > 1) t = t.substring(0, t.length() - 1);
        long v;
        try {
            v = Math.multiplyExact(Long.parseLong(t), mult);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new CommandLine.ParameterException(cl, option + "=" + s + " is not a size like 64m or 1g");
        }
        if (v <= 0 || v % 8 != 0) throw new CommandLine.ParameterException(cl, option + "=" + s + " must be a positive multiple of 8 bytes");
        return v;
    }

    static String human(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) return (bytes >> 30) + "GiB";
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) return (bytes >> 20) + "MiB";
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) return (bytes >> 10) + "KiB";
        return bytes + "B";
    }
}
