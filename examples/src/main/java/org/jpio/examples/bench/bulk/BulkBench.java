package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jpio.examples.bench.CacheDrop;
import org.jpio.examples.bench.Phase;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.Team;

/**
 * Runs {@code bench bulk}: for each mode and rank count, every selected row writes and reads the whole shared
 * file {@code warmup + repeat} times with fresh values per round, each round right after a round of the C
 * baseline at the same size; every read is verified. Rows report the medians of their timed rounds and of
 * their per-round ratios to C. A row's file is deleted before it starts, so its warm-up round creates it and
 * the timed rounds overwrite it (C's file lives for the whole group).
 */
public final class BulkBench {
    /** Salt of round r: distinct per round so that stale data fails verification. */
    private static final int SALT_STEP = 0x9E3779B9;

    private final BulkConfig config;
    private final Consumer<BulkResult> sink;
    private final CRow c = CRow.located(false);
    private final CacheDrop cacheDrop;
    private final Path file;

    public BulkBench(BulkConfig config, Consumer<BulkResult> sink) {
        this.config = config;
        this.sink = sink;
        this.cacheDrop = new CacheDrop(c.binary());
        this.file = config.dir().resolve("jpio-bench-bulk-" + ProcessHandle.current().pid() + ".bin");
        file.toFile().deleteOnExit(); // also when interrupted (SIGINT/SIGTERM run the shutdown hooks)
        if (config.cold() && c.unavailableReason().isPresent())
            throw new IllegalArgumentException("--cold drops the page cache with bulk_baseline, which is unavailable: " + c.unavailableReason().get());
        if (!Files.isDirectory(config.dir())) throw new IllegalArgumentException("dir=" + config.dir() + " is not a directory");
    }

    /**
     * The rows the filter selects besides the baseline (c-aligned and the Java rows); IllegalArgumentException
     * naming the known rows if an entry matches none.
     */
    static List<Row> select(List<String> filter) {
        List<Row> all = new ArrayList<>();
        all.add(CRow.located(true));
        all.addAll(Rows.java());
        if (filter.isEmpty()) return all;
        List<Row> chosen = new ArrayList<>();
        for (String f : filter) {
            if (f.equals(CRow.NAME)) continue; // always measured
            boolean hit = false;
            for (Row r : all) {
                if (r.name().equals(f) || r.name().startsWith(f + "-")) {
                    hit = true;
                    if (!chosen.contains(r)) chosen.add(r);
                }
            }
            if (!hit) throw new IllegalArgumentException("unknown row=" + f + " (known: c, "
                    + String.join(", ", all.stream().map(Row::name).toList()) + "; a prefix such as arrayfile selects all its rows)");
        }
        return chosen;
    }

    /** Runs everything, handing each row to the sink as its group (mode, rank count) completes; returns all rows. */
    public List<BulkResult> run() throws IOException {
        List<Row> rows = select(config.rows());
        List<BulkResult> all = new ArrayList<>();
        for (Mode mode : Mode.values()) {
            for (int p : mode == Mode.PROCS ? config.procs() : config.threads()) {
                Map<Long, Baseline> base = new TreeMap<>();
                List<BulkResult> group = new ArrayList<>();
                try {
                    for (Row r : rows) {
                        long size = config.bytesFor(r);
                        Baseline b = base.computeIfAbsent(size, s -> new Baseline(mode, p, s));
                        group.add(measure(r, mode, p, size, b));
                    }
                } finally {
                    for (Baseline b : base.values()) b.close();
                }
                List<BulkResult> ordered = new ArrayList<>();
                for (Baseline b : base.values()) ordered.add(b.result());
                ordered.addAll(group);
                for (BulkResult r : ordered) {
                    all.add(r);
                    sink.accept(r);
                }
            }
        }
        return all;
    }

    /** "name  description" for every row, for the report's legend. */
    public static List<String> legend() {
        List<String> lines = new ArrayList<>();
        for (Row r : Rows.all()) lines.add(String.format("%-18s %s", r.name(), r.description()));
        return lines;
    }

    public String cacheLabel() { return config.cold() ? "cold" : "warm"; }

    /** How the writes end: "durable" (fdatasync in the timed phase) or "cached" (page cache, not synced). */
    public String writeLabel() { return config.sync() ? "durable" : "cached"; }

    /** The largest fraction of pages still cached after any drop (cold mode), 0 otherwise. */
    public double worstResident() { return cacheDrop.worstResident(); }

