package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.jpio.examples.bench.Team;

/** One row of {@code bench bulk}: a way of moving the blocks, and how to start P ranks that use it. */
interface Row {
    String name();

    String description();

    /** True for the rows that pay a system call per element and so run on the smaller --slow-size. */
    default boolean perElement() { return false; }

    /** Empty when the row can run here; otherwise why not (shown instead of figures). */
    default Optional<String> unavailableReason() { return Optional.empty(); }

    /** Starts {@code ranks} ranks of this row on the shared {@code file} of {@code bytes} bytes. */
    Team team(Mode mode, int ranks, Path file, long bytes) throws IOException;
}
