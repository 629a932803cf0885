package org.jpio.mpi;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Open MPI's shared-memory segments (/dev/shm/vader_segment.*, 4 MiB each) of jobs whose ranks were killed
 * or aborted: Open MPI removes them only when its ranks end normally, so every kill -9 and MPI_Abort test
 * left a few behind (172 had piled up in a day of test runs). After an mpirun, this removes the segments
 * made since it started that no process maps any more; a segment some process still maps, or one younger
 * than two seconds (a job just starting may not have mapped it yet), stays.
 */
final class SharedMemoryLeftovers {
    private static final Path SHM = Path.of("/dev/shm");

    private SharedMemoryLeftovers() { }

    static void removeOrphans(long sinceMillis) {
        if (!Files.isDirectory(SHM)) return;
        Set<Path> candidates = new HashSet<>();
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(SHM, "vader_segment.*")) {
            for (Path p : s) {
                FileTime t = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS);
                if (t.toMillis() >= sinceMillis - 1000 && t.toMillis() < now - 2000 && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    candidates.add(p);
            }
        } catch (IOException e) {
            return; // nothing to judge by: leave everything
        }
        if (candidates.isEmpty()) return;
        candidates.removeAll(mapped());
        for (Path p : candidates) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // another user's, or gone meanwhile: not ours to remove
            }
        }
    }

    /** The /dev/shm files some process maps now, from every readable /proc/PID/maps. */
    private static Set<Path> mapped() {
        Set<Path> in = new HashSet<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try (Stream<String> lines = Files.lines(proc.resolve("maps"))) {
                    lines.filter(l -> l.contains("/dev/shm/")).forEach(l -> in.add(Path.of(l.substring(l.indexOf("/dev/shm/")).trim())));
                } catch (IOException | java.io.UncheckedIOException e) {
                    // a process that ended meanwhile, or another user's
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return in;
    }
}
