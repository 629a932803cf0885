package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.Stats;

/**
 * The rounds of {@code bench coll} for one setup and one rank count, and their table. In one JVM a round
 * runs, in an order that rotates from round to round: each jpio backend on in-JVM ranks, jpio on MPI
 * processes ({@code bin/jpio bench coll} under mpirun, one timed round after its own warm-up, when asked
 * for) and each C peer; untimed rounds of the in-JVM rows come first. Under mpirun (the world is the
 * processes) a round is the jpio backends only. Every row's rates are medians over rounds, and its ratios
 * medians of its rate over the baseline's in the same round.
 */
final class CollRounds {
    /** Who runs: the setup, N, backends, whether jpio runs on in-JVM ranks (or the world's processes) and on MPI children, the peers. */
    record Plan(CollBench.Setup setup, int n, List<String> backends, boolean inJvm, boolean children, List<String> peers, Map<String, String> hints,
                int repeat, int warmup, String javaOpts) { }

    /** A launch of one round: its rows. */
    private interface Step { List<CollBench.Result> run() throws Exception; }

    private CollRounds() { }

    /** Runs the plan's rounds on {@code world} (the processes under mpirun) or in this JVM; rank 0's rows by name, in first-seen order. */
    static Map<String, List<CollBench.Result>> run(Plan p, Comm world, boolean mpi, Path file) throws Exception {
        Map<String, List<CollBench.Result>> rows = new LinkedHashMap<>();
        for (int round = -p.warmup(); round < p.repeat(); round++) {
            List<Step> steps = new ArrayList<>();
            for (String b : p.backends()) {
                if (mpi) steps.add(() -> List.of(CollBench.run(world, p.setup(), b, file, p.hints())));
                else if (p.inJvm()) steps.add(() -> LocalComm.runAndCollect(p.n(), c -> CollBench.run(c, p.setup(), b, file, p.hints())).subList(0, 1));
            }
            if (round < 0) {                                       // untimed: the in-JVM rows warm up
                for (Step s : steps)
                    for (CollBench.Result r : s.run())
                        if (r.errors() != 0) throw new IllegalStateException("warm-up round of " + r.name() + ": " + r.errors() + " elements read back wrong");
                continue;
            }
            if (p.children()) steps.add(() -> children(p, file));
            for (String peer : p.peers()) steps.add(() -> List.of(Peer.run(peer, p.n(), p.setup(), file, p.hints())));
            Collections.rotate(steps, round);                       // who goes first changes from round to round
            for (Step s : steps) for (CollBench.Result r : s.run()) rows.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
        }
        return rows;
    }

    /** jpio on N MPI processes: {@code bin/jpio bench coll} under mpirun, its backends' rows renamed. */
    private static List<CollBench.Result> children(Plan p, Path file) throws IOException {
        CollBench.Setup s = p.setup();
        List<String> args = new ArrayList<>(List.of("bench", "coll", "--json", "--peers", "none", "--repeat", "1", "--warmup", "" + p.warmup(),
                "--type", s.typeName(), "--mode", s.mode(), "--backend", String.join(",", p.backends()), "--file", file.toString(), "--pattern", s.pattern().kind()));
        if (s.pattern().interleaved()) args.addAll(List.of("--total", "" + s.bytes(), "--block", "" + s.pattern().block()));
        else args.addAll(List.of("--dims", s.dims()[0] + "," + s.dims()[1] + "," + s.dims()[2], "--darg", "" + Math.max(1, s.pattern().block())));
        if (s.sync()) args.add("--sync");
        args.addAll(MpiChild.hintArgs(p.hints()));
        List<CollBench.Result> out = new ArrayList<>();
        for (String r : MpiChild.run(p.n(), args, p.javaOpts())) {
            double w = MpiChild.number(r, "write_mibs"), rd = MpiChild.number(r, "read_mibs");
            out.add(new CollBench.Result(MpiChild.text(r, "row") + ", MPI processes", p.n(), s.bytes(), s.bytes() / 1048576.0 / w, s.bytes() / 1048576.0 / rd,
                    (long) MpiChild.number(r, "errors"), MpiChild.text(r, "choice")));
        }
        return out;
    }

