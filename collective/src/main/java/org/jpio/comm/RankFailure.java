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

    /** The record as bytes for an exchange between ranks (its rank travels apart): {@link #decode} reverses it. */
    byte[] encode() {
        return (type + '\0' + (io ? '1' : '0') + message).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The record {@code rank} sent as {@link #encode}'s {@code length} bytes from {@code offset} of {@code bytes}. */
    static RankFailure decode(int rank, byte[] bytes, int offset, int length) {
        String s = new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8);
        int z = s.indexOf('\0');
        return new RankFailure(rank, s.substring(0, z), s.substring(z + 2), s.charAt(z + 1) == '1');
    }

    @Override public String toString() {
        return rank >= 0 ? "rank=" + rank + ": " + type + (message.isEmpty() ? "" : ": " + message) : message;
    }
}
