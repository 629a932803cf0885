package org.jpio.examples.sort;

import java.io.Closeable;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.jpio.async.AsyncFile;
import org.jpio.async.AsyncRequest;

/**
 * Block-wise access to one run, the only thing the merge needs: sources hand out filled buffers,
 * sinks take filled buffers. Each variant provides its own implementation, so the merge loop itself
 * is identical across variants.
 */
final class Blocks {
    private Blocks() { }

    /** A run read block by block. */
    interface In {
        /** Fills the next block and returns its length (0 at the end); the data is in {@link #buf()} until the next call. */
        int next() throws IOException;

        long[] buf();
    }

    /** A sequence of blocks written one after the other. */
    interface Out extends Closeable {
        /** The buffer to fill next. */
        long[] buf() throws IOException;

        /** Writes {@code buf()[0..n)}; afterwards {@link #buf()} may be another array. */
        void emit(int n) throws IOException;

        /** Waits for or flushes outstanding writes. */
        @Override void close() throws IOException;
    }

    /**
     * An AsyncFile run reader. With {@code overlap}, two buffers: while the caller merges one, the next
     * block is already being read into the other (double buffering). Without, one buffer read and
     * waited for on demand (the seed's {@code ablock}).
     */
    static final class AsyncIn implements In {
        private final AsyncFile f;
        private final IoClock clock;
        private final boolean overlap;
        private final long[][] bufs;
        private final AsyncRequest[] reqs = new AsyncRequest[2];
        private final int[] lens = new int[2];
        private long pos;
        private long left;
        private int front;
        private boolean started;

        AsyncIn(AsyncFile f, long startLong, long countLongs, int blockLongs, boolean overlap, IoClock clock) throws IOException {
            this.f = f;
            this.clock = clock;
            this.overlap = overlap;
            this.pos = startLong * 8;
            this.left = countLongs;
            int n = (int) Math.min(blockLongs, countLongs);
            this.bufs = overlap ? new long[][] {new long[n], new long[n]} : new long[][] {new long[n]};
            if (overlap) {
                issue(0);
                issue(1);
            }
        }

        private void issue(int slot) throws IOException {
            int n = (int) Math.min(bufs[slot].length, left);
            lens[slot] = n;
            if (n == 0) {
                reqs[slot] = null;
                return;
            }
            long at = pos;
            reqs[slot] = clock.start(() -> f.readAt(at, bufs[slot], 0, n));
            pos += 8L * n;
            left -= n;
        }

        @Override
        public int next() throws IOException {
            if (!overlap) {
                issue(0);
                clock.await(reqs[0]);
                return lens[0];
            }
            if (started) {
                issue(front);          // the block the caller just finished becomes the next prefetch
                front ^= 1;
            }
            started = true;
            clock.await(reqs[front]);
            return lens[front];
        }

        @Override public long[] buf() { return bufs[overlap ? front : 0]; }
    }

    /** An AsyncFile writer from {@code startLong}: with {@code overlap} one buffer is written while the other fills. */
    static final class AsyncOut implements Out {
        private final AsyncFile f;
        private final IoClock clock;
        private final long[][] bufs;
        private final AsyncRequest[] reqs = new AsyncRequest[2];
        private long pos;
        private int cur;

        AsyncOut(AsyncFile f, long startLong, int blockLongs, boolean overlap, IoClock clock) {
            this.f = f;
            this.clock = clock;
            this.pos = startLong * 8;
            this.bufs = overlap ? new long[][] {new long[blockLongs], new long[blockLongs]} : new long[][] {new long[blockLongs]};
        }

        @Override
        public long[] buf() throws IOException {
            if (reqs[cur] != null) clock.await(reqs[cur]); // still being written from the last round
            reqs[cur] = null;
            return bufs[cur];
        }

        @Override
        public void emit(int n) throws IOException {
            long at = pos;
            long[] b = bufs[cur];
            reqs[cur] = clock.start(() -> f.writeAt(at, b, 0, n));
            pos += 8L * n;
            if (bufs.length == 1) clock.await(reqs[0]);
            else cur ^= 1;
        }

        @Override public void close() throws IOException { clock.await(reqs); }
    }

    /** A run read element by element through a DataInput (RandomAccessFile or a data stream). */
    static final class DataIn implements In {
        private final DataInput in;
        private final Closeable closer;
        private final IoClock clock;
        private final long[] buf;
        private long left;

        DataIn(DataInput in, Closeable closer, long countLongs, int blockLongs, IoClock clock) {
            this.in = in;
            this.closer = closer;
            this.clock = clock;
            this.left = countLongs;
            this.buf = new long[(int) Math.min(blockLongs, Math.max(1, countLongs))];
        }

        @Override
        public int next() throws IOException {
            int n = (int) Math.min(buf.length, left);
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) buf[i] = in.readLong();
            clock.add(System.nanoTime() - t0);
            left -= n;
            if (left == 0 && n == 0) closer.close();
            return n;
        }

        @Override public long[] buf() { return buf; }
    }

    /** Blocks written element by element through a DataOutput. */
    static final class DataOut implements Out {
        private final DataOutput out;
        private final Closeable closer;
        private final IoClock clock;
        private final long[] buf;

        DataOut(DataOutput out, Closeable closer, int blockLongs, IoClock clock) {
            this.out = out;
            this.closer = closer;
            this.clock = clock;
            this.buf = new long[blockLongs];
        }

        @Override public long[] buf() { return buf; }

        @Override public void emit(int n) throws IOException { writeFrom(buf, n); }

        /** Writes {@code a[0..n)}, one writeLong per element. */
        void writeFrom(long[] a, int n) throws IOException {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) out.writeLong(a[i]);
            clock.add(System.nanoTime() - t0);
        }

        @Override
        public void close() throws IOException {
            long t0 = System.nanoTime();
            closer.close();
            clock.add(System.nanoTime() - t0);
        }
    }
}
