package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jpio.examples.bench.Phase;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.Team;

/**
 * Runs {@code bench bulk}: for each mode and rank count, the C baseline at every size a selected row uses,
 * then every selected row; each row writes and reads the whole shared file {@code warmup + repeat} times with
 * fresh values per round, verifies every read, and reports the medians of the timed rounds and their ratio
 * to C. The file is deleted before each row, so the warm-up round creates it and the timed rounds overwrite it.
 */
public final class BulkBench {
    /** Salt of round r: distinct per round so that stale data fails verification. */
    private static final int SALT_STEP = 0x9E3779B9;

    private final BulkConfig config;
    private final Consumer<BulkResult> sink;
    private final CRow c = CRow.located();
    private final CacheDrop cacheDrop;
    private final Path file;

    public BulkBench(BulkConfig config, Consumer<BulkResult> sink) {
        this.config = config;
        this.sink = sink;
        this.cacheDrop = new CacheDrop(c.binary());
        this.file = config.dir().resolve("jpio-bench-bulk-" + ProcessHandle.current().pid() + ".bin");
        if (config.cold() && c.unavailableReason().isPresent())
            throw new IllegalArgumentException("--cold drops the page cache with bulk_baseline, which is unavailable: " + c.unavailableReason().get());
        if (!Files.isDirectory(config.dir())) throw new IllegalArgumentException("dir=" + config.dir() + " is not a directory");
    }

    /** The Java rows the filter selects; IllegalArgumentException naming the known rows if an entry matches none. */
    static List<JavaRow> select(List<String> filter) {
        List<JavaRow> all = Rows.java();
        if (filter.isEmpty()) return all;
        List<JavaRow> chosen = new ArrayList<>();
        for (String f : filter) {
            if (f.equals(CRow.NAME)) continue; // always measured
            boolean hit = false;
            for (JavaRow r : all) {
                if (r.name().equals(f) || r.name().startsWith(f + "-")) {
                    hit = true;
                    if (!chosen.contains(r)) chosen.add(r);
                }
            }
            if (!hit) throw new IllegalArgumentException("unknown row=" + f + " (known: c, "
                    + String.join(", ", all.stream().map(JavaRow::name).toList()) + "; a prefix such as arrayfile selects all its rows)");
        }
        return chosen;
    }

    /** Runs everything, handing each row to the sink as it completes; returns all rows. */
    public List<BulkResult> run() throws IOException {
        List<JavaRow> rows = select(config.rows());
        List<BulkResult> all = new ArrayList<>();
        Consumer<BulkResult> emit = r -> {
            all.add(r);
            sink.accept(r);
        };
        for (Mode mode : Mode.values()) {
            for (int p : mode == Mode.PROCS ? config.procs() : config.threads()) {
                TreeSet<Long> sizes = new TreeSet<>();
                for (JavaRow r : rows) sizes.add(config.bytesFor(r));
                Map<Long, BulkResult> base = new TreeMap<>();
                for (long size : sizes) {
                    BulkResult cr = measure(c, mode, p, size, null);
                    base.put(size, cr);
                    emit.accept(cr);
                }
                for (JavaRow r : rows) emit.accept(measure(r, mode, p, config.bytesFor(r), base.get(config.bytesFor(r))));
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

    /** The largest fraction of pages still cached after any drop (cold mode), 0 otherwise. */
    public double worstResident() { return cacheDrop.worstResident(); }

    private BulkResult measure(Row row, Mode mode, int p, long bytes, BulkResult baseline) {
        Optional<String> why = row.unavailableReason();
        if (why.isPresent()) return BulkResult.notRun(row, mode, p, bytes, why.get(), null);
        int rounds = config.warmup() + config.repeat();
        double[] w = new double[config.repeat()], r = new double[config.repeat()];
        long errors = 0;
        try {
            Files.deleteIfExists(file);
            try (Team team = row.team(mode, p, file, bytes)) {
                for (int round = 0; round < rounds; round++) {
                    int salt = SALT_STEP * (round + 1);
                    Phase pw = team.run("write", salt);
                    if (config.cold()) cacheDrop.drop(file);
                    Phase pr = team.run("read", salt);
                    errors += pr.errors();
                    if (round >= config.warmup()) {
                        w[round - config.warmup()] = pw.mibPerSecond(bytes);
                        r[round - config.warmup()] = pr.mibPerSecond(bytes);
                    }
                }
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException | RuntimeException e) {
            return BulkResult.notRun(row, mode, p, bytes, null, String.valueOf(e.getMessage() == null ? e : e.getMessage()));
        }
        double wm = Stats.median(w), rm = Stats.median(r);
        double wRatio = Double.NaN, rRatio = Double.NaN;
        if (baseline == null) {
            wRatio = rRatio = 1.0;
        } else if (baseline.measured()) {
            wRatio = wm / baseline.writeMibs();
            rRatio = rm / baseline.readMibs();
        }
        return BulkResult.measured(row, mode, p, bytes, wm, rm, wRatio, rRatio, errors, config.repeat(), cacheLabel());
    }
}
