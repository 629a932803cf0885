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
    private static List<Path> warmUpDirs() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("jpio-warm-up-")).toList();
        }
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
