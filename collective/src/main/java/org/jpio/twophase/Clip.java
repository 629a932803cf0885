package org.jpio.twophase;

import org.jpio.view.RunCursor;

/**
 * Walks one rank's file runs in order and hands out the parts that fall in successive windows
 * {@code [from, to)}, keeping the matching position in the rank's memory (bytes of its data that come
 * before). Because a view's runs go forward and the data is contiguous in memory in the same order, the
 * data of one window is always one contiguous slice of the rank's buffer: two-phase sends it straight
 * from the user's array.
 */
final class Clip {
    /** Receives the pieces of a window: file offset and length in bytes. */
    interface Sink { void piece(long offset, long length); }

    private final RunCursor runs;
    private boolean has;
    private long off, len;
    private long memory;

    Clip(RunCursor runs) {
        this.runs = runs;
        advance();
    }

    private void advance() {
        do {
            has = runs.next();
            if (has) { off = runs.offset(); len = runs.length(); }
        } while (has && len == 0);
    }

    /** Bytes of this rank's data before the current point. */
    long memory() { return memory; }

    /** Skips the data before file offset {@code to}. */
    void skipTo(long to) {
        while (has && off < to) {
            long n = Math.min(len, to - off);
            consume(n);
        }
    }

    /** Emits the pieces in {@code [from, to)}; windows must come in increasing order. Returns the bytes emitted. */
    long take(long from, long to, Sink sink) {
        skipTo(from);
        long total = 0;
        while (has && off < to) {
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
        if (len == 0) advance();
    }
}