    /**
     * Measures one row. Each round first runs a C round on its own file, then the row's round, so every
     * ratio compares two measurements taken seconds apart: on a shared, noisy machine that is steadier than
     * comparing with a C figure taken minutes earlier. The ratio reported is the median of the per-round ratios.
     */
    private BulkResult measure(Row row, Mode mode, int p, long bytes, Baseline baseline) {
        Optional<String> why = row.unavailableReason();
        if (why.isPresent()) return BulkResult.notRun(row, mode, p, bytes, why.get(), null);
        int n = config.repeat();
        double[] w = new double[n], r = new double[n], wRatio = new double[n], rRatio = new double[n];
        long errors = 0;
        try {
            Files.deleteIfExists(file);
            try (Team team = row.team(mode, p, file, bytes)) {
                for (int round = 0; round < config.warmup() + n; round++) {
                    int salt = SALT_STEP * (round + 1);
                    Phase[] c = baseline.round(salt, round >= config.warmup());
                    Phase[] mine = round(team, file, salt);
                    errors += mine[1].errors();
                    int t = round - config.warmup();
                    if (t < 0) continue;
                    w[t] = mine[0].mibPerSecond(bytes);
                    r[t] = mine[1].mibPerSecond(bytes);
                    wRatio[t] = c == null ? Double.NaN : w[t] / c[0].mibPerSecond(bytes);
                    rRatio[t] = c == null ? Double.NaN : r[t] / c[1].mibPerSecond(bytes);
                }
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException | RuntimeException e) {
            return BulkResult.notRun(row, mode, p, bytes, null, message(e));
        }
        return BulkResult.measured(row, mode, p, bytes, Stats.median(w), Stats.median(r), Stats.median(wRatio), Stats.median(rRatio),
                errors, n, cacheLabel(), writeLabel());
    }

    /** One write phase and one read phase of {@code team} (dropping the file from the cache between them when cold). */
    private Phase[] round(Team team, Path f, int salt) throws IOException {
        Phase w = team.run(config.sync() ? "write-sync" : "write", salt);
        if (config.cold()) cacheDrop.drop(f);
        return new Phase[] {w, team.run("read", salt)};
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /**
     * The C ranks of one group and size: started once, run one round before each round of each row, and
     * summarised at the end as the C row (medians over all its timed rounds). If C cannot run or fails, the
     * rows keep running and their ratios are null; the C row says why.
     */
    private final class Baseline implements AutoCloseable {
        private final Mode mode;
        private final int p;
        private final long bytes;
        private final Path cfile;
        private final List<Double> w = new ArrayList<>(), r = new ArrayList<>();
        private Team team;
        private String failure;
        private long errors;

        Baseline(Mode mode, int p, long bytes) {
            this.mode = mode;
            this.p = p;
            this.bytes = bytes;
            this.cfile = file.resolveSibling(file.getFileName() + "-c-" + bytes);
            cfile.toFile().deleteOnExit();
            if (c.unavailableReason().isPresent()) return;
            try {
                Files.deleteIfExists(cfile);
                team = c.team(mode, p, cfile, bytes);
            } catch (IOException e) {
                failure = message(e);
            }
        }

        /** Runs a C round; returns its phases, or null when C is unavailable or has failed. */
        Phase[] round(int salt, boolean timed) {
            if (team == null) return null;
            try {
                Phase[] ph = BulkBench.this.round(team, cfile, salt);
                errors += ph[1].errors();
                if (timed) {
                    w.add(ph[0].mibPerSecond(bytes));
                    r.add(ph[1].mibPerSecond(bytes));
                }
                return ph;
            } catch (IOException e) {
                failure = message(e);
                close();
                return null;
            }
        }

        BulkResult result() {
            Optional<String> why = c.unavailableReason();
            if (why.isPresent()) return BulkResult.notRun(c, mode, p, bytes, why.get(), null);
            if (failure != null) return BulkResult.notRun(c, mode, p, bytes, null, failure);
            double[] wa = w.stream().mapToDouble(Double::doubleValue).toArray(), ra = r.stream().mapToDouble(Double::doubleValue).toArray();
            return BulkResult.measured(c, mode, p, bytes, Stats.median(wa), Stats.median(ra), 1.0, 1.0, errors, wa.length, cacheLabel(), writeLabel());
        }

        @Override
        public void close() {
            try {
                if (team != null) team.close();
            } catch (IOException e) {
                if (failure == null) failure = message(e);
            }
            team = null;
            try {
                Files.deleteIfExists(cfile);
            } catch (IOException e) {
                if (failure == null) failure = message(e);
            }
        }
    }
}
