package org.jpio.comm;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One rank's part in a failed collective call: which rank, what it threw (the exception's simple class
 * name), its message, and whether it was an I/O failure (an {@link IOException}) rather than a bad
 * argument or a bug. Rank -1 stands for the call as a whole, for a problem no single rank owns (two
 * ranks calling different collectives, values that differ between ranks).
 */
public record RankFailure(int rank, String type, String message, boolean io) {
    public RankFailure {
        if (type == null || message == null) throw new IllegalArgumentException("rank failure: type and message must not be null");
    }

    /** What {@code rank} threw. */
    public static RankFailure of(int rank, Throwable t) {
        boolean io = t instanceof IOException || t instanceof UncheckedIOException;
        return new RankFailure(rank, t.getClass().getSimpleName(), t.getMessage() == null ? "" : t.getMessage(), io);
    }

    /** A problem of the call as a whole, named by {@code kind} (e.g. "mismatch"); never an I/O failure. */
    public static RankFailure ofCall(String kind, String message) { return new RankFailure(-1, kind, message, false); }

    @Override public String toString() {
        return rank >= 0 ? "rank=" + rank + ": " + type + (message.isEmpty() ? "" : ": " + message) : message;
    }
}
