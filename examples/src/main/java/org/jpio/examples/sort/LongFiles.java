package org.jpio.examples.sort;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/** Input generation and output checking for the sort: files of big-endian longs, read in bulk. */
public final class LongFiles {
    private static final int BLOCK = 1 << 20;

    private LongFiles() { }

    /**
     * An order-independent fingerprint of a multiset of longs: count, sum, and the sum of a 64-bit mix of
     * each value. Two files with equal fingerprints, one of them sorted, are with overwhelming likelihood
     * a permutation of each other (a dropped, duplicated or altered value changes the mixed sum).
     */
    public record Fingerprint(long count, long sum, long mixSum) {
        static long mix(long z) { // splitmix64's finaliser
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            return z ^ (z >>> 31);
        }
    }

    /** What a scan found: the fingerprint and whether the values are in non-decreasing order. */
    public record Scan(Fingerprint fingerprint, boolean sorted, long firstUnsortedIndex) { }

    private static ArrayFileOptions be() { return ArrayFileOptions.defaults().withOrder(ByteOrder.BIG_ENDIAN); }

    /** Writes {@code count} random longs and returns their fingerprint. */
    public static Fingerprint generate(Path path, long count, long seed) throws IOException {
        SplittableRandom r = new SplittableRandom(seed);
        long[] buf = new long[BLOCK];
        long sum = 0, mix = 0;
        try (ArrayFile f = ArrayFile.open(path, be(), StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            for (long done = 0; done < count; done += BLOCK) {
                int n = (int) Math.min(BLOCK, count - done);
                for (int i = 0; i < n; i++) {
                    long v = r.nextLong();
                    buf[i] = v;
                    sum += v;
                    mix += Fingerprint.mix(v);
                }
                f.writeArray(done * 8, buf, 0, n);
            }
        }
        return new Fingerprint(count, sum, mix);
    }

    /** Reads the whole file: its fingerprint and sortedness. */
    public static Scan scan(Path path) throws IOException {
        long[] buf = new long[BLOCK];
        long sum = 0, mix = 0, prev = Long.MIN_VALUE, bad = -1;
        long count;
        try (ArrayFile f = ArrayFile.open(path, be(), StandardOpenOption.READ)) {
            count = f.size() / 8;
            for (long done = 0; done < count; done += BLOCK) {
                int n = (int) Math.min(BLOCK, count - done);
                f.readArray(done * 8, buf, 0, n);
                for (int i = 0; i < n; i++) {
                    long v = buf[i];
                    if (v < prev && bad < 0) bad = done + i;
                    prev = v;
                    sum += v;
                    mix += Fingerprint.mix(v);
                }
            }
        }
        return new Scan(new Fingerprint(count, sum, mix), bad < 0, bad);
    }
}
