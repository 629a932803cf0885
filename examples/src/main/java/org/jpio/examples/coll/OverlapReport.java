package org.jpio.examples.coll;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Stats;

/**
 * {@code bench coll --nonblocking}: the rounds of {@link OverlapBench} on every jpio backend and, in one JVM,
 * the C peer on ROMIO and OMPIO ({@code --peers}, those two only); medians over rounds, one table or JSON
 * rows ({@code "bench":"coll-overlap"}), and the figure.
 */
final class OverlapReport {
    private OverlapReport() { }

    /** What the command line chose; the peers already filtered to those this mode has (romio321, ompio). */
    record Run(Comm world, int ranks, boolean mpi, CollBench.Setup setup, List<String> backends, List<String> peers, Map<String, String> hints,
               int repeat, int warmup, Path file, boolean json, PlotOption plot) { }

    static int run(Run c) throws Exception {
        if (c.setup().overwrite() || c.setup().sync())
            throw new IllegalArgumentException("--nonblocking times a new file's write (no --mode overwrite, no --sync)");
        Map<String, String> unavailable = new LinkedHashMap<>();
        List<String> peers = new ArrayList<>();
        for (String p : c.peers()) {
            String why = !p.equals("romio321") && !p.equals("ompio") ? "no nonblocking form (--nonblocking runs MPI_File_iwrite_all on romio321 and ompio)"
                    : c.setup().type() != org.jpio.io.ElementType.INT ? "mpi_coll_overlap writes int only" : NativePrograms.unavailable("mpi_coll_overlap");
            if (why == null) peers.add(p);
            else unavailable.put(Peer.rowName(p), why);
        }
        Path f = c.file() != null ? c.file().toAbsolutePath() : Path.of(System.getProperty("java.io.tmpdir"), "jpio-overlap-" + ProcessHandle.current().pid() + ".bin");
        if (c.mpi()) f = Path.of(new String(c.world().bcastBytes(f.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8), 0), java.nio.charset.StandardCharsets.UTF_8));
        Map<String, List<OverlapBench.Result>> rows = new LinkedHashMap<>();
        try {
            for (int round = -c.warmup(); round < c.repeat(); round++) {
                for (String b : c.backends()) {
                    Path ff = f;
                    OverlapBench.Result r = c.mpi() ? OverlapBench.run(c.world(), c.setup(), b, f, c.hints())
                            : LocalComm.runAndCollect(c.ranks(), comm -> OverlapBench.run(comm, c.setup(), b, ff, c.hints())).get(0);
                    if (round >= 0) rows.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
                }
                if (round >= 0) for (String p : peers) rows.computeIfAbsent(Peer.rowName(p), k -> new ArrayList<>()).add(OverlapBench.peer(p, c.ranks(), c.setup(), f, c.hints()));
            }
        } finally {
            if (c.file() == null && c.world().rank() == 0) Files.deleteIfExists(f);
        }
        if (c.world().rank() != 0) return 0;
        CollBench.Setup s = c.setup();
        List<String> text = new ArrayList<>(), json = new ArrayList<>();
        text.add(String.format(Locale.ROOT, "bench coll --nonblocking: %s %s (%.1f MiB), %d %s, hints %s: the write started with iwriteAll "
                + "(C: MPI_File_iwrite_all), every rank computes for the blocking write's time B, then waits; median of %d round(s) after %d untimed jpio round(s)",
                s.dimsText(), s.typeName(), s.bytes() / 1048576.0, c.ranks(), c.mpi() ? "MPI processes" : "ranks as threads in one JVM (peers: MPI processes)",
                c.hints(), c.repeat(), c.warmup()));
        text.add(String.format(Locale.ROOT, "%-24s %10s %9s %10s %9s %8s  %s", "row", "B (s)", "start (s)", "compute (s)", "wait (s)", "wait/B", "done before the wait; status"));
        long errors = 0;
        for (Map.Entry<String, List<OverlapBench.Result>> e : rows.entrySet()) {
            List<OverlapBench.Result> rs = e.getValue();
            List<OverlapBench.Result> ok = rs.stream().filter(OverlapBench.Result::ok).toList();
            Json row = row(e.getKey(), c, s).put("rounds", rs.size()).put("rounds_ok", ok.size());
            for (OverlapBench.Result r : rs) errors += Math.max(0, r.errors());
            if (ok.isEmpty()) {
                String why = rs.get(rs.size() - 1).status();
                json.add(row.put("status", why).toString());
                text.add(String.format(Locale.ROOT, "%-24s failed in every round: %s", e.getKey(), why));
                continue;
            }
            double b = median(ok, OverlapBench.Result::blocking), st = median(ok, OverlapBench.Result::start),
                    co = median(ok, OverlapBench.Result::compute), w = median(ok, OverlapBench.Result::waitS), frac = median(ok, OverlapBench.Result::waitFraction);
            long doneRounds = ok.stream().filter(r -> r.doneBeforeWait() == 1).count();
            boolean asked = ok.get(0).doneBeforeWait() >= 0;
            String done = asked ? doneRounds + "/" + ok.size() + " rounds" : "not asked (an MPI_Test would progress it)";
            String status = ok.size() == rs.size() ? "ok" : "failed in " + (rs.size() - ok.size()) + " round(s): " + rs.stream().filter(r -> !r.ok()).findFirst().get().status();
            long errs = ok.get(ok.size() - 1).errors();
            json.add(row.put("blocking_ms", 1e3 * b).put("start_ms", 1e3 * st).put("compute_ms", 1e3 * co).put("wait_ms", 1e3 * w).put("wait_fraction", frac)
                    .put("done_before_wait", asked ? Long.toString(doneRounds) : "n/a").put("errors", errs).put("status", errs == 0 ? status : "ERRORS=" + errs).toString());
            text.add(String.format(Locale.ROOT, "%-24s %10.4f %9.4f %10.4f %9.4f %7.1f%%  %s; %s", e.getKey(), b, st, co, w, 100 * frac, done,
                    errs == 0 ? status : "ERRORS=" + errs));
        }
        unavailable.forEach((name, why) -> {
            json.add(row(name, c, s).put("unavailable", why).toString());
            text.add(String.format(Locale.ROOT, "%-24s unavailable: %s", name, why));
        });
        (c.json() ? json : text).forEach(System.out::println);
        System.out.flush();
        c.plot().draw(json);
        if (errors != 0) System.err.println("bench coll --nonblocking: " + errors + " elements read back wrong");
        return errors == 0 ? 0 : 1;
    }

    private static double median(List<OverlapBench.Result> rs, java.util.function.ToDoubleFunction<OverlapBench.Result> f) {
        return Stats.median(rs.stream().mapToDouble(f).toArray());
    }

    private static Json row(String name, Run c, CollBench.Setup s) {
        return new Json().put("bench", "coll-overlap").put("row", name).put("ranks", c.ranks()).put("mpi", c.mpi()).put("type", s.typeName())
                .put("dims", s.dimsText()).put("bytes", s.bytes());
    }
}
