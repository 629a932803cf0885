package org.jpio.examples.h5;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Spmd;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.WorkDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench h5}: for each array size and process count N, rounds in which, one after the other,
 * jpio writes and reads the array as an HDF5 dataset and as RAW ({@code mpirun -np N}, MPI processes),
 * C parallel HDF5 does the same under mpirun with the same options (making the file anew over the old one,
 * and writing the old file's dataset again), and h5py does it from one process.
 * Every write ends with the file synced, every read is checked element by element; the order of the
 * launches rotates from round to round. The table gives each row's median rates and the ratio of HDF5
 * through jpio to that row in the same round (above 1: jpio's HDF5 is faster).
 * Runs outside mpirun: it starts mpirun itself for every row.
 */
@Command(name = "h5", mixinStandardHelpOptions = true,
        description = {"coll_perf as an HDF5 dataset: jpio (HDF5 and RAW) side by side with C parallel HDF5 and h5py; see docs/BENCHMARKS.md.",
                "Starts mpirun -np N for jpio and for the C peer itself (run it without mpirun)."})
public final class H5BenchCommand implements Callable<Integer> {
    @Option(names = "--dims", defaultValue = "256,256,256;512,512,512", split = ";",
            description = "Global int arrays X,Y,Z, separated by ';'. Default: ${DEFAULT-VALUE} (coll_perf's 256^3 and 512^3).")
    List<String> dimsList;

    @Option(names = "--np", split = ",", defaultValue = "1,2,4", description = "Process counts N. Default: ${DEFAULT-VALUE}.")
    int[] nps;

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds; rates and ratios are medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup", defaultValue = "1", description = {"Untimed rounds in each launch before the timed one, for jpio (the JIT) and the peers alike,",
            "so every timed write replaces an existing file of the same size. Default: ${DEFAULT-VALUE}."})
    int warmup;

    @Option(names = "--timed", defaultValue = "1", description = {"Timed rounds in each jpio launch after the warm-up, alternating HDF5 and RAW; jpio's",
            "figure of a launch is their median (the C peers and h5py time one round per launch). Default: ${DEFAULT-VALUE}."})
    int timed;

    @Option(names = "--write-mode", defaultValue = "in-place", description = {"How jpio's rows write over the file of the round before: in-place (WriteMode.IN_PLACE:",
            "over the old file's blocks, as c-overwrite does; the c peer and h5py truncate it first) or replace (the default of",
            "DistributedArray.write: a temporary renamed over the old version, which stays whole until the new one is). Default: ${DEFAULT-VALUE}."})
    String writeMode;

    @Option(names = "--peers", split = ",", defaultValue = "c,c-overwrite,h5py", description = {"Peers in the same rounds: c (C parallel HDF5 making the file",
            "anew, H5Fcreate), c-overwrite (the same writing the old file's dataset again, H5Fopen), h5py, or none. Default: ${DEFAULT-VALUE}."})
    List<String> peers;

    @Option(names = "--python", defaultValue = "/usr/bin/python3", description = "The Python with h5py. Default: ${DEFAULT-VALUE}.")
    String python;

    @Option(names = "--dir", description = "Directory for the files (removed after each row). Default: a new private temporary directory.")
    Path dir;

    @Option(names = "--hint", description = "key=value hint for jpio's rows (repeatable), e.g. cb_buffer_size=16777216.")
    List<String> hints = new ArrayList<>();

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        if (Spmd.launchedByMpi()) throw new IllegalStateException("run bench h5 without mpirun: it starts mpirun -np N for every row itself");
        if (repeat < 1 || warmup < 0 || timed < 1)
            throw new IllegalArgumentException("--repeat=" + repeat + " and --timed=" + timed + " must be >= 1 and --warmup=" + warmup + " >= 0");
        List<int[]> sizes = new ArrayList<>();
        for (String d : dimsList) {
            int[] x = Arrays.stream(d.trim().split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
            if (x.length != 3 || Arrays.stream(x).anyMatch(v -> v < 1)) throw new IllegalArgumentException("--dims " + d + " must be three positive sizes X,Y,Z");
            sizes.add(x);
        }
        if (!writeMode.equals("in-place") && !writeMode.equals("replace"))
            throw new IllegalArgumentException("--write-mode=" + writeMode + " must be in-place or replace");
        plot.check();
        for (String p : peers)
            if (!List.of("c", "c-overwrite", "h5py", "none").contains(p)) throw new IllegalArgumentException("--peers " + p + " must be c, c-overwrite, h5py or none");
        boolean c = peers.contains("c"), co = peers.contains("c-overwrite"), py = peers.contains("h5py");
        if ((c || co) && H5Peers.cUnavailable() != null) throw new IllegalStateException("C peer unavailable: " + H5Peers.cUnavailable() + " (or pass --peers h5py/none)");
        if (py && H5Peers.h5pyUnavailable(python) != null) throw new IllegalStateException(H5Peers.h5pyUnavailable(python) + " (or --peers c/none, --python)");
        WorkDir workDir = WorkDir.of(dir, "jpio-bench-h5"); // 0700: private on a shared node; removed with what a failed row left
        Path work = workDir.path();
        long errors = 0;
        List<String> jsonRows = new ArrayList<>();
        try (workDir) {
            for (int[] dims : sizes) {
                for (int np : nps) {
                    Map<String, List<H5Peers.Row>> rows = new LinkedHashMap<>();
                    rows.put("jpio h5", new ArrayList<>());                  // the table's order, whatever order the rounds ran in
                    for (int round = 0; round < repeat; round++) {
                        int n = np, at = round;
                        List<Step> steps = new ArrayList<>();
                        steps.add(() -> H5Peers.jpio(n, dims, work, warmup, timed, at % 2 == 0, writeMode, hints));
                        if (c) steps.add(() -> List.of(H5Peers.c(n, dims, work, warmup, false)));
                        if (co) steps.add(() -> List.of(H5Peers.c(n, dims, work, warmup, true)));
                        if (py) steps.add(() -> List.of(H5Peers.h5py(python, dims, work, warmup)));
                        java.util.Collections.rotate(steps, round);           // who goes first changes from round to round
                        for (Step step : steps) for (H5Peers.Row r : step.run()) rows.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
                    }
                    errors += print(dims, np, rows, jsonRows);
                }
            }
        }
        plot.draw(jsonRows);
        if (errors != 0) System.err.println("bench h5: " + errors + " elements read back wrong");
        return errors == 0 ? 0 : 1;
    }

    /** One launch of a round: its rows. */
    private interface Step { List<H5Peers.Row> run() throws Exception; }

    /** Prints one size and N; returns the elements read back wrong. */
    private long print(int[] dims, int np, Map<String, List<H5Peers.Row>> rows, List<String> jsonRows) {
        long bytes = 4L * dims[0] * dims[1] * dims[2];
        List<H5Peers.Row> h5 = rows.get("jpio h5");
        String size = dims[0] + "x" + dims[1] + "x" + dims[2];
        if (!json) {
            System.out.printf(Locale.ROOT, "bench h5: %s int (%.1f MiB), N=%d MPI processes (%s), median of %d round(s)%s, page cache warm, every write synced, jpio writes %s%n",
                    size, bytes / 1048576.0, np, String.join(" ", H5Peers.MPIRUN), repeat,
                    timed > 1 ? " (jpio: each the median of " + timed + " timed rounds in one launch)" : "", writeMode);
            System.out.printf(Locale.ROOT, "%-20s %12s %12s %12s %12s  %s%n", "row", "write MiB/s", "read MiB/s", "h5 write x", "h5 read x", "how");
        }
        long errors = 0;
        for (Map.Entry<String, List<H5Peers.Row>> e : rows.entrySet()) {
            List<H5Peers.Row> rs = e.getValue();
            double[] w = new double[rs.size()], r = new double[rs.size()], wx = new double[rs.size()], rx = new double[rs.size()];
            for (int i = 0; i < rs.size(); i++) {
                w[i] = bytes / 1048576.0 / rs.get(i).writeSeconds();
                r[i] = bytes / 1048576.0 / rs.get(i).readSeconds();
                wx[i] = rs.get(i).writeSeconds() / h5.get(i).writeSeconds();   // HDF5 through jpio against this row, same round
                rx[i] = rs.get(i).readSeconds() / h5.get(i).readSeconds();
                errors += rs.get(i).errors();
            }
            H5Peers.Row last = rs.get(rs.size() - 1);
            String row = new Json().put("bench", "h5").put("row", e.getKey()).put("dims", size).put("np", np).put("bytes", bytes)
                    .put("rounds", rs.size()).put("timed_per_launch", e.getKey().startsWith("jpio") ? timed : 1).put("write_mibs", Stats.median(w)).put("read_mibs", Stats.median(r))
                    .put("h5_write_ratio", Stats.median(wx)).put("h5_read_ratio", Stats.median(rx)).put("errors", last.errors()).put("how", last.choice()).put("written", last.written()).toString();
            jsonRows.add(row);
            if (json) {
                System.out.println(row);
            } else {
                System.out.printf(Locale.ROOT, "%-20s %12.1f %12.1f %12.2f %12.2f  %s%n", e.getKey(), Stats.median(w), Stats.median(r), Stats.median(wx),
                        Stats.median(rx), last.errors() == 0 ? last.choice() : "ERRORS=" + last.errors());
            }
        }
        return errors;
    }
}
