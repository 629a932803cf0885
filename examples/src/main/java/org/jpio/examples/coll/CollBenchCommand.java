package org.jpio.examples.coll;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Stats;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench coll}: the coll_perf pattern on jpio's collective backends, in one JVM (ranks as
 * threads, {@code --ranks}) or under {@code mpirun -np N bin/jpio bench coll} (ranks as processes). In one
 * JVM the C peers run in the same rounds ({@link Peer}: MPI-IO on ROMIO and OMPIO, ROMIO's own coll_perf,
 * the no-middleware limit), and every row gets its ratio to the first peer; under mpirun (which does not
 * nest) the ratio is to the first backend.
 */
@Command(name = "coll", mixinStandardHelpOptions = true,
        description = {"coll_perf: a BLOCK^3 darray written and read collectively; jpio backends side by side with C: MPI-IO on ROMIO and OMPIO",
                "(mpi_coll_perf), ROMIO's own test/coll_perf.c (overwrite mode), and the same pieces written by C processes without middleware (the limit)."})
public final class CollBenchCommand implements Callable<Integer> {
    @Option(names = "--dims", split = ",", defaultValue = "256,256,256", description = "Global array X,Y,Z. Default: ${DEFAULT-VALUE}.")
    int[] dims;

    @Option(names = "--type", defaultValue = "int", description = "int or double. Default: ${DEFAULT-VALUE}.")
    String type;

    @Option(names = "--backend", split = ",", defaultValue = "twophase",
            description = "jpio backends, run in turn: twophase (automatic choice per romio_cb_*), independent, romio. Default: ${DEFAULT-VALUE}.")
    List<String> backends;

    @Option(names = "--ranks", description = "Ranks as threads in this JVM (not under mpirun). Default: 4.")
    Integer ranks;

    @Option(names = "--peers", split = ",", defaultValue = "romio321,ompio,coll_perf,pieces",
            description = "C peers in the same rounds (one JVM only): romio321, ompio (mpi_coll_perf on that MPI-IO), coll_perf (ROMIO's own test, "
                    + "overwrite mode only), pieces (the limit: no middleware), or none. Default: ${DEFAULT-VALUE}.")
    List<String> peers;

