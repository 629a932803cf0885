package org.jpio.view;

import java.util.ArrayList;
import java.util.List;

/**
 * A lazy sequence of contiguous byte runs in type order: {@link #next()} moves to the next run and
 * {@link #offset()}/{@link #length()} describe it. Cursors never hold the whole list, so walking a view of
 * a huge array costs constant memory; a cursor is single-use and not thread-safe.
 */
public interface RunCursor {

    /** Moves to the next run; false when there is none (then offset and length are meaningless). */
    boolean next();

    long offset();

    long length();

    /**
     * After {@link #next()}: how many runs, this one included, have this run's length and start at a
     * constant {@link #stride()} from one another (a strided access: an interleaved or cyclic view), so a
     * caller may handle them at once and {@link #jump} past them. 1 when the cursor cannot tell cheaply.
     */
    default long repeats() { return 1; }

    /** The distance between the starts of the runs {@link #repeats()} counts (0 when it counts one). */
    default long stride() { return 0; }

    /**
     * Moves {@code n} runs on (0 <= n < {@link #repeats()}): the cursor then stands on the n-th of the
     * repeated runs after the current one, having passed those between without visiting them.
     */
    default void jump(long n) {
        for (long i = 0; i < n; i++) next();
    }

    /** Drains the remaining runs into a list (for tests and small types). */
    default List<Run> toList() {
        List<Run> out = new ArrayList<>();
        while (next()) out.add(new Run(offset(), length()));
        return out;
    }

    /** Drains the remaining runs and returns their total length in bytes. */
    default long drainBytes() {
        long total = 0;
        while (next()) total += length();
        return total;
    }
}
