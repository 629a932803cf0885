package org.jpio.examples.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark's own directory goes at the end with whatever a failed row left in it, and the row's failure
 * is what the user sees. Negative control: with {@link WorkDir#close} removing only an empty directory
 * (what the benchmarks did before) the first test fails: the directory and the row's file stay, and the
 * failure carries a DirectoryNotEmptyException.
 */
class WorkDirTest {
    @Test
    void aFailedRowsFilesGoWithTheDirectoryAndItsFailureIsKept() {
        String prefix = "jpio-workdir-test-" + UUID.randomUUID() + "-";
        Path[] made = new Path[1];
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            try (WorkDir w = WorkDir.of(null, prefix)) {
                made[0] = w.path();
                assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(w.path())), "private on a shared node");
                Files.createDirectories(w.path().resolve("rank-1"));
                Files.write(w.path().resolve("rank-1").resolve("jpio.h5"), new byte[4096]);
                throw new IllegalStateException("rank 1 exited with status 1");
            }
        });
        assertEquals("rank 1 exited with status 1", e.getMessage());
        assertEquals(0, e.getSuppressed().length, "removing the directory failed: " + (e.getSuppressed().length > 0 ? e.getSuppressed()[0] : ""));
        assertFalse(Files.exists(made[0]), made[0] + " is still there");
    }

    @Test
    void theUsersOwnDirectoryStaysAsItIs(@TempDir Path tmp) throws Exception {
        Path mine = tmp.resolve("mine");
        try (WorkDir w = WorkDir.of(mine, "unused-")) {
            assertEquals(mine, w.path());
            Files.write(mine.resolve("kept.raw"), new byte[] {1, 2, 3});
        }
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(mine.resolve("kept.raw")));
    }
}