    @Option(names = "--mode", defaultValue = "new",
            description = "new: the timed write creates the file (deleted before); overwrite: an untimed write and read first, then the timed "
                    + "write overwrites it, as ROMIO's coll_perf times it. Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(names = "--sync", description = "Durable writes: MPI_File_sync (jpio: ParallelFile.sync; pieces: fdatasync) inside the timed write.")
    boolean sync;

    @Option(names = "--hint", description = "key=value hint for jpio and the peers (repeatable), e.g. cb_buffer_size=65536.")
    List<String> hintArgs = new ArrayList<>();

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds; rates and ratios are medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup", defaultValue = "1",
            description = "Untimed rounds of every jpio row first (JIT warm-up; the C peers need none). Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--file", description = "Keep the file at this path. Default: a temporary file, removed afterwards.")
    Path file;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        ElementType t = switch (type) {
            case "int" -> ElementType.INT;
            case "double" -> ElementType.DOUBLE;
            default -> throw new IllegalArgumentException("--type=" + type + " must be int or double");
        };
        if (!mode.equals("new") && !mode.equals("overwrite")) throw new IllegalArgumentException("--mode=" + mode + " must be new or overwrite");
        if (repeat < 1) throw new IllegalArgumentException("--repeat=" + repeat + " must be >= 1");
        if (warmup < 0) throw new IllegalArgumentException("--warmup=" + warmup + " must be >= 0");
        CollBench.Setup setup = new CollBench.Setup(dims, t, mode.equals("overwrite"), sync);
        Map<String, String> hints = CollBench.givenHints(hintArgs);
        Comm world = Comm.world();
        boolean mpi = world instanceof MpiComm;
        if (mpi && ranks != null) throw new IllegalArgumentException("--ranks is for ranks in one JVM; under mpirun the ranks are the " + world.size() + " processes");
        int n = mpi ? world.size() : ranks == null ? 4 : ranks;
        List<String> peerList = mpi || peers.contains("none") ? List.of() : peers;
        Map<String, String> unavailable = new LinkedHashMap<>();
        List<String> running = new ArrayList<>();
        for (String p : peerList) {
            String why = Peer.unavailable(p, setup);
            if (why == null) running.add(p);
            else unavailable.put(Peer.rowName(p), why);
        }
        if (!peerList.isEmpty() && running.isEmpty()) throw new IllegalStateException("no C peer can run: " + unavailable + " (or pass --peers none)");
        Exception plotProblem = null; // checked on rank 0 only (it draws); every rank learns of a failure, so none waits in a collective
        if (world.rank() == 0) {
            try {
                plot.check();
            } catch (Exception e) {
                plotProblem = e;
            }
        }
        world.agree("--plot", plotProblem);
        Path f = file != null ? file.toAbsolutePath() : Path.of(System.getProperty("java.io.tmpdir"), "jpio-coll-" + ProcessHandle.current().pid() + ".bin");
        if (mpi) f = Path.of(new String(world.bcastBytes(f.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8), 0), java.nio.charset.StandardCharsets.UTF_8)); // rank 0 names the file
        boolean print = world.rank() == 0;
        Map<String, List<CollBench.Result>> rows = new LinkedHashMap<>();
        try {
            for (int round = -warmup; round < repeat; round++) {
                for (String b : backends) {
                    CollBench.Result r;
                    if (mpi) {
                        r = CollBench.run(world, setup, b, f, hints);
                    } else {
                        Path ff = f;
                        r = LocalComm.runAndCollect(n, c -> CollBench.run(c, setup, b, ff, hints)).get(0);
                    }
                    if (round >= 0) rows.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
                    else if (r.errors() != 0) throw new IllegalStateException("warm-up round of " + r.name() + ": " + r.errors() + " elements read back wrong");
                }
                if (round < 0) continue;
                for (String p : running) {
                    CollBench.Result r = Peer.run(p, n, setup, f, hints);
                    rows.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
                }
            }
        } finally {
            if (file == null && print) Files.deleteIfExists(f);
        }
        if (!print) return 0;
        String base = running.isEmpty() ? rows.keySet().iterator().next() : Peer.rowName(running.get(0));
        long errors = 0;
        List<String> text = new ArrayList<>(), jsonRows = new ArrayList<>();
        text.add(String.format(Locale.ROOT, "bench coll: %s %s (%.1f MiB), %d %s, hints %s, mode %s%s, median of %d round(s) after %d untimed jpio round(s), page cache warm as in coll_perf",
                setup.dimsText(), type, setup.bytes() / 1048576.0, n, mpi ? "MPI processes" : "ranks as threads in one JVM (peers: MPI processes)",
                hints, mode, sync ? " (durable: sync inside the timed write)" : "", repeat, warmup));
        text.add(String.format(Locale.ROOT, "%-24s %12s %12s %9s %9s  %s", "row", "write MiB/s", "read MiB/s", "write x", "read x", "ratio to " + base + "; choice"));
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
            jsonRows.add(row(e.getKey(), n, mpi, setup).put("write_mibs", Stats.median(w)).put("read_mibs", Stats.median(r))
                    .put("write_ratio", Stats.median(wx)).put("read_ratio", Stats.median(rx)).put("baseline", base)
                    .put("errors", last.errors()).put("verified", last.errors() >= 0).put("choice", last.choice()).toString());
            text.add(String.format(Locale.ROOT, "%-24s %12.1f %12.1f %9.2f %9.2f  %s", e.getKey(), Stats.median(w), Stats.median(r),
                    Stats.median(wx), Stats.median(rx), last.errors() <= 0 ? last.choice() : "ERRORS=" + last.errors()));
        }
        unavailable.forEach((name, why) -> {
            jsonRows.add(row(name, n, mpi, setup).put("unavailable", why).toString());
            text.add(String.format(Locale.ROOT, "%-24s unavailable: %s", name, why));
        });
        (json ? jsonRows : text).forEach(System.out::println);
        System.out.flush();
        plot.draw(jsonRows);
        if (errors != 0) System.err.println("bench coll: " + errors + " elements read back wrong");
        return errors == 0 ? 0 : 1;
    }

    private static Json row(String name, int n, boolean mpi, CollBench.Setup s) {
        return new Json().put("bench", "coll").put("row", name).put("ranks", n).put("mpi", mpi).put("type", s.typeName())
                .put("dims", s.dimsText()).put("bytes", s.bytes()).put("mode", s.mode()).put("sync", s.sync());
    }
}
