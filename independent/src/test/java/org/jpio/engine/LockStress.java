package org.jpio.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jpio.file.ArrayFile;

/**
 * One writer and three readers of overlapping ranges under ArrayFile's byte-range locks, in rounds. In
 * round r the readers take their shared locks; once all three hold them (a barrier), the writer is asked
 * for round r and asks for its exclusive lock on the whole region, which must wait; the readers read,
 * check that each read is whole and still round r-1's value, release, and wait until the writer reports
 * round r written. The writer is a thread of this JVM or another process (EngineChild "writer"), and
 * writes a round's value in four calls, so a read it is not excluded from would see a mixture.
 */
final class LockStress {
    static final int INTS = 16 * 1024;
    /** The readers' ranges in ints, {start, count}: overlapping, together covering the region. */
    private static final int[][] READS = {{0, INTS * 3 / 5}, {INTS / 5, INTS * 3 / 5}, {INTS * 2 / 5, INTS * 3 / 5}};

    interface Opener {
        ArrayFile open() throws IOException;
    }

    /** The writer's side: asked for a round (never blocks the caller), it reports through {@link #written}. */
    interface RoundWriter extends AutoCloseable {
        void go(int round) throws IOException;

        @Override void close() throws Exception;
    }

    private final Object progress = new Object();
    private int written;
    private Throwable writerFailure;
    private int round;

    /** Writes one round: the value {@code round} in four calls under an exclusive lock on the region. */
    static void writeRound(ArrayFile f, int ints, int round) throws IOException {
        int[] chunk = new int[ints / 4];
        Arrays.fill(chunk, round);
        try (EngineFile.RangeLock l = f.lock(0, ints * 4L, false)) {
            for (int c = 0; c < 4; c++) f.writeArray((long) c * chunk.length * 4, chunk);
        }
    }

    void written(int r) {
        synchronized (progress) {
            written = r;
            progress.notifyAll();
        }
    }

    void writerFailed(Throwable t) {
        synchronized (progress) {
            if (writerFailure == null) writerFailure = t;
            progress.notifyAll();
        }
    }

    private void awaitWritten(int r) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        synchronized (progress) {
            while (written < r && writerFailure == null) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) throw new AssertionError("the writer did not finish round " + r + " in 60 s");
                progress.wait(left);
            }
            if (writerFailure != null) throw new AssertionError("the writer failed", writerFailure);
        }
    }

    /**
     * Runs {@code rounds} rounds; readers open their own files (as in-JVM ranks do) or share one. Returns
     * normally when every read was whole and current; otherwise throws the first failure a reader met.
     */
    void run(Opener open, boolean oneFile, int rounds, RoundWriter writer) throws Exception {
        CyclicBarrier holding = new CyclicBarrier(READS.length, () -> {
            try {
                writer.go(++round);
            } catch (IOException e) {
                writerFailed(e);
            }
        });
        ArrayFile shared = oneFile ? open.open() : null;
        ExecutorService pool = Executors.newFixedThreadPool(READS.length);
        try {
            List<Future<?>> readers = new ArrayList<>();
            for (int[] range : READS) readers.add(pool.submit(() -> {
                try (ArrayFile own = oneFile ? null : open.open()) {
                    read(oneFile ? shared : own, range, rounds, holding);
                } catch (Exception | Error t) {
                    breakBarrier(holding);
                    throw t;
                }
                return null;
            }));
            Throwable first = null;
            for (Future<?> f : readers) {
                try {
                    f.get(120, TimeUnit.SECONDS);
                } catch (ExecutionException e) {
                    if (first == null || first instanceof BrokenBarrierException) first = e.getCause();
                }
            }
            if (first instanceof Exception e) throw e;
            if (first instanceof Error e) throw e;
        } finally {
            pool.shutdownNow();
            writer.close();
            if (shared != null) shared.close();
        }
    }

    /**
     * Breaks the barrier for good, so the other readers leave it now and later instead of waiting for this
     * one: a timed-out await breaks it (reset() would start a fresh one that a late reader waits in).
     */
    private static void breakBarrier(CyclicBarrier b) {
        while (!b.isBroken()) {
            try {
                b.await(0, TimeUnit.NANOSECONDS); // if this trips the barrier, the next turn breaks the next one
            } catch (TimeoutException | BrokenBarrierException | InterruptedException e) {
                // broken now
            }
        }
    }

    private void read(ArrayFile f, int[] range, int rounds, CyclicBarrier holding) throws Exception {
        int[] buf = new int[range[1]];
        long position = range[0] * 4L;
        for (int r = 1; r <= rounds; r++) {
            try (EngineFile.RangeLock l = f.lock(position, buf.length * 4L, true)) {
                holding.await(60, TimeUnit.SECONDS);
                f.readArray(position, buf);
            }
            for (int i = 0; i < buf.length; i++)
                if (buf[i] != r - 1)
                    throw new AssertionError("torn read in round " + r + ": int " + (range[0] + i) + " is " + buf[i]
                            + " where " + (r - 1) + " was expected (first int " + buf[0] + ", last " + buf[buf.length - 1] + ")");
            awaitWritten(r);
        }
    }

    /** The writer as a thread of this JVM with its own ArrayFile. */
    RoundWriter threadWriter(Opener open) throws IOException {
        ArrayFile f = open.open();
        LinkedBlockingQueue<Integer> asked = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try {
                for (int r; (r = asked.take()) > 0; ) {
                    writeRound(f, INTS, r);
                    written(r);
                }
            } catch (Throwable e) {
                writerFailed(e);
            }
        }, "lock-stress-writer");
        t.start();
        return new RoundWriter() {
            @Override public void go(int r) { asked.add(r); }

            @Override
            public void close() throws Exception {
                asked.add(0);
                t.join(TimeUnit.SECONDS.toMillis(60));
                f.close();
            }
        };
    }

    /** The writer as another process (EngineChild "writer") on the engine {@code spec}. */
    RoundWriter processWriter(String spec, Path path) throws IOException {
        Process child = EngineChild.start(null, "writer", spec, path.toString(), Integer.toString(INTS));
        Writer in = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.US_ASCII);
        Thread reports = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
                for (String line; (line = out.readLine()) != null; ) {
                    if (!line.startsWith("written ")) throw new IOException("writer process said: " + line);
                    written(Integer.parseInt(line.substring(8)));
                }
                writerFailed(new IOException("writer process ended, exit " + child.waitFor()));
            } catch (Exception e) {
                writerFailed(e);
            }
        }, "lock-stress-child-output");
        reports.start();
        return new RoundWriter() {
            @Override
            public void go(int r) throws IOException {
                in.write(r + "\n");
                in.flush();
            }

            @Override
            public void close() throws Exception {
                in.close(); // end of input: the child leaves its loop and exits
                int exit = EngineChild.await(child);
                reports.join(TimeUnit.SECONDS.toMillis(30));
                if (exit != 0) throw new AssertionError("writer process exit " + exit);
            }
        };
    }
}
