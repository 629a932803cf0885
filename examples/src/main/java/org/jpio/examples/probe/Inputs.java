package org.jpio.examples.probe;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The files the reading programs read, one per size, made once (untimed) and deleted at the end: text of
 * lower-case letters and newlines (about one in 64 bytes, Burnett and Jindal counted lines), with the sum of
 * their bytes and their newline count known, so every read's check value can be verified.
 */
final class Inputs implements AutoCloseable {
    /** A generated file and what a correct read of it reports. */
    record Input(Path path, long bytes, long sum, long newlines) { }

    private final Path dir;
    private final String prefix = "jpio-probe-" + ProcessHandle.current().pid() + "-";
    private final Map<Long, Input> made = new TreeMap<>();

    Inputs(Path dir) {
        this.dir = dir;
    }

    /** Where write programs write (deleted after each check). */
    Path output() { return dir.resolve(prefix + "out.bin"); }

    Input of(long bytes) throws IOException {
        Input in = made.get(bytes);
        if (in != null) return in;
        Path p = dir.resolve(prefix + bytes + ".txt");
        p.toFile().deleteOnExit();
        SplittableRandom r = new SplittableRandom(bytes);
        byte[] block = new byte[1 << 16];
        long sum = 0, lines = 0;
        try (OutputStream out = Files.newOutputStream(p)) {
            for (long at = 0; at < bytes; at += block.length) {
                int n = (int) Math.min(block.length, bytes - at);
                for (int i = 0; i < n; i++) {
                    int v = r.nextInt(64);
                    byte b = v == 0 ? (byte) '\n' : (byte) ('a' + v % 26);
                    block[i] = b;
                    sum += b;
                    if (v == 0) lines++;
                }
                out.write(block, 0, n);
            }
        }
        in = new Input(p, bytes, sum, lines);
        made.put(bytes, in);
        return in;
    }

    /** The sum of the bytes a write program writes: operations of the bytes (k + 1), k = 0..op-1. */
    static long written(long bytes, int op) {
        long full = bytes / op, rest = bytes % op, s = 0, t = 0;
        for (int k = 0; k < op; k++) {
            long v = (k + 1) & 0xFF;
            s += v;
            if (k < rest) t += v;
        }
        return full * s + t;
    }

    /** The size and byte sum of a written file, read back untimed. */
    static long[] sizeAndSum(Path p) throws IOException {
        long size = 0, sum = 0;
        byte[] b = new byte[1 << 16];
        try (var in = Files.newInputStream(p)) {
            for (int n; (n = in.read(b)) != -1; size += n) sum += JavaProbes.sum(b, n);
        }
        return new long[] {size, sum};
    }

    @Override
    public void close() throws IOException {
        for (Input in : made.values()) Files.deleteIfExists(in.path());
        Files.deleteIfExists(output());
    }
}
