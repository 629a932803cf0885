package org.jpio.async;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.jpio.engine.OpenSpec;

/**
 * How an {@link AsyncFile}'s pieces reach the file: the asynchronous seam, the peer of
 * {@link org.jpio.engine.IoEngine} for the blocking tier. An engine stays registered in
 * {@link AsyncEngines} when it cannot run here and says why.
 */
public interface AsyncEngine {
    /** "portable", "uring". */
    String name();

    /** Empty when usable here; otherwise what is missing (library, kernel support, seccomp). */
    default Optional<String> unavailableReason() { return Optional.empty(); }

    /** Whether {@link AsyncOptions#direct()} ({@code O_DIRECT}) is honoured. */
    default boolean supportsDirect() { return false; }

    /** Opens {@code path}; IOException with path= and errno when the OS refuses. */
    AsyncChannel open(Path path, OpenSpec spec, AsyncOptions options) throws IOException;

    /** An open file of an engine: accepts pieces, reports each through {@link Piece#finish} exactly once. */
    interface AsyncChannel {
        /** Current size of the file in bytes. */
        long size() throws IOException;

        /** Starts (or queues) the piece; never blocks on the I/O itself. */
        void submit(Piece p) throws IOException;

        /** Asks the engine to drop the piece if it has not run; it still finishes exactly once. */
        void cancel(Piece p);

        /** Closes the file; every submitted piece has finished (AsyncFile waits first). */
        void close() throws IOException;
    }
}
