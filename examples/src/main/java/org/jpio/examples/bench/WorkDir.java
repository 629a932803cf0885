package org.jpio.examples.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where a benchmark keeps its files: the directory the user named ({@code --dir}, kept as it is), or a new
 * private one (0700) in the temporary directory, removed at the end with whatever is left in it. A row
 * that failed (a rank that died, a peer that crashed) leaves its files behind; they go with the directory,
 * and in a try-with-resources a failure to remove them is added to the row's failure, never put in its
 * place.
 */
public final class WorkDir implements AutoCloseable {
    private final Path path;
    private final boolean made;

    private WorkDir(Path path, boolean made) {
        this.path = path;
        this.made = made;
    }

    /** {@code given} (created if missing) when not null, else a new 0700 directory named {@code prefix...}. */
    public static WorkDir of(Path given, String prefix) throws IOException {
        return given != null ? new WorkDir(Files.createDirectories(given), false) : new WorkDir(Files.createTempDirectory(prefix), true);
    }

    public Path path() { return path; }

    /** Removes the directory this made, with everything in it; the user's own directory stays. */
    @Override public void close() throws IOException {
        if (made) deleteTree(path);
    }

    /** Removes {@code root} and everything under it; nothing when it is missing. */
    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
