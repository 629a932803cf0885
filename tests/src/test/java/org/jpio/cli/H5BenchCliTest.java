package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench h5} as a user runs it, at a tiny size and N = 1, 2: every row (jpio HDF5 and RAW
 * under mpirun, C parallel HDF5 under the same mpirun options making the file anew and writing its
 * dataset again, h5py) is there for each N, each with one untimed round first (so every timed write goes
 * over an existing file, in place), everything read back verified,
 * the ratios are of HDF5 through jpio to each row (1 for itself), the figure is drawn, and the files are
 * gone.
 */
class H5BenchCliTest {
    @Test
    @Timeout(300)
    void everyRowAtEveryNWithRatiosToJpiosHdf5(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "h5", "--dims", "16,12,8", "--np", "1,2", "--repeat", "1", "--warmup", "1",
                "--json", "--dir", work.toString(), "--plot", dir.resolve("h5.png").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("np") + " " + row.get("row"));
            assertEquals("h5", row.get("bench"), line);
            assertEquals("0", row.get("errors"), line);
            assertEquals(16L * 12 * 8 * 4, Long.parseLong(row.get("bytes")), line);
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("read_mibs")) > 0, line);
            assertTrue(Double.parseDouble(row.get("h5_write_ratio")) > 0 && Double.parseDouble(row.get("h5_read_ratio")) > 0, line);
            if (row.get("row").equals("jpio h5")) {
                assertEquals("1.000", row.get("h5_write_ratio"), line);
                assertTrue(row.get("how").contains("read with collective I/O at offset"), line);
            }
            if (row.get("row").startsWith("jpio")) // the default --write-mode: written over the old file's blocks
                assertTrue(row.get("written").endsWith(" in place"), line);
        }
        TreeSet<String> want = new TreeSet<>();
        for (String np : new String[] {"1", "2"})
            for (String name : new String[] {"jpio h5", "jpio raw", "C parallel HDF5", "C phdf5 overwrite", "h5py (1 process)"}) want.add(np + " " + name);
        assertEquals(want, rows);
        assertTrue(Files.size(dir.resolve("h5.png")) > 20_000, "--plot draws the figure of the rows");
        try (var left = Files.list(work)) {
            assertEquals(0, left.count(), "every row removes its file");
        }
    }

    @Test
    @Timeout(300)
    void timedRoundsInOneLaunchGiveJpiosRowsTheirMedian(@TempDir Path dir) throws Exception {
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "h5", "--dims", "16,12,8", "--np", "2", "--repeat", "1", "--warmup", "0",
                "--timed", "3", "--peers", "none", "--json", "--dir", dir.resolve("work").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            assertEquals("3", row.get("timed_per_launch"), line);
            assertEquals("0", row.get("errors"), line);
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("read_mibs")) > 0, line);
        }
        assertEquals(new TreeSet<>(java.util.List.of("jpio h5", "jpio raw")), rows);
        BulkBenchCliTest.Result bad = BulkBenchCliTest.jpio(dir, "bench", "h5", "--timed", "0", "--peers", "none");
        assertTrue(bad.status() != 0 && bad.err().contains("--timed=0"), "refused: " + bad.err());
    }
}
