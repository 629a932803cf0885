package org.jpio.examples.seq;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jpio.examples.bench.CacheDrop;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.Stats;

/**
 * Runs {@code bench seq} for one size case over one preallocated file (the article preallocates): every
 * round runs every row in turn, the C baseline first, each writing its own bytes (a salt per row and round)
 * over the file and reading them back, checked by checksum. The cached case keeps the file in the page cache (writes are not
 * synced, reads are warm). The evicted case stands for a file larger than the page cache: every write
 * ends with fdatasync inside its timed region and the file is dropped from the cache (fdatasync, then
 * posix_fadvise DONTNEED, residency checked with mincore) before every write and every read, so each pass
 * meets the device as it would if the cache could not hold the file.
 */
final class SeqBench {
    static final String CACHED = "cached", EVICTED = "evicted";
    private static final int SALT_STEP = 0x9E3779B9;

    private final List<SeqCase> rows;
    private final int repeat, warmup;
    private final Path dir;
    private final CacheDrop cacheDrop = new CacheDrop(NativePrograms.program("bulk_baseline"));

    SeqBench(List<SeqCase> rows, int repeat, int warmup, Path dir) {
        this.rows = List.copyOf(rows);
        this.repeat = repeat;
        this.warmup = warmup;
        this.dir = dir;
    }

    /** The rows of one size case; {@code evicted} selects the case the page cache does not hold. */
    List<SeqResult> run(long bytes, boolean evicted) throws IOException {
        String label = evicted ? EVICTED : CACHED;
        Path file = dir.resolve("jpio-bench-seq-" + ProcessHandle.current().pid() + ".bin");
        file.toFile().deleteOnExit();
        int n = rows.size();
        double[][] w = new double[n][repeat], r = new double[n][repeat], wx = new double[n][repeat], rx = new double[n][repeat];
        long[] errors = new long[n];
        String[] failure = new String[n];
        double[] resident = new double[n];
        try {
            preallocate(file, bytes, evicted);
            for (int round = 0; round < warmup + repeat; round++) {
                int t = round - warmup;
                double cw = Double.NaN, cr = Double.NaN;
                for (int i = 0; i < n; i++) {
                    SeqCase row = rows.get(i);
                    int salt = SALT_STEP * (round * n + i + 1); // every pass its own bytes: a row that writes nothing reads another's
                    long expected = Pattern.expected(bytes, salt);
                    if (row.unavailable() != null || failure[i] != null) continue;
                    try {
                        if (evicted) resident[i] = Math.max(resident[i], drop(file));
                        SeqCase.Timed wt = row.write(file, bytes, salt, evicted);
                        if (evicted) resident[i] = Math.max(resident[i], drop(file));
                        SeqCase.Timed rt = row.read(file, bytes);
                        errors[i] += (wt.checksum() != expected ? 1 : 0) + (rt.checksum() != expected ? 1 : 0);
                        if (t < 0) continue;
                        w[i][t] = bytes / 1048576.0 / wt.seconds();
                        r[i][t] = bytes / 1048576.0 / rt.seconds();
                        if (row.name().equals(CCase.BASELINE)) {
                            cw = w[i][t];
                            cr = r[i][t];
                        }
                        wx[i][t] = w[i][t] / cw;
                        rx[i][t] = r[i][t] / cr;
                    } catch (IOException | RuntimeException e) {
                        failure[i] = e.getMessage() == null ? e.toString() : e.getMessage();
                    }
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
        List<SeqResult> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            SeqCase row = rows.get(i);
            String why = row.unavailable();
            if (why != null || failure[i] != null) {
                out.add(new SeqResult(label, row.name(), row.description(), row.isC(), bytes, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        0, 0, resident[i], why, failure[i]));
            } else {
                out.add(new SeqResult(label, row.name(), row.description(), row.isC(), bytes, Stats.median(w[i]), Stats.median(r[i]),
                        Stats.median(wx[i]), Stats.median(rx[i]), errors[i], repeat, resident[i], null, null));
            }
        }
        return out;
    }

    /**
     * Drops the file from the page cache; returns the fraction of its pages still cached. A mapping keeps its
     * pages, and Java unmaps a MappedByteBuffer only when it is collected, so the collector runs first (the
     * article ran System.gc() before every pass too) and the cleaner gets a moment to unmap.
     */
    private double drop(Path file) throws IOException {
        System.gc();
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted before dropping path=" + file, e);
        }
        return cacheDrop.drop(file);
    }

    /** The article's preallocation: the whole file written once (zeros), untimed; synced when the case is evicted. */
    private static void preallocate(Path file, long bytes, boolean sync) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer zeros = ByteBuffer.allocateDirect(1 << 20);
            for (long at = 0; at < bytes; ) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
                at += c.write(zeros, at);
            }
            if (sync) c.force(false);
        }
    }

    /** Every row, the C baseline first. */
    static List<SeqCase> allRows() {
        List<SeqCase> all = new ArrayList<>(CCase.all());
        all.addAll(ArticleCases.all());
        all.addAll(JpioCases.all());
        return all;
    }

    /** The rows a filter selects (names or prefixes), the baseline always first; IllegalArgumentException naming the known rows. */
    static List<SeqCase> select(List<String> filter) {
        List<SeqCase> all = allRows();
        if (filter.isEmpty()) return all;
        List<SeqCase> chosen = new ArrayList<>(List.of(all.get(0)));
        for (String f : filter) {
            boolean hit = false;
            for (SeqCase c : all) {
                if (c.name().equals(f) || c.name().startsWith(f + "-")) {
                    hit = true;
                    if (!chosen.contains(c)) chosen.add(c);
                }
            }
            if (!hit) throw new IllegalArgumentException("unknown row=" + f + " (known: " + String.join(", ", all.stream().map(SeqCase::name).toList()) + ")");
        }
        return chosen;
    }
}
