package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

/** The warm-up a JVM's first create starts: it runs to its end without failing and leaves nothing behind. */
class WarmUpTest {
    private static List<Path> warmUpDirs() throws Exception { return warmUpDirs("jpio-warm-up-"); }

    /** The warm-up directories in /dev/shm and the temporary directory whose names start with {@code prefix}. */
    private static List<Path> warmUpDirs(String prefix) throws Exception {
        List<Path> all = new java.util.ArrayList<>();
        for (Path parent : List.of(Path.of("/dev/shm"), Path.of(System.getProperty("java.io.tmpdir")))) {
            if (!Files.isDirectory(parent)) continue;
            try (Stream<Path> s = Files.list(parent)) {
                s.filter(p -> p.getFileName().toString().startsWith(prefix)).forEach(all::add);
            }
        }
        all.sort(null);
        return all;
    }

    /** A JVM that makes its first array and ends as soon as the warm-up has made its directory, mid-way. */
    public static final class EndsAtOnce {
        public static void main(String[] args) throws Exception {
            LocalComm.run(1, comm -> DistributedArray.create(comm, ElementType.INT, 3));
            String mine = "jpio-warm-up-" + ProcessHandle.current().pid() + "-";
            for (int i = 0; i < 10_000 && warmUpDirs(mine).isEmpty(); i++) Thread.onSpinWait();
            System.exit(warmUpDirs(mine).isEmpty() ? 3 : 0); // 3: the warm-up was done or not begun, nothing tested
        }
    }

    @Test
    void aJvmThatEndsDuringTheWarmUpLeavesNothingBehind() throws Exception {
        int tested = 0;
        for (int i = 0; i < 6 && tested < 3; i++) {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), EndsAtOnce.class.getName()).inheritIO().start();
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the child ends");
            if (p.exitValue() == 3) continue; // the directory came and went between two looks: try again
            assertEquals(0, p.exitValue());
            assertEquals(List.of(), warmUpDirs("jpio-warm-up-" + p.pid() + "-"), "child pid=" + p.pid() + " left its warm-up directory");
            tested++;
        }
        assertTrue(tested > 0, "some child ended with its warm-up mid-way");
    }

    @Test
    void staleDirectoriesOfKilledJvmsGoThoseOfRunningOnesStay(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path stale = Files.createDirectories(dir.resolve("jpio-warm-up-" + dead.pid() + "-123"));
        Files.writeString(stale.resolve("warm-up-0.npy"), "x");
        Path live = Files.createDirectories(dir.resolve("jpio-warm-up-" + ProcessHandle.current().pid() + "-456"));
        Path older = Files.createDirectories(dir.resolve("jpio-warm-up-789"));     // no pid in the name: not judged
        WarmUp.removeStale(dir);
        assertTrue(Files.notExists(stale), "the killed JVM's directory is removed");
        assertTrue(Files.isDirectory(live) && Files.isDirectory(older), "a running JVM's directory, and one without a pid, stay");
    }

    @Test
    void theFirstCreateWarmsTheWritePathUpAndLeavesNothingBehind() throws Exception {
        List<Path> before = warmUpDirs();
        LocalComm.run(1, comm -> DistributedArray.create(comm, ElementType.INT, 3));
        assertTrue(WarmUp.awaitDone(60_000), "the warm-up ended");
        assertNull(WarmUp.failure(), "the warm-up's write and read worked");
        assertEquals(before, warmUpDirs(), "its private directory is gone");
    }
}
