package org.jpio.twophase;

import org.jpio.view.RunCursor;

/**
 * Walks one rank's file runs in order and hands out the parts that fall in successive windows
 * {@code [from, to)}, keeping the matching position in the rank's memory (bytes of its data that come
 * before). Because a view's runs go forward and the data is contiguous in memory in the same order, the
 * data of one window is always one contiguous slice of the rank's buffer: two-phase sends it straight
 * from the user's array. Equal runs at a constant stride (an interleaved or cyclic view, see
 * {@link RunCursor#repeats}) are skipped and handed out a batch at a time, not run by run.
 */
final class Clip {
    /** Receives the pieces of a window: file offset and length in bytes. */
    interface Sink {
        void piece(long offset, long length);

        /** {@code count} pieces of {@code length} bytes, the k-th at {@code offset + k * stride}. */
        default void pieces(long offset, long length, long stride, long count) {
            for (long k = 0; k < count; k++) piece(offset + k * stride, length);
        }
    }

    private final RunCursor runs;
    private boolean has;
    private long off, len;
    /** Runs from the current one on (it included) of its length at {@link #stride}; 1 once it is cut. */
    private long rep, stride;
    private long memory;

    Clip(RunCursor runs) {
        this.runs = runs;
        advance();
    }

    private void advance() {
        do {
            has = runs.next();
            if (has) { off = runs.offset(); len = runs.length(); rep = runs.repeats(); stride = runs.stride(); }
        } while (has && len == 0);
    }

    /** Bytes of this rank's data before the current point. */
    long memory() { return memory; }

    /** Whole runs of the current batch that end at or before {@code to}: at least 2 for a batch step, else 0. */
    private long wholeBefore(long to) {
        if (rep < 2 || off + len > to) return 0;
        long k = Math.min(rep, (to - off - len) / stride + 1);
        return k > 1 ? k : 0;
    }

    /** Skips the data before file offset {@code to}. */
    void skipTo(long to) {
        while (has && off < to) {
            long k = wholeBefore(to);
            if (k > 0) consumeRuns(k);
            else consume(Math.min(len, to - off));
        }
    }

    /** Emits the pieces in {@code [from, to)}; windows must come in increasing order. Returns the bytes emitted. */
    long take(long from, long to, Sink sink) {
        skipTo(from);
        long total = 0;
        while (has && off < to) {
            long k = wholeBefore(to);
            if (k > 0) {
                sink.pieces(off, len, stride, k);
                total += k * len;
                consumeRuns(k);
                continue;
            }
            long n = Math.min(len, to - off);
            sink.piece(off, n);
            total += n;
            consume(n);
        }
        return total;
    }

    private void consume(long n) {
        memory += n;
        off += n;
        len -= n;
        rep = 1;
        if (len == 0) advance();
    }

    /** Passes {@code k} whole runs of the current batch (2 <= k <= rep). */
    private void consumeRuns(long k) {
        memory += k * len;
        if (k < rep) {
            runs.jump(k);
            off = runs.offset();
            len = runs.length();
            rep -= k;
        } else {
            runs.jump(rep - 1);
            advance();
        }
    }
}
