package org.jpio.engine;

import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * How an engine opens a file: the standard open options (READ, WRITE, CREATE, CREATE_NEW,
 * TRUNCATE_EXISTING; DELETE_ON_CLOSE is handled above the engine) and whether to bypass the page cache
 * with {@code O_DIRECT}.
 */
public record OpenSpec(Set<StandardOpenOption> options, boolean direct) {
    public OpenSpec {
        options = Set.copyOf(options.isEmpty() ? EnumSet.of(StandardOpenOption.READ) : options);
    }

    public static OpenSpec of(StandardOpenOption... options) {
        return new OpenSpec(options.length == 0 ? EnumSet.of(StandardOpenOption.READ) : EnumSet.of(options[0], options), false);
    }

    public OpenSpec withDirect(boolean d) { return new OpenSpec(options, d); }

    public boolean writable() { return options.contains(StandardOpenOption.WRITE) || options.contains(StandardOpenOption.APPEND); }

    public boolean readable() { return options.contains(StandardOpenOption.READ) || !writable(); }
}
