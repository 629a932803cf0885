package org.jpio.file;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.engine.EngineFile;
import org.jpio.engine.InterceptingEngine;
import org.jpio.engine.NioEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The corners of the shared OS-lock bookkeeping that the engine contract's lock checks do not reach: an
 * exclusive lock that only its own thread's shared locks hold up, and an OS lock that cannot be taken.
 */
class RangeLocksTest {
    @TempDir Path dir;
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() { other.shutdownNow(); }

    private ArrayFile open(Path p, ArrayFileOptions o) throws IOException {
        return ArrayFile.open(p, o, READ, WRITE);
    }

    /**
     * B's shared [0,100) is taken first; this thread's shared [50,150) then keeps that OS lock after B
     * releases, so an exclusive [0,10) of this thread could never be granted: it fails instead of hanging.
     */
    @Test
    void exclusiveHeldUpOnlyByItsOwnThreadsSharedLockFails() throws Exception {
        Path p = dir.resolve("self.bin");
        Files.write(p, new byte[200]);
        try (ArrayFile f = open(p, ArrayFileOptions.defaults().withEngine(new NioEngine()))) {
            EngineFile.RangeLock b = other.submit(() -> f.lock(0, 100, true)).get(30, TimeUnit.SECONDS);
            try (EngineFile.RangeLock mine = f.lock(50, 100, true)) {
                b.close();
                var e = assertThrows(IllegalStateException.class, () -> f.lock(0, 10, false));
                assertTrue(e.getMessage().contains("offset=0 end=100") && e.getMessage().contains("path=" + p), e.getMessage());
            }
            f.lock(0, 10, false).close(); // once released, granted
        }
    }

    /** The first OS lock fails: the holder leaves nothing behind, and the next holders are granted. */
    @Test
    void failedOsLockLeavesNoHolderOrPendingLock() throws Exception {
        Path p = dir.resolve("fail.bin");
        Files.write(p, new byte[200]);
        AtomicInteger locks = new AtomicInteger();
        InterceptingEngine failFirst = new InterceptingEngine(new NioEngine(), (stage, op, args) -> {
            if (stage == InterceptingEngine.Stage.BEFORE && op.equals("lock") && locks.incrementAndGet() == 1)
                throw new IOException("injected lock failure");
        });
        try (ArrayFile f = open(p, ArrayFileOptions.defaults().withEngine(failFirst))) {
            IOException e = assertThrows(IOException.class, () -> f.lock(0, 100, true));
            assertEquals("injected lock failure", e.getMessage());
            try (EngineFile.RangeLock s = f.lock(0, 100, true)) {
                other.submit(() -> { f.lock(50, 100, true).close(); return null; }).get(30, TimeUnit.SECONDS);
            }
            other.submit(() -> { f.lock(0, 200, false).close(); return null; }).get(30, TimeUnit.SECONDS);
            assertEquals(4, locks.get(), "one failed, then three OS locks taken");
        }
    }
}
