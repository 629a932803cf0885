package org.jpio.examples.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every file benchmark shares (a picocli mixin): timed and warm-up rounds, the directory, --json. */
public final class RoundOptions {
    @Option(names = "--repeat", defaultValue = "3", description = "Timed rounds per row; the median is reported. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup", defaultValue = "1", description = "Untimed rounds first (create the file, warm the JIT). Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--dir", description = "Directory of the benchmark's files. Default: java.io.tmpdir.")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(names = "--json", description = "One JSON object per row on stdout, nothing else.")
    boolean json;

    public int repeat() { return repeat; }

    public int warmup() { return warmup; }

    public Path dir() { return dir; }

    public boolean json() { return json; }

    /** IllegalArgumentException naming the bad value, before anything runs. */
    public void check() {
        if (repeat < 1) throw new IllegalArgumentException("repeat=" + repeat + " must be at least 1");
        if (warmup < 0) throw new IllegalArgumentException("warmup=" + warmup + " must not be negative");
        if (!Files.isDirectory(dir)) throw new IllegalArgumentException("dir=" + dir + " is not a directory");
    }
}
