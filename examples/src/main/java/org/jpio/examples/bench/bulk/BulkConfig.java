package org.jpio.examples.bench.bulk;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code bench bulk} measures: total array size (and the smaller size of the per-element rows), rank
 * counts per mode (0 or empty skips a mode), row filter (empty: all), timed rounds after warm-up rounds,
 * whether reads start from a dropped page cache, whether writes are durable (each rank's write ends with
 * fdatasync), and the directory of the shared file.
 */
public record BulkConfig(long bytes, long slowBytes, List<Integer> procs, List<Integer> threads, List<String> rows,
                         int repeat, int warmup, boolean cold, boolean sync, Path dir) {
    public BulkConfig {
        procs = procs.stream().filter(p -> p != 0).toList();
        threads = threads.stream().filter(p -> p != 0).toList();
        rows = List.copyOf(rows);
        checkSize("size", bytes);
        checkSize("slow-size", slowBytes);
        for (int p : procs) if (p < 0) throw new IllegalArgumentException("procs=" + p + " must be positive");
        for (int p : threads) if (p < 0) throw new IllegalArgumentException("threads=" + p + " must be positive");
        if (procs.isEmpty() && threads.isEmpty()) throw new IllegalArgumentException("nothing to run: procs and threads are both empty");
        if (repeat < 1) throw new IllegalArgumentException("repeat=" + repeat + " must be at least 1");
        if (warmup < 0) throw new IllegalArgumentException("warmup=" + warmup + " must not be negative");
    }

    private static void checkSize(String what, long b) {
        if (b < 4 || b % 4 != 0) throw new IllegalArgumentException(what + "=" + b + " must be a positive multiple of 4 bytes (an int[])");
    }

    /** The size a row runs at: per-element rows use the smaller of the two sizes. */
    long bytesFor(Row row) { return row.perElement() ? Math.min(bytes, slowBytes) : bytes; }
}
