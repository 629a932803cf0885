package org.jpio.examples.demo;

import static java.nio.file.StandardOpenOption.*;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/**
 * The bulk tier in one picture: P threads each own one block of a global long[] (element i holds i),
 * write their blocks into one shared file at their offsets at the same time, read them back, and check
 * every element. Prints sizes, MB/s and the engine used.
 */
public final class BulkDemo {
    private BulkDemo() { }

    /** Runs the demo; returns the number of wrong elements (0 on success). */
    public static long run(int threads, long elements, Path file, PrintStream out) throws Exception {
        ArrayFileOptions opts = ArrayFileOptions.defaults();
        long block = (elements + threads - 1) / threads;
        long bytes = elements * 8;
        out.printf("jpio bulk demo: %d threads, %d longs (%.1f MiB) block-distributed, engine=%s, file=%s%n",
                threads, elements, bytes / 1048576.0, opts.engine().name(), file);
        long[] wrong = new long[threads];
        double[] secs = new double[2];
        try (ArrayFile f = ArrayFile.open(file, opts, CREATE, TRUNCATE_EXISTING, READ, WRITE)) {
            for (int phase = 0; phase < 2; phase++) {
                boolean write = phase == 0;
                CyclicBarrier start = new CyclicBarrier(threads + 1);
                CyclicBarrier end = new CyclicBarrier(threads + 1);
                List<Thread> ts = new ArrayList<>();
                List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
                for (int r = 0; r < threads; r++) {
                    int rank = r;
                    long lo = Math.min(elements, rank * block), hi = Math.min(elements, lo + block);
                    long[] mine = new long[(int) (hi - lo)];
                    if (write) for (int i = 0; i < mine.length; i++) mine[i] = lo + i;
                    Thread t = new Thread(() -> {
                        try {
                            start.await();
                            if (write) f.writeArray(lo * 8, mine);
                            else f.readArray(lo * 8, mine);
                        } catch (Throwable e) {
                            errors.add(e);
                        }
                        try {
                            end.await();
                        } catch (Exception e) {
                            errors.add(e);
                        }
                        if (!write) for (int i = 0; i < mine.length; i++) if (mine[i] != lo + i) wrong[rank]++;
                    }, "rank-" + rank);
                    ts.add(t);
                    t.start();
                }
                start.await();
                long t0 = System.nanoTime();
                end.await();
                secs[phase] = (System.nanoTime() - t0) / 1e9;
                for (Thread t : ts) t.join();
                if (!errors.isEmpty()) throw new IOException("rank failed: " + errors.get(0), errors.get(0));
            }
        }
        long bad = 0;
        for (long w : wrong) bad += w;
        out.printf("write: %.1f MB/s   read: %.1f MB/s   verified: %s%n",
                bytes / 1e6 / secs[0], bytes / 1e6 / secs[1], bad == 0 ? "all " + elements + " elements correct" : bad + " WRONG elements");
        return bad;
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long elements = args.length > 1 ? Long.parseLong(args[1]) : 32L << 20;
        Path file = args.length > 2 ? Path.of(args[2]) : Files.createTempFile("jpio-demo", ".bin");
        long bad = run(threads, elements, file, System.out);
        if (args.length <= 2) Files.deleteIfExists(file);
        System.exit(bad == 0 ? 0 : 1);
    }
}
