package org.jpio.examples.probe;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.RoundOptions;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code bench tuning} and {@code bench jvm-io} share: the options, the run of their points, the table
 * or JSON rows, the figure. Each defines its studies ({@link #points}) and what it derives and concludes from
 * the rows ({@link #derived}, {@link #summary}). Exit status 0 when every check passed.
 */
abstract class ProbeCommand implements Callable<Integer> {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(names = "--size", defaultValue = "64m", converter = org.jpio.examples.cli.SizeConverter.class,
            description = "Bytes each program moves at most. Default: ${DEFAULT-VALUE}.")
    long size;

    @Option(names = "--max-calls", defaultValue = "1000000",
            description = "At most this many system (or native) calls per program: a program making one per byte moves fewer bytes. Default: ${DEFAULT-VALUE}.")
    long maxCalls;

    @Option(names = "--studies", split = ",", description = "Studies to run (default: all).")
    List<String> studies = new ArrayList<>();

    @Mixin RoundOptions rounds;

    @Mixin PlotOption plot;

    /** The bench name in the JSON rows. */
    abstract String bench();

    /** The studies in order. */
    abstract List<String> allStudies();

    /** The points of one study. */
    abstract List<Point> points(String study);

    /** Rows computed from measured rows (differences), added after them. */
    List<ProbeRow> derived(List<ProbeRow> rows) { return List.of(); }

    /** Lines of conclusions printed under the table. */
    List<String> summary(List<ProbeRow> rows) { return List.of(); }

    /** Bytes a program moves when it makes one call per {@code unit} bytes: at most --size, at most --max-calls calls. */
    long bytesFor(long unit) { return Math.max(1, Math.min(size, maxCalls * unit)); }

    @Override
    public Integer call() throws Exception {
        rounds.check();
        if (size < 1) throw new IllegalArgumentException("size=" + size + " must be positive");
        if (maxCalls < 1) throw new IllegalArgumentException("max-calls=" + maxCalls + " must be positive");
        List<String> chosen = studies.isEmpty() ? allStudies() : studies;
        for (String s : chosen)
            if (!allStudies().contains(s)) throw new IllegalArgumentException("unknown study=" + s + " (known: " + String.join(", ", allStudies()) + ")");
        List<Point> points = new ArrayList<>();
        for (String s : chosen) points.addAll(points(s));
        plot.check();
        PrintWriter out = spec.commandLine().getOut();
        List<ProbeRow> rows = new ArrayList<>(new ProbeBench(bench(), rounds.repeat(), rounds.warmup(), rounds.dir()).run(points));
        rows.addAll(derived(rows));
        List<String> json = rows.stream().map(ProbeRow::json).toList();
        if (rounds.json()) {
            json.forEach(out::println);
        } else {
            out.printf("jpio bench %s: median of %d round(s) after %d warm-up round(s); time per byte (or per call) in ns, wall clock and user CPU;%n",
                    bench(), rounds.repeat(), rounds.warmup());
            out.println("  user CPU of the Java programs: " + Measure.USER_CLOCK + "; of the C programs: getrusage(RUSAGE_SELF)");
            out.println("  x C: the study's figure (wall clock, or user CPU where the paper measured user time) over its C counterpart's, per round, median");
            out.println();
            out.println(ProbeRow.header());
            String last = null;
            for (ProbeRow r : rows) {
                if (last != null && !last.equals(r.point().study())) out.println();
                last = r.point().study();
                out.println(r.text());
            }
            out.println();
            summary(rows).forEach(out::println);
        }
        out.flush();
        plot.draw(json);
        return rows.stream().allMatch(ProbeRow::ok) ? 0 : 1;
    }

    /** The measured row of {@code impl} at {@code param} in {@code study} and {@code op}, or null. */
    static ProbeRow find(List<ProbeRow> rows, String study, String impl, String op, long param) {
        for (ProbeRow r : rows) {
            Point p = r.point();
            if (p.study().equals(study) && p.impl().equals(impl) && p.op().equals(op) && p.param() == param && r.measured()) return r;
        }
        return null;
    }
}
