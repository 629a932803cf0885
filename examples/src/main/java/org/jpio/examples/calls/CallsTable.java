package org.jpio.examples.calls;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.Sizes;
import org.jpio.examples.bench.Stats;

/**
 * The rows of {@code bench calls}: every launch's rows of every round, and per (N, size, op) the medians
 * over rounds of microseconds per call and of jpio's time over ROMIO's in the same round (above 1: jpio is
 * slower). Launches: "c" (ROMIO in C), "mpi" (jpio on MPI processes), "threads" (jpio on in-JVM ranks).
 */
final class CallsTable {
    static final Map<String, String> LAUNCHES = Map.of("c", "ROMIO in C", "mpi", "jpio, MPI processes", "threads", "jpio, in-JVM ranks");
    private static final List<String> ORDER = List.of("c", "mpi", "threads");
    private final CallsBench.Setup setup;
    private final int repeat;
    /** launch/np -> the rows of each round, in round order. */
    private final Map<String, List<List<String>>> runs = new LinkedHashMap<>();
    private final List<String> all = new ArrayList<>();
    private long errors;

    CallsTable(CallsBench.Setup setup, int repeat) {
        this.setup = setup;
        this.repeat = repeat;
    }

    void add(String launch, int np, List<String> rows) {
        for (String r : rows) errors += (long) MpiChild.number(r, "errors");
        runs.computeIfAbsent(launch + "/" + np, k -> new ArrayList<>()).add(rows);
    }

    long errors() { return errors; }

    List<String> allJson() { return all; }

    List<String> header(String hints) {
        return List.of(String.format(Locale.ROOT, "bench calls: microseconds per call, %s; cold = the first call after a fresh open (median of %d opens), "
                        + "warm = the median batch of %d calls after %d warm-up calls (open+close: %d timed); medians of %d alternated round(s); "
                        + "x = jpio's time / ROMIO's in the same round (below 1: jpio faster); coll = collective operations of one warm call (rank 0, "
                + "the file's counters)", hints, setup.cold(), setup.batch(), setup.warmup(),
                        setup.opens(), repeat),
                String.format(Locale.ROOT, "%27s | %-13s | %-34s | %-34s", "", "ROMIO in C", "jpio, MPI processes", "jpio, in-JVM ranks"),
                String.format(Locale.ROOT, "%3s %9s %-13s | %6s %6s | %6s %6s %7s %7s %4s | %6s %6s %7s %7s %4s", "np", "per rank", "op", "cold", "warm",
                        "cold", "warm", "x cold", "x warm", "coll", "cold", "warm", "x cold", "x warm", "coll"));
    }

    /** The JSON rows of one N (also kept for the figure). */
    List<String> json(int np) {
        List<String> out = new ArrayList<>();
        for (long bytes : setup.sizes())
            for (String op : CallsBench.OPS)
                for (String launch : ORDER) {
                    Cell c = cell(launch, np, op, bytes);
                    if (c == null) continue;
                    out.add(new Json().put("bench", "calls").put("row", LAUNCHES.get(launch)).put("launch", launch).put("np", np).put("op", op)
                            .put("bytes", bytes).put("dims", c.dims).put("rounds", c.rounds).put("cold_us", c.cold).put("warm_us", c.warm)
                            .put("first_us", c.first).put("cold_ratio", c.coldRatio).put("warm_ratio", c.warmRatio).put("collectives", c.collectives)
                            .put("exchanged_bytes", c.exchanged).put("errors", c.errors).toString());
                }
        all.addAll(out);
        return out;
    }

    /** The table's lines of one N. */
    List<String> text(int np) {
        json(np);
        List<String> out = new ArrayList<>();
        for (long bytes : setup.sizes())
            for (String op : CallsBench.OPS) {
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%3d %9s %-13s", np, Sizes.format(bytes), op));
                for (String launch : ORDER) {
                    Cell c = cell(launch, np, op, bytes);
                    boolean peer = launch.equals("c");
                    if (c == null) b.append(peer ? String.format(" | %13s", "-") : String.format(" | %34s", "-"));
                    else if (peer) b.append(String.format(Locale.ROOT, " | %6s %6s", us(c.cold), us(c.warm)));
                    else b.append(String.format(Locale.ROOT, " | %6s %6s %7s %7s %4.0f", us(c.cold), us(c.warm), times(c.coldRatio), times(c.warmRatio),
                            c.collectives));
                }
                out.add(b.toString());
            }
        return out;
    }

    private static String times(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, x >= 10 ? "%.0fx" : "%.2fx", x);
    }

    private static String us(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** One launch's figures for (N, op, size) over the rounds, or null when that launch did not run at N. */
    private record Cell(double cold, double warm, double first, double coldRatio, double warmRatio, int rounds, String dims, long errors,
                        double collectives, double exchanged) { }

    private Cell cell(String launch, int np, String op, long bytes) {
        List<List<String>> mine = runs.get(launch + "/" + np), peer = runs.get("c/" + np);
        if (mine == null) return null;
        int n = mine.size();
        double[] cold = new double[n], warm = new double[n], first = new double[n], cx = new double[n], wx = new double[n];
        String dims = "";
        double collectives = Double.NaN, exchanged = Double.NaN;                     // the last round's: a count, the same every round
        long bad = 0;
        for (int i = 0; i < n; i++) {
            String r = find(mine.get(i), op, bytes), p = peer == null ? null : find(peer.get(i), op, bytes);
            cold[i] = MpiChild.number(r, "cold_us");
            warm[i] = MpiChild.number(r, "warm_us");
            first[i] = MpiChild.number(r, "first_us");
            cx[i] = p == null ? Double.NaN : cold[i] / MpiChild.number(p, "cold_us");
            wx[i] = p == null ? Double.NaN : warm[i] / MpiChild.number(p, "warm_us");
            dims = MpiChild.text(r, "dims");
            collectives = MpiChild.number(r, "collectives");
            exchanged = MpiChild.number(r, "exchanged_bytes");
            bad += (long) MpiChild.number(r, "errors");
        }
        return new Cell(Stats.median(cold), Stats.median(warm), Stats.median(first), Stats.median(cx), Stats.median(wx), n, dims, bad, collectives, exchanged);
    }

    private static String find(List<String> rows, String op, long bytes) {
        for (String r : rows)
            if (MpiChild.text(r, "op").equals(op) && (long) MpiChild.number(r, "bytes") == bytes) return r;
        throw new IllegalStateException("no row op=" + op + " bytes=" + bytes + " among " + rows);
    }
}