    /** The table's lines (or JSON rows) of the plan's rows, ratios to {@code base}; adds the JSON rows to {@code jsonRows}; returns the elements read back wrong. */
    static long print(Plan p, boolean mpi, Map<String, List<CollBench.Result>> rows, Map<String, String> unavailable, String base, boolean json,
                      List<String> jsonRows) {
        CollBench.Setup s = p.setup();
        long errors = 0;
        List<String> text = new ArrayList<>(), mine = new ArrayList<>();
        text.add(String.format(Locale.ROOT, "bench coll: %s %s %s (%.1f MiB), %d %s, hints %s, mode %s%s, median of %d round(s) after %d untimed jpio round(s), "
                        + "page cache warm as in coll_perf", s.pattern().label(), s.dimsText(), s.typeName(), s.bytes() / 1048576.0, p.n(),
                mpi ? "MPI processes" : "ranks (jpio: threads in one JVM" + (p.children() ? " and MPI processes" : "") + "; peers: MPI processes)",
                p.hints(), s.mode(), s.sync() ? " (durable: sync inside the timed write)" : "", p.repeat(), p.warmup()));
        text.add(String.format(Locale.ROOT, "%-36s %12s %12s %9s %9s  %s", "row", "write MiB/s", "read MiB/s", "write x", "read x", "ratio to " + base + "; choice"));
        for (Map.Entry<String, List<CollBench.Result>> e : rows.entrySet()) {
            List<CollBench.Result> rs = e.getValue(), bs = rows.get(base);
            double[] w = new double[rs.size()], r = new double[rs.size()], wx = new double[rs.size()], rx = new double[rs.size()];
            for (int i = 0; i < rs.size(); i++) {
                w[i] = rs.get(i).writeMibs();
                r[i] = rs.get(i).readMibs();
                wx[i] = w[i] / bs.get(i).writeMibs();
                rx[i] = r[i] / bs.get(i).readMibs();
                errors += Math.max(0, rs.get(i).errors());
            }
            CollBench.Result last = rs.get(rs.size() - 1);
            mine.add(row(e.getKey(), p.n(), mpi || e.getKey().endsWith(", MPI processes"), s).put("write_mibs", Stats.median(w)).put("read_mibs", Stats.median(r))
                    .put("write_ratio", Stats.median(wx)).put("read_ratio", Stats.median(rx)).put("baseline", base)
                    .put("errors", last.errors()).put("verified", last.errors() >= 0).put("choice", last.choice()).toString());
            text.add(String.format(Locale.ROOT, "%-36s %12.1f %12.1f %9.2f %9.2f  %s", e.getKey(), Stats.median(w), Stats.median(r),
                    Stats.median(wx), Stats.median(rx), last.errors() <= 0 ? last.choice() : "ERRORS=" + last.errors()));
        }
        unavailable.forEach((name, why) -> {
            mine.add(row(name, p.n(), mpi, s).put("unavailable", why).toString());
            text.add(String.format(Locale.ROOT, "%-36s unavailable: %s", name, why));
        });
        (json ? mine : text).forEach(System.out::println);
        System.out.flush();
        jsonRows.addAll(mine);
        return errors;
    }

    private static Json row(String name, int n, boolean mpi, CollBench.Setup s) {
        return new Json().put("bench", "coll").put("row", name).put("ranks", n).put("mpi", mpi).put("type", s.typeName())
                .put("dims", s.dimsText()).put("bytes", s.bytes()).put("mode", s.mode()).put("sync", s.sync())
                .put("pattern", s.pattern().kind()).put("block", s.pattern().block());
    }
}
