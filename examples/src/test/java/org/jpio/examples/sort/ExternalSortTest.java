package org.jpio.examples.sort;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.async.AsyncOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/** Every variant sorts small files correctly, through several merge passes, to identical outputs. */
class ExternalSortTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(Variant.class)
    void variantSortsThroughSeveralMergePasses(Variant v) throws Exception {
        long n = v.slow() ? 20_011 : 200_003;
        Path in = dir.resolve("in"), out = dir.resolve("out-" + v.id());
        LongFiles.Fingerprint fp = LongFiles.generate(in, n, 99);
        SortPlan plan = SortPlan.forMemory(48 * 1024, n);
        assertEquals(3, plan.fanIn(), "small memory forces a small fan-in: " + plan);
        ExternalSort.Result r = new ExternalSort(v, plan, AsyncOptions.defaults().withPieceBytes(8192)).sort(in, out, dir);
        LongFiles.Scan s = LongFiles.scan(out);
        assertTrue(s.sorted(), "unsorted at index " + s.firstUnsortedIndex());
        assertEquals(fp, s.fingerprint(), "a permutation of the input");
        assertTrue(r.mergePasses() >= 2, "passes=" + r.mergePasses());
        assertTrue(r.ioNanos() > 0 && r.ioNanos() <= r.totalNanos());
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "temporary runs files removed");
        }
    }

    @Test
    void allVariantsProduceIdenticalFilesAndEdgeSizesWork() throws Exception {
        for (long n : new long[] {0, 1, 2047, 2048, 2049, 6144, 7001}) {
            Path in = dir.resolve("in" + n);
            LongFiles.Fingerprint fp = LongFiles.generate(in, n, n);
            Path first = null;
            for (Variant v : Variant.values()) {
                Path out = dir.resolve("out" + n + v.id());
                new ExternalSort(v, SortPlan.forMemory(48 * 1024, n), AsyncOptions.defaults()).sort(in, out, dir);
                LongFiles.Scan s = LongFiles.scan(out);
                assertTrue(s.sorted(), v + " n=" + n);
                assertEquals(fp, s.fingerprint(), v + " n=" + n);
                if (first == null) first = out;
                else assertEquals(-1, Files.mismatch(first, out), v + " n=" + n);
            }
        }
    }

    @Test
    void theScanDetectsUnsortedAndAlteredFiles() throws Exception {
        Path in = dir.resolve("raw");
        LongFiles.Fingerprint fp = LongFiles.generate(in, 1000, 5);
        LongFiles.Scan s = LongFiles.scan(in);
        assertFalse(s.sorted(), "random data is not sorted");
        assertEquals(fp, s.fingerprint());
        byte[] b = Files.readAllBytes(in);
        b[8 * 500 + 7] ^= 1;
        Files.write(in, b);
        assertNotEquals(fp, LongFiles.scan(in).fingerprint());
    }
}
