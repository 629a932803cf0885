package org.jpio.examples.bench;

/**
 * One rank of a benchmark, in three steps per phase so that only the I/O is timed: {@link #set} (fill
 * or clear the rank's data, untimed), {@link #go} (the I/O, timed from the first rank's start to the last
 * rank's end), {@link #check} (verify what was read, untimed).
 */
public interface RankWorker extends AutoCloseable {
    /**
     * Prepares phase {@code op} of the round identified by {@code salt}: "write", "write-sync" (a write that
     * ends with the data durable, fdatasync) or "read".
     */
    void set(String op, int salt) throws Exception;

    /** Performs the prepared phase. */
    void go() throws Exception;

    /** Wrong elements found by the phase just done (0 for a write). */
    long check() throws Exception;

    @Override default void close() throws Exception { }
}
