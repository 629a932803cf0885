package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench ckpt} as a user runs it, at a tiny size: in one JVM with the C peer in the same
 * rounds, and under mpirun. Checks every row is there, the C ratio refers to C, the loops made their
 * checkpoints, and nothing is left in --dir; timing figures are only checked to be positive.
 */
class CkptBenchCliTest {

    @Test
    @Timeout(180)
    void inOneJvmWithTheCPeer(@TempDir Path dir) throws Exception {
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--shape", "24,20,16", "--ranks", "3", "--repeat", "2", "--warmup", "0",
                "--steps", "4", "--every", "2", "--staging", "64k", "--json", "--dir", dir.resolve("ck").toString(), "--plot", dir.resolve("ckpt.png").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        boolean inline = false;
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            assertTrue(Double.parseDouble(row.get("seconds")) > 0, line);
            if (row.get("row").equals("jpio-sync")) assertEquals(128 + 24L * 20 * 16 * 8, Long.parseLong(row.get("bytes")), line);
            if (row.get("row").startsWith("loop-") && !row.get("row").equals("loop-compute_only")) assertEquals("2", row.get("checkpoints"), line);
            if (row.get("row").equals("loop-async")) {
                assertEquals("65536", row.get("staging_bound"), line);
                inline = Boolean.parseBoolean(row.get("async_inline"));      // automatic: 3 ranks inline on fewer than 3 processors
                assertEquals(3 > Runtime.getRuntime().availableProcessors(), inline, line);
                assertTrue(row.get("async_reason").startsWith(inline ? "more ranks than cores: 3 rank(s) on host" : "a core per rank on every host"), line);
            }
            if (row.get("row").equals("loop-async_background")) assertEquals("forced by async=background", row.get("async_reason"), line);
        }
        TreeSet<String> expected = new TreeSet<>(List.of("c", "jpio-sync", "loop-compute_only", "loop-io_only", "loop-sync", "loop-async"));
        if (inline) expected.add("loop-async_background");                      // shown beside the inline one, to say why
        assertEquals(expected, rows);
        JpioCli.assertPng(dir.resolve("ckpt.png"));
        try (Stream<Path> left = Files.list(dir.resolve("ck"))) {
            assertEquals(List.of(), left.toList(), "the benchmark removes what it wrote");
        }
    }

    @Test
    @Timeout(180)
    void inHdf5(@TempDir Path dir) throws Exception {
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--format", "h5", "--shape", "24,20,16", "--ranks", "2", "--repeat", "1",
                "--warmup", "0", "--steps", "2", "--every", "1", "--staging", "64k", "--json", "--dir", dir.resolve("ck").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        long data = 24L * 20 * 16 * 8;
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            assertTrue(Double.parseDouble(row.get("seconds")) > 0, line);
            if (row.get("row").equals("c")) assertEquals(128 + data, Long.parseLong(row.get("bytes")), line);   // C writes the .npy's size
            if (row.get("row").equals("jpio-sync")) {                          // checkpoint.h5 as written: the data and HDF5's metadata, not a .npy
                long bytes = Long.parseLong(row.get("bytes"));
                assertEquals("h5", row.get("format"), line);
                assertTrue(bytes > data + 128 && bytes < data + 65536, line);
            }
            if (row.get("row").startsWith("loop-") && !row.get("row").equals("loop-compute_only")) assertEquals("2", row.get("checkpoints"), line);
        }
        assertTrue(rows.containsAll(List.of("c", "jpio-sync", "loop-compute_only", "loop-io_only", "loop-sync", "loop-async")), rows.toString());
        try (Stream<Path> left = Files.list(dir.resolve("ck"))) {
            assertEquals(List.of(), left.toList(), "the benchmark removes what it wrote");
        }
        BulkBenchCliTest.Result bad = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--format", "zarr", "--shape", "8,8,8");
        assertTrue(bad.status() != 0 && bad.err().contains("--format=zarr must be npy or h5"), bad.err() + " " + bad.out());
    }

    @Test
    @Timeout(180)
    void underMpirun(@TempDir Path dir) {
        String out = MpiRun.run(2, org.jpio.examples.cli.JpioCommand.class, 150, "bench", "ckpt", "--shape", "16,16,16", "--repeat", "1", "--warmup", "0",
                "--steps", "2", "--every", "1", "--staging", "1m", "--json", "--dir", dir.resolve("ck").toString());
        assertTrue(out.contains("\"row\":\"jpio-sync\",\"ranks\":2,\"mode\":\"mpi\"") && out.contains("\"row\":\"loop-async\""), out);
    }
}
