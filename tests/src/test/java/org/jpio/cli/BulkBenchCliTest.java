package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jpio.engine.Engines;
import org.jpio.engine.IoEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code bin/jpio bench bulk} as a user would, at a tiny size, and checks what it prints: one JSON
 * object per row, every row of both modes present, every measured row verified, C measured, unavailable
 * engines listed with a reason. Timing figures are only checked to be positive.
 */
class BulkBenchCliTest {
    static Result jpio(Path dir, String... args) throws IOException, InterruptedException {
        JpioCli.Result r = JpioCli.run(dir, 90, args);
        return new Result(r.status(), r.out(), r.err());
    }

    record Result(int status, List<String> out, String err) { }

    @Test
    @Timeout(120)
    void tinyRunPrintsVerifiedJsonRowsForBothModes(@TempDir Path dir) throws Exception {
        Result r = jpio(dir, "bench", "bulk", "--size", "96k", "--slow-size", "8k", "--repeat", "1", "--warmup", "1",
                "-p", "2", "-t", "3", "--json", "--dir", dir.toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err());
        Set<String> seen = new TreeSet<>();
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            assertEquals("bulk", row.get("bench"));
            String name = row.get("row"), mode = row.get("mode");
            seen.add(mode + "/" + row.get("p") + "/" + name);
            assertFalse(row.containsKey("failed"), "row failed: " + line);
            if (row.containsKey("unavailable")) {
                assertTrue(name.startsWith("arrayfile-"), "only engines may be unavailable here: " + line);
                assertFalse(row.get("unavailable").isBlank());
                continue;
            }
            assertEquals("true", row.get("verified"), line);
            assertEquals("0", row.get("errors"), line);
            assertEquals("warm", row.get("cache"), line);
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("read_mibs")) > 0, line);
            assertNotNull(row.get("write_ratio_c"), line);
            if (!name.equals("c")) assertFalse(row.get("write_ratio_c").equals("null"), "C measured, so a ratio: " + line);
            long bytes = Long.parseLong(row.get("bytes"));
            assertEquals(name.equals("raf-int") ? 8 * 1024 : name.equals("c") ? bytes : 96 * 1024, bytes, line);
        }
        List<String> rows = new ArrayList<>(List.of("c", "raf-int", "data-streams", "bytearray-streams", "encode-decode", "raw-bytes", "bulk-raf"));
        for (IoEngine e : Engines.all()) rows.add("arrayfile-" + e.name());
        for (String mode : List.of("procs/2", "threads/3"))
            for (String row : rows) assertTrue(seen.contains(mode + "/" + row), "missing " + mode + "/" + row + " in " + seen);
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("jpio-bench")).toList(), "shared files left behind");
        }
    }

    @Test
    @Timeout(60)
    void durableWritesAndTheFigureOfTheSameRows(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("bulk.png");
        Result r = jpio(dir, "bench", "bulk", "--size", "64k", "--repeat", "1", "--warmup", "0", "-p", "0", "-t", "2",
                "--rows", "arrayfile-nio", "--sync", "--json", "--dir", dir.toString(), "--plot", png.toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err());
        assertEquals(2, r.out().size(), r.out().toString()); // c (the durable limit) and arrayfile-nio
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            assertEquals("durable", row.get("writes"), line);
            assertEquals("true", row.get("verified"), line);
        }
        JpioCli.assertPng(png);
        Result bad = jpio(dir, "bench", "bulk", "--size", "64k", "--plot", dir.resolve("bulk.jpg").toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("must name a .png file") && bad.out().isEmpty(), "refused before measuring: " + bad.err() + bad.out());
    }

    @Test
    @Timeout(60)
    void coldRunDropsTheCacheAndStillVerifies(@TempDir Path dir) throws Exception {
        Result r = jpio(dir, "bench", "bulk", "--size", "64k", "--repeat", "1", "--warmup", "0", "-p", "1", "-t", "0",
                "--rows", "encode-decode", "--cold", "--json", "--dir", dir.toString());
        assertEquals(0, r.status(), "exit status; stderr: " + r.err());
        assertEquals(2, r.out().size(), r.out().toString()); // c and encode-decode
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            assertEquals("cold", row.get("cache"), line);
            assertEquals("true", row.get("verified"), line);
        }
    }

    @Test
    @Timeout(60)
    void badArgumentsFailWithContextBeforeRunning(@TempDir Path dir) throws Exception {
        Result r = jpio(dir, "bench", "bulk", "--size", "10", "--json");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("size=10"), r.err());
        assertTrue(r.out().isEmpty(), "nothing measured: " + r.out());
        Result unknown = jpio(dir, "bench", "bulk", "--rows", "nosuch", "--size", "64k");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown row=nosuch"), unknown.err());
    }
}
