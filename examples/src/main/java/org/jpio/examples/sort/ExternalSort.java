package org.jpio.examples.sort;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpio.async.AsyncFile;
import org.jpio.async.AsyncOptions;
import org.jpio.async.AsyncRequest;

/**
 * External merge sort of a file of big-endian longs: pass 1 cuts the input into sorted runs of
 * {@link SortPlan#runLongs()}, then merge passes combine {@link SortPlan#fanIn()} runs at a time until
 * one is left, written to the output. Only the I/O differs between {@link Variant}s: every variant sorts
 * its runs with the same {@link RadixSort} and merges with the same {@link Merge}.
 */
public final class ExternalSort {
    /** What one sort did and how long it took. */
    public record Result(Variant variant, long bytes, long totalNanos, long ioNanos, int runs, int mergePasses, String engine) { }

    private final Variant variant;
    private final SortPlan plan;
    private final AsyncOptions asyncOptions;
    private final IoClock clock = new IoClock();
    private final boolean compute;

    public ExternalSort(Variant variant, SortPlan plan, AsyncOptions asyncOptions) {
        this(variant, plan, asyncOptions, true);
    }

    private ExternalSort(Variant variant, SortPlan plan, AsyncOptions asyncOptions, boolean compute) {
        this.variant = variant;
        this.plan = plan;
        this.asyncOptions = asyncOptions;
        this.compute = compute;
    }

    /**
     * The same sort's I/O alone: every read and write of the variant, in the same blocks and with the same
     * overlap, but runs are not sorted and the merge concatenates its runs instead of merging them (the same
     * bytes, each run read in order rather than interleaved). Its time is the I/O part of the bound
     * {@code max(compute alone, I/O alone)} that double buffering can at best reach; the output is not sorted.
     */
    public ExternalSort ioAlone() { return new ExternalSort(variant, plan, asyncOptions, false); }

    /** Sorts {@code input} into {@code output}, using {@code tmpDir} for the intermediate runs. */
    public Result sort(Path input, Path output, Path tmpDir) throws IOException {
        long bytes = Files.size(input);
        if (bytes % 8 != 0) throw new IllegalArgumentException("input size=" + bytes + " is not a multiple of 8: path=" + input);
        long total = bytes / 8;
        long t0 = System.nanoTime();
        int runs = (int) Math.max(1, (total + plan.runLongs() - 1) / plan.runLongs());
        Path[] tmp = {tmpDir.resolve("runs-a-" + variant.id()), tmpDir.resolve("runs-b-" + variant.id())};
        Path source = runs == 1 ? output : tmp[0];
        Files.deleteIfExists(source);
        String engine = pass1(input, source, total);
        List<long[]> runList = new ArrayList<>();
        for (long s = 0; s < total; s += plan.runLongs()) runList.add(new long[] {s, Math.min(plan.runLongs(), total - s)});
        int passes = 0;
        while (runList.size() > 1) {
            int groups = (runList.size() + plan.fanIn() - 1) / plan.fanIn();
            Path target = groups == 1 ? output : tmp[(passes + 1) % 2];
            Files.deleteIfExists(target);
            List<long[]> next = new ArrayList<>();
            try (PassIo io = openPass(source, target)) {
                for (int g = 0; g < runList.size(); g += plan.fanIn()) {
                    List<long[]> group = runList.subList(g, Math.min(runList.size(), g + plan.fanIn()));
                    long start = group.get(0)[0], count = 0;
                    List<Blocks.In> ins = new ArrayList<>();
                    for (long[] r : group) {
                        ins.add(io.run(r[0], r[1]));
                        count += r[1];
                    }
                    if (compute) Merge.merge(ins, io.out(start));
                    else Merge.concatenate(ins, io.out(start));
                    next.add(new long[] {start, count});
                }
            }
            if (!source.equals(output)) Files.deleteIfExists(source); // a consumed temporary runs file
            source = target;
            runList = next;
            passes++;
        }
        if (bytes == 0 && !Files.exists(output)) Files.createFile(output);
        return new Result(variant, bytes, System.nanoTime() - t0, clock.nanos(), runs, passes, engine);
    }

    // ---- pass 1: sorted runs ------------------------------------------------------------------------

    private String pass1(Path input, Path runsFile, long total) throws IOException {
        int runLongs = (int) Math.min(plan.runLongs(), Math.max(1, total));
        RadixSort sorter = new RadixSort(runLongs); // the one scratch of this sort, reused for every run
        switch (variant) {
            case ASYNC, ABLOCK -> {
                try (AsyncFile in = AsyncFile.open(input, "r", ByteOrder.BIG_ENDIAN, asyncOptions);
                     AsyncFile out = AsyncFile.open(runsFile, "rw", ByteOrder.BIG_ENDIAN, asyncOptions)) {
                    if (variant == Variant.ASYNC) doubleBufferedRuns(in, out, total, runLongs, sorter);
                    else blockingRuns(in, out, total, runLongs, sorter);
                    return in.engine().name();
                }
            }
            default -> {
                try (PassIo io = openPass(input, runsFile)) {
                    Blocks.In src = io.run(0, total, runLongs);
                    Blocks.DataOut dst = (Blocks.DataOut) io.out(0, 1); // pass 1 writes from the run buffer itself
                    for (int n; (n = src.next()) > 0; ) {
                        if (compute) sorter.sort(src.buf(), n);
                        dst.writeFrom(src.buf(), n);
                    }
                    dst.close();
                }
                return "-";
            }
        }
    }

