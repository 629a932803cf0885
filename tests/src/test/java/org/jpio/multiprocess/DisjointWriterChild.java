package org.jpio.multiprocess;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/**
 * A child JVM of {@link DisjointWritersTest}: {@code ENGINE FILE RANK P N PIECES}. Opens the shared file,
 * prints READY, waits for "go" on stdin so that all children start together, then writes its block of
 * the global long[] of N elements (element g holds {@link #value(long)}) in PIECES calls, from its last
 * piece to its first so that the file grows out of order, and exits 0.
 */
public final class DisjointWriterChild {
    private DisjointWriterChild() { }

    static long value(long g) { return g * 0x9E3779B97F4A7C15L + 1; }

    public static void main(String[] args) throws Exception {
        String engine = args[0];
        Path file = Path.of(args[1]);
        int rank = Integer.parseInt(args[2]), procs = Integer.parseInt(args[3]);
        long n = Long.parseLong(args[4]);
        int pieces = Integer.parseInt(args[5]);
        long per = (n + procs - 1) / procs, lo = Math.min(n, rank * per), hi = Math.min(n, lo + per);
        long[] mine = new long[(int) (hi - lo)];
        for (int i = 0; i < mine.length; i++) mine[i] = value(lo + i);
        try (ArrayFile f = ArrayFile.open(file, ArrayFileOptions.defaults().withEngine(engine), CREATE, WRITE)) {
            System.out.println("READY");
            System.out.flush();
            String go = new BufferedReader(new InputStreamReader(System.in)).readLine();
            if (!"go".equals(go)) throw new IllegalStateException("rank=" + rank + " expected go, got " + go);
            int step = Math.max(1, (mine.length + pieces - 1) / pieces);
            for (int start = (mine.length - 1) / step * step; start >= 0; start -= step)
                f.writeArray((lo + start) * 8, mine, start, Math.min(step, mine.length - start));
        }
        System.out.println("WROTE " + mine.length);
    }
}
