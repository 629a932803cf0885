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
