package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.file.TestSwitches;
import org.junit.jupiter.api.Assumptions;

/**
 * The engine contract's checks of byte-range locks held by several threads of this JVM at once (the
 * in-JVM ranks of atomic mode), each run per engine by {@link AbstractEngineContractTest}: shared holders
 * of overlapping ranges share their owner's OS lock, which is taken by the first and released by the last,
 * so other processes stay excluded and FileChannel never sees two overlapping locks of one JVM. Each check
 * has a negative control with the sharing turned off.
 */
final class LockChecks {
    private final ArrayFileOptions options;
    private final String childSpec;
    private final Path dir;

    LockChecks(ArrayFileOptions options, String childSpec, Path dir) {
        this.options = options;
        this.childSpec = childSpec;
        this.dir = dir;
    }

    /** Two shared holders: A on the calling thread, B on a thread of its own; on one ArrayFile or one each. */
    private final class Holders implements AutoCloseable {
        final ArrayFile a;
        final ArrayFile b;
        final ExecutorService other = Executors.newSingleThreadExecutor();
        EngineFile.RangeLock heldA;
        EngineFile.RangeLock heldB;

        Holders(Path p, boolean oneFile) throws IOException {
            a = ArrayFile.open(p, options, READ, WRITE);
            b = oneFile ? a : ArrayFile.open(p, options, READ, WRITE);
        }

        boolean locksPerProcess() { return a.engineFile().locksPerProcess(); }

        void lockA(long position, long length) throws IOException { heldA = a.lock(position, length, true); }

        void lockB(long position, long length) throws Exception {
            try {
                heldB = other.submit(() -> b.lock(position, length, true)).get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw e;
            }
        }

        void releaseA() throws IOException {
            heldA.close();
            heldA = null;
        }

        void releaseB() throws IOException {
            heldB.close();
            heldB = null;
        }

        @Override
        public void close() throws IOException {
            other.shutdownNow();
            if (heldA != null) heldA.close();
            if (heldB != null) heldB.close();
            a.close();
            b.close();
        }
    }

    private Path file(String name, int bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, new byte[bytes]);
        return p;
    }

    /** A holds [0,100), B [50,150): another process may lock neither part until the last holder of it releases. */
    void holdersShareTheOsLock(boolean oneFile) throws Exception {
        Path p = file("shared-holders-" + oneFile, 200);
        try (Holders h = new Holders(p, oneFile); LockProbe probe = new LockProbe(p)) {
            assertTrue(probe.exclusiveGranted(0, 200), "nothing is locked yet");
            h.lockA(0, 100);
            h.lockB(50, 100);
            assertFalse(probe.exclusiveGranted(50, 50), "both hold [50,100)");
            assertFalse(probe.exclusiveGranted(100, 50), "B holds [100,150)");
            h.releaseA();
            assertFalse(probe.exclusiveGranted(50, 50), "A's release must not unlock what B still holds");
            assertFalse(probe.exclusiveGranted(100, 50));
            h.releaseB();
            assertTrue(probe.exclusiveGranted(0, 200), "the last release frees every byte");
        }
    }

    /**
     * The negative control of {@link #holdersShareTheOsLock}: without the sharing, on per-process locks
     * (NIO) B's lock throws OverlappingFileLockException; on per-descriptor locks (native) with one
     * ArrayFile, A's unlock frees bytes B still holds and another process is granted them.
     */
    void holdersWithoutSharingFail(boolean oneFile) throws Exception {
        Path p = file("unshared-holders-" + oneFile, 200);
        try (TestSwitches.Restore off = TestSwitches.withoutSharedOsLocks();
             Holders h = new Holders(p, oneFile); LockProbe probe = new LockProbe(p)) {
            h.lockA(0, 100);
            if (h.locksPerProcess()) {
                assertThrows(OverlappingFileLockException.class, () -> h.lockB(50, 100));
                return;
            }
            Assumptions.assumeTrue(oneFile, "per-descriptor locks, one descriptor per holder: they never shared an OS lock");
            h.lockB(50, 100);
            h.releaseA();
            assertTrue(probe.exclusiveGranted(50, 50), "without the sharing, A's unlock released B's bytes too");
        }
    }

    /** One writer (a thread here, or another process) and three readers: no torn read, no exception. */
    void oneWriterThreeReaders(boolean oneFile, boolean writerProcess, int rounds) throws Exception {
        Path p = file("stress-" + oneFile + "-" + writerProcess, LockStress.INTS * 4);
        LockStress s = new LockStress();
        LockStress.Opener open = () -> ArrayFile.open(p, options, READ, WRITE);
        s.run(open, oneFile, rounds, writerProcess ? s.processWriter(childSpec, p) : s.threadWriter(open));
    }

    /**
     * The negative control of {@link #oneWriterThreeReaders} where the engine's locks are per process: the
     * second reader's lock throws. (Per-descriptor locks pass without the sharing while holders stay in this
     * JVM; what they lose then, other processes' exclusion, is shown by {@link #holdersWithoutSharingFail}.)
     */
    void oneWriterThreeReadersWithoutSharingFail(boolean oneFile, boolean writerProcess) throws Exception {
        Path p = file("kind", 0);
        try (ArrayFile f = ArrayFile.open(p, options, READ)) {
            Assumptions.assumeTrue(f.engineFile().locksPerProcess(), "per-descriptor locks: see holdersWithoutSharingFail");
        }
        try (TestSwitches.Restore off = TestSwitches.withoutSharedOsLocks()) {
            assertThrows(OverlappingFileLockException.class, () -> oneWriterThreeReaders(oneFile, writerProcess, 3));
        }
    }
}
