package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench comm} as a user runs it, tiny: every collective of jpio's MpiComm beside C MPI on 2 processes, its JSON rows and its figure. */
class CommBenchCliTest {
    @Test
    @Timeout(120)
    void everyCollectiveBesideCMpi(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("comm.png");
        JpioCli.Result r = JpioCli.ok(dir, 110, "bench", "comm", "--np", "2", "--calls", "200", "--batches", "2", "--repeat", "1",
                "--json", "--plot", png.toString());
        TreeSet<String> ops = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            assertEquals("comm", row.get("bench"), row.toString());
            assertEquals("2", row.get("np"), row.toString());
            assertTrue(Double.parseDouble(row.get("c_us")) > 0 && Double.parseDouble(row.get("jpio_us")) > 0, "both sides timed: " + row);
            assertTrue(Double.parseDouble(row.get("ratio")) > 0, row.toString());
            ops.add(row.get("op"));
        }
        assertEquals(new TreeSet<>(List.of("barrier", "allreduce", "allgather", "bcast", "agree")), ops);
        JpioCli.assertPng(png);
    }
}
