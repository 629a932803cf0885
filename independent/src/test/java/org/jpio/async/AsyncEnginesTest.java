package org.jpio.async;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SplittableRandom;
import org.jpio.engine.OpenSpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry, the unavailable path, O_DIRECT, and both engines writing identical files. */
class AsyncEnginesTest {
    @TempDir Path dir;

    @Test
    void registryListsBothAndRejectsUnknownNames() {
        assertEquals(2, AsyncEngines.all().size());
        assertEquals(2, AsyncEngines.describe().size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AsyncEngines.get("posix-aio"));
        assertTrue(e.getMessage().contains("known: auto, uring, portable"), e.getMessage());
        assertEquals("portable", AsyncEngines.get("portable").name());
        AsyncEngine auto = AsyncEngines.select(AsyncOptions.defaults().withEngine("auto"));
        assertEquals(new UringEngine().unavailableReason().isEmpty() ? "uring" : "portable", auto.name());
    }

    @Test
    void anEngineWhoseLibraryIsMissingSaysWhyAndRefusesToOpen() {
        UringEngine missing = new UringEngine("jpiouring-missing-for-test");
        Optional<String> why = missing.unavailableReason();
        assertTrue(why.isPresent());
        assertTrue(why.get().contains("libjpiouring-missing-for-test.so"), why.get());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> missing.open(dir.resolve("x"), OpenSpec.of(), AsyncOptions.defaults()));
        assertTrue(e.getMessage().contains("engine=uring is unavailable"), e.getMessage());
    }

    @Test
    void bothEnginesWriteIdenticalFiles() throws Exception {
        Path a = dir.resolve("portable"), b = dir.resolve("uring");
        Assumptions.assumeTrue(new UringEngine().unavailableReason().isEmpty(), "io_uring unavailable here");
        writeMixed(a, "portable");
        writeMixed(b, "uring");
        assertEquals(-1, Files.mismatch(a, b));
        assertTrue(Files.size(a) > 1_000_000);
    }

    private static void writeMixed(Path p, String engine) throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        AsyncOptions o = AsyncOptions.defaults().withEngine(engine).withPieceBytes(8192);
        try (AsyncFile f = AsyncFile.open(p, "rw", ByteOrder.BIG_ENDIAN, o)) {
            for (int i = 0; i < 40; i++) {
                double[] d = r.doubles(1 + r.nextInt(20_000)).toArray();
                f.write(d, 0, d.length);
                short[] s = new short[r.nextInt(5000)];
                for (int k = 0; k < s.length; k++) s[k] = (short) r.nextInt();
                f.writeAt(f.getFilePointer() + 10, s, 0, s.length);
                f.seek(f.getFilePointer() + 10 + 2L * s.length);
            }
            assertTrue(f.allDone(AsyncFile.TIME_INF));
            assertTrue(f.sync().done());
        }
    }

    @Test
    void directIoOnUringRoundTripsAndChecksAlignment() throws Exception {
        Assumptions.assumeTrue(new UringEngine().unavailableReason().isEmpty(), "io_uring unavailable here");
        AsyncOptions o = AsyncOptions.defaults().withEngine("uring").withDirect(true);
        Path p = dir.resolve("direct");
        AsyncFile f;
        try {
            f = AsyncFile.open(p, "rw", ByteOrder.LITTLE_ENDIAN, o);
        } catch (java.io.IOException e) {
            Assumptions.assumeTrue(false, "this filesystem refuses O_DIRECT: " + e.getMessage());
            return;
        }
        try (f) {
            long[] a = new SplittableRandom(7).longs(3 * 512).toArray();
            assertTrue(f.writeAt(8192, a, 0, a.length).done());
            long[] back = new long[a.length];
            assertTrue(f.readAt(8192, back, 0, back.length).done());
            assertArrayEquals(a, back);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.writeAt(100, a, 0, 512));
            assertTrue(e.getMessage().contains("O_DIRECT") && e.getMessage().contains("offset=100"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(0, a, 0, 100));
        }
        assertEquals(8192 + 3 * 4096, Files.size(p));
    }
}
