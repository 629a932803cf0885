package org.jpio.examples.sort;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/**
 * The sort's computation alone, for the bound {@code max(compute alone, I/O alone)} that async's double
 * buffering can at best reach: the input is loaded into memory first (untimed), then the same
 * {@link RadixSort} sorts the same runs and the same {@link Merge} merges them through blocks of the plan's
 * size, with copies standing in for the reads and writes. The final pass checks the merged output is sorted
 * and complete instead of keeping it.
 */
final class ComputeAlone {
    private ComputeAlone() { }

    /** Nanoseconds the computation of sorting {@code input} with {@code plan} takes in memory. */
    static long nanos(Path input, SortPlan plan) throws IOException {
        long[] data = load(input);
        int total = data.length;
        long t0 = System.nanoTime();
        int runLongs = Math.min(plan.runLongs(), Math.max(1, total));
        RadixSort sorter = new RadixSort(runLongs);
        long[] buf = new long[runLongs];
        List<long[]> runs = new ArrayList<>();
        for (int s = 0; s < total; s += runLongs) {
            int n = Math.min(runLongs, total - s);
            System.arraycopy(data, s, buf, 0, n);
            sorter.sort(buf, n);
            System.arraycopy(buf, 0, data, s, n);
            runs.add(new long[] {s, n});
        }
        long[] source = data, target = null;
        while (runs.size() > 1) {
            int groups = (runs.size() + plan.fanIn() - 1) / plan.fanIn();
            if (groups > 1 && target == null) target = new long[total];
            List<long[]> next = new ArrayList<>();
            for (int g = 0; g < runs.size(); g += plan.fanIn()) {
                List<long[]> group = runs.subList(g, Math.min(runs.size(), g + plan.fanIn()));
                List<Blocks.In> ins = new ArrayList<>();
                long count = 0;
                for (long[] r : group) {
                    ins.add(new MemIn(source, (int) r[0], (int) r[1], plan.blockLongs()));
                    count += r[1];
                }
                MemOut out = new MemOut(groups > 1 ? target : null, (int) group.get(0)[0], plan.blockLongs());
                Merge.merge(ins, out);
                if (out.written != count) throw new IllegalStateException("in-memory merge wrote " + out.written + " of " + count + " longs");
                next.add(new long[] {group.get(0)[0], count});
            }
            if (groups > 1) {
                long[] t = source;
                source = target;
                target = t;
            }
            runs = next;
        }
        return System.nanoTime() - t0;
    }

    private static long[] load(Path input) throws IOException {
        try (ArrayFile f = ArrayFile.open(input, ArrayFileOptions.defaults().withOrder(ByteOrder.BIG_ENDIAN), StandardOpenOption.READ)) {
            long n = f.size() / 8;
            if (n > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("input=" + input + " of " + n + " longs is too big to sort in memory");
            long[] a = new long[(int) n];
            f.readArray(0, a);
            return a;
        }
    }

    /** A run in memory handed out block by block (a copy per block, where the variants read). */
    private static final class MemIn implements Blocks.In {
        private final long[] src;
        private final long[] buf;
        private int pos;
        private int left;

        MemIn(long[] src, int start, int count, int block) {
            this.src = src;
            this.pos = start;
            this.left = count;
            this.buf = new long[Math.max(1, Math.min(block, count))];
        }

        @Override
        public int next() {
            int n = Math.min(buf.length, left);
            System.arraycopy(src, pos, buf, 0, n);
            pos += n;
            left -= n;
            return n;
        }

        @Override public long[] buf() { return buf; }
    }

    /** Merged blocks copied into {@code target}, or (final pass, target null) checked for order and counted. */
    private static final class MemOut implements Blocks.Out {
        private final long[] target;
        private final long[] buf;
        private int pos;
        private long written;
        private long last = Long.MIN_VALUE;

        MemOut(long[] target, int start, int block) {
            this.target = target;
            this.pos = start;
            this.buf = new long[block];
        }

        @Override public long[] buf() { return buf; }

        @Override
        public void emit(int n) {
            if (target != null) {
                System.arraycopy(buf, 0, target, pos, n);
            } else {
                for (int i = 0; i < n; i++) {
                    if (buf[i] < last) throw new IllegalStateException("in-memory merge out of order at element " + (written + i));
                    last = buf[i];
                }
            }
            pos += n;
            written += n;
        }

        @Override public void close() { }
    }
}