    /**
     * Appendix A's scheme, for any number of chunks: chunk i lives in buffer i%3. Step i starts reading
     * chunk i+1 (into the buffer of chunk i-2, whose write finished in step i-1), sorts chunk i while that
     * read runs, starts writing chunk i, then waits for the read of chunk i+1 and the write of chunk i-1.
     * Only three buffers, yet reading, sorting and writing overlap.
     */
    private void doubleBufferedRuns(AsyncFile in, AsyncFile out, long total, int runLongs, RadixSort sorter) throws IOException {
        int chunks = (int) ((total + runLongs - 1) / runLongs);
        long[][] buf = {new long[runLongs], new long[runLongs], new long[runLongs]};
        int[] len = new int[3];
        AsyncRequest[] req = new AsyncRequest[3];
        len[0] = (int) Math.min(runLongs, total);
        clock.await(clock.start(() -> in.read(buf[0], 0, len[0]))); // blocking read of the first chunk
        for (int i = 0; i < chunks; i++) {
            int s = i % 3, nx = (i + 1) % 3, pv = (i + 2) % 3;
            if (i + 1 < chunks) {
                len[nx] = (int) Math.min(runLongs, total - (long) (i + 1) * runLongs);
                req[nx] = clock.start(() -> in.read(buf[nx], 0, len[nx]));
            }
            if (compute) sorter.sort(buf[s], len[s]);
            req[s] = clock.start(() -> out.write(buf[s], 0, len[s]));
            clock.await(i + 1 < chunks ? req[nx] : null, req[pv]);
        }
        clock.await(req);
    }

    private void blockingRuns(AsyncFile in, AsyncFile out, long total, int runLongs, RadixSort sorter) throws IOException {
        long[] buf = new long[runLongs];
        for (long done = 0; done < total; done += runLongs) {
            int n = (int) Math.min(runLongs, total - done);
            clock.await(clock.start(() -> in.read(buf, 0, n)));
            if (compute) sorter.sort(buf, n);
            clock.await(clock.start(() -> out.write(buf, 0, n)));
        }
    }

    // ---- merge passes: one source of runs, one target, per variant ----------------------------------

    private interface PassIo extends Closeable {
        Blocks.In run(long startLong, long countLongs, int blockLongs) throws IOException;

        default Blocks.In run(long startLong, long countLongs) throws IOException { return run(startLong, countLongs, planBlock()); }

        Blocks.Out out(long startLong, int blockLongs) throws IOException;

        default Blocks.Out out(long startLong) throws IOException { return out(startLong, planBlock()); }

        int planBlock();
    }

    private PassIo openPass(Path source, Path target) throws IOException {
        if (variant == Variant.ASYNC || variant == Variant.ABLOCK) {
            boolean overlap = variant == Variant.ASYNC;
            AsyncFile in = AsyncFile.open(source, "r", ByteOrder.BIG_ENDIAN, asyncOptions);
            AsyncFile out;
            try {
                out = AsyncFile.open(target, "rw", ByteOrder.BIG_ENDIAN, asyncOptions);
            } catch (IOException | RuntimeException e) {
                in.close();
                throw e;
            }
            return new PassIo() {
                @Override public Blocks.In run(long s, long c, int b) throws IOException { return new Blocks.AsyncIn(in, s, c, b, overlap, clock); }
                @Override public Blocks.Out out(long s, int b) { return new Blocks.AsyncOut(out, s, b, overlap, clock); }
                @Override public int planBlock() { return plan.blockLongs(); }
                @Override public void close() throws IOException {
                    try (in; out) { /* closes both, waiting for outstanding requests */ }
                }
            };
        }
        return new PassIo() {
            @Override
            public Blocks.In run(long s, long c, int b) throws IOException {
                if (variant == Variant.RBLOCK) {
                    RandomAccessFile raf = new RandomAccessFile(source.toFile(), "r");
                    raf.seek(s * 8);
                    return new Blocks.DataIn(raf, raf, c, b, clock);
                }
                FileInputStream fis = new FileInputStream(source.toFile());
                fis.getChannel().position(s * 8);
                InputStream is = variant == Variant.SBLOCK ? new BufferedInputStream(fis) : fis;
                DataInputStream d = new DataInputStream(is);
                return new Blocks.DataIn(d, d, c, b, clock);
            }

            @Override
            public Blocks.Out out(long s, int b) throws IOException {
                if (variant == Variant.RBLOCK) {
                    RandomAccessFile raf = new RandomAccessFile(target.toFile(), "rw");
                    raf.seek(s * 8);
                    return new Blocks.DataOut(raf, raf, b, clock);
                }
                FileOutputStream fos = new FileOutputStream(target.toFile(), true); // groups are written in order
                OutputStream os = variant == Variant.SBLOCK ? new BufferedOutputStream(fos) : fos;
                DataOutputStream d = new DataOutputStream(os);
                return new Blocks.DataOut(d, d, b, clock);
            }

            @Override public int planBlock() { return plan.blockLongs(); }
            @Override public void close() { }
        };
    }
}
