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
                "--steps", "4", "--every", "2", "--staging", "16k", "--json", "--dir", dir.resolve("ck").toString(), "--plot", dir.resolve("ckpt.png").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        boolean inline = false;
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            assertTrue(Double.parseDouble(row.get("seconds")) > 0, line);
            if (row.get("row").equals("jpio-sync")) assertEquals(128 + 24L * 20 * 16 * 8, Long.parseLong(row.get("bytes")), line);
            if (row.get("row").startsWith("loop-") && !row.get("row").equals("loop-compute_only")) assertEquals("2", row.get("checkpoints"), line);
            if (row.get("row").startsWith("loop-")) {                          // every loop: host CPU, rank 0's thread, the wait after the last step
                assertTrue(row.containsKey("host_cpu_seconds") && row.containsKey("thread_cpu_seconds") && row.containsKey("preempted"), line);
                assertTrue(Double.parseDouble(row.get("tail_seconds")) >= 0 && Double.parseDouble(row.get("tail_seconds")) <= Double.parseDouble(row.get("seconds")), line);
            }
            if (row.get("row").startsWith("loop-beside_c")) assertTrue(row.containsKey("c_write_seconds") && row.containsKey("vs_compute"), line);
            if (row.get("row").startsWith("loop-") && row.containsKey("async_inline")) {                 // every async row: its floor from CPU and its breakdown
                assertTrue(Double.parseDouble(row.get("floor_seconds")) > 0 && row.containsKey("vs_floor") && row.containsKey("rest_seconds"), line);
                assertEquals(2, row.get("blocked_each").split(" ").length, line);
                if (row.get("async_inline").equals("false"))                    // in the background the loop waits after its last step for the last checkpoint's sync
                    assertTrue(Double.parseDouble(row.get("tail_seconds")) > 0, line);
            }
            if (row.get("row").equals("copy-rate")) assertEquals(8L * 20 * 16 * 8, Long.parseLong(row.get("block_bytes")), line);   // 3 ranks: 8 planes each
            if (row.get("row").startsWith("loop-no_copy")) {                     // the promise: nothing staged, nothing copied
                assertEquals("0", row.get("staging_peak"), line);
                assertEquals("0.000", row.get("copy_seconds"), line);
                assertEquals("false", row.get("async_inline"), line);
            }
            if (row.get("row").equals("loop-staged_whole")) {                    // two checkpoints of the largest block in whole 16 MiB pieces: no waiting for room
                assertEquals(Long.toString(2L << 24), row.get("staging_bound"), line);
                assertEquals("0.000", row.get("staging_waited_seconds"), line);
            }
            if (row.get("row").equals("loop-async")) {
                assertEquals("16384", row.get("staging_bound"), line);
                inline = Boolean.parseBoolean(row.get("async_inline"));      // automatic: 3 ranks inline on fewer than 3 processors
                assertEquals(3 > Runtime.getRuntime().availableProcessors(), inline, line);
                assertTrue(row.get("async_reason").startsWith(inline ? "more ranks than cores: 3 rank(s) on host" : "a core per rank on every host"), line);
            }
            if (row.get("row").equals("loop-async_background")) assertEquals("forced by async=background", row.get("async_reason"), line);
        }
        TreeSet<String> expected = new TreeSet<>(List.of("c", "jpio-sync", "copy-rate", "loop-compute_only", "loop-beside_c", "loop-beside_c_read", "loop-io_only", "loop-sync",
                "loop-async", "loop-staged_whole", "loop-no_copy"));
        if (inline) expected.add("loop-async_background");                      // shown beside the inline one, to say why
        if (List.of("ext4", "xfs", "btrfs").contains(Files.getFileStore(dir).type()))   // O_DIRECT where the file system takes it (not tmpfs)
            expected.addAll(List.of("loop-io_only_direct", "loop-no_copy_direct", "loop-beside_c_direct"));
        assertEquals(expected, rows);
        JpioCli.assertPng(dir.resolve("ckpt.png"));
        try (Stream<Path> left = Files.list(dir.resolve("ck"))) {
            assertEquals(List.of(), left.toList(), "the benchmark removes what it wrote");
        }
    }

    @Test
    @Timeout(120)
    void theWritersOverlapAgainstTheSerialOrder(@TempDir Path dir) throws Exception {
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--shape", "24,20,16", "--ranks", "2", "--repeat", "1", "--warmup", "0",
                "--steps", "0", "--overlap-rounds", "2", "--json", "--dir", dir.resolve("ck").toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            if (row.get("row").startsWith("overlap-"))
                assertTrue(Double.parseDouble(row.get("serial_seconds")) > 0 && Double.parseDouble(row.get("overlapped_seconds")) > 0 && Double.parseDouble(row.get("ratio")) > 0, line);
        }
        TreeSet<String> expected = new TreeSet<>(List.of("c", "jpio-sync", "overlap-buffered"));
        if (List.of("ext4", "xfs", "btrfs").contains(Files.getFileStore(dir).type())) expected.add("overlap-direct");
        assertEquals(expected, rows);
        try (Stream<Path> left = Files.list(dir.resolve("ck"))) {
            assertEquals(List.of(), left.toList(), "the benchmark removes what it wrote");
        }
    }

    @Test
    @Timeout(180)
    void inHdf5(@TempDir Path dir) throws Exception {
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--format", "h5", "--shape", "24,20,16", "--ranks", "2", "--repeat", "1",
                "--warmup", "0", "--steps", "2", "--every", "1", "--staging", "64k", "--rows", "basic", "--json", "--dir", dir.resolve("ck").toString());
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
        assertTrue(rows.stream().noneMatch(x -> x.matches("loop-(beside_c.*|staged_whole|no_copy.*|io_only_direct)")), "--rows basic: " + rows);
        try (Stream<Path> left = Files.list(dir.resolve("ck"))) {
            assertEquals(List.of(), left.toList(), "the benchmark removes what it wrote");
        }
        BulkBenchCliTest.Result bad = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--format", "zarr", "--shape", "8,8,8");
        assertTrue(bad.status() != 0 && bad.err().contains("--format=zarr must be npy or h5"), bad.err() + " " + bad.out());
        bad = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--rows", "some", "--shape", "8,8,8");
        assertTrue(bad.status() != 0 && bad.err().contains("--rows=some must be basic or all"), bad.err() + " " + bad.out());
        bad = BulkBenchCliTest.jpio(dir, "bench", "ckpt", "--direct-write", "on", "--shape", "8,8,8");
        assertTrue(bad.status() != 0 && bad.err().contains("--direct-write=on must be auto or off"), bad.err() + " " + bad.out());
    }

    @Test
    @Timeout(180)
    void underMpirun(@TempDir Path dir) {
        String out = MpiRun.run(2, org.jpio.examples.cli.JpioCommand.class, 150, "bench", "ckpt", "--shape", "16,16,16", "--repeat", "1", "--warmup", "0",
                "--steps", "2", "--every", "1", "--staging", "1m", "--direct-write", "off", "--json", "--dir", dir.resolve("ck").toString());
        assertTrue(out.contains("\"row\":\"jpio-sync\",\"ranks\":2,\"mode\":\"mpi\"") && out.contains("\"row\":\"loop-async\""), out);
        assertTrue(out.contains("\"row\":\"loop-no_copy\"") && out.contains("\"row\":\"loop-beside_c\"") && out.contains("\"row\":\"loop-beside_c_read\"") && !out.contains("_direct\""), out);
    }
}
