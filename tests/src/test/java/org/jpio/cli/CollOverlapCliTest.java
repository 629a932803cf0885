package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench coll --nonblocking} as a user runs it, at a tiny size: jpio's iwriteAll overlapped
 * with computing, beside MPI_File_iwrite_all on ROMIO and OMPIO in child mpiruns (a peer that crashes is a
 * row saying how, not a failed benchmark), with its figure; and under mpirun. Timing figures are only
 * checked for consistency (every rank computed at least the blocking write's time).
 */
class CollOverlapCliTest {

    @Test
    @Timeout(180)
    void inOneJvmBesideIwriteAllOnRomioAndOmpioWithItsFigure(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("overlap.png");
        JpioCli.Result r = JpioCli.ok(dir, 150, "bench", "coll", "--nonblocking", "--dims", "24,20,16", "--ranks", "2", "--repeat", "1",
                "--peers", "romio321,ompio,pieces", "--json", "--plot", png.toString(), "--file", dir.resolve("o.bin").toString());
        Map<String, Map<String, String>> rows = new LinkedHashMap<>();
        for (Map<String, String> row : r.rows()) rows.put(row.get("row"), row);
        assertEquals(List.of("jpio twophase", "C MPI-IO romio321", "C MPI-IO ompio", "C pieces, no middleware"), List.copyOf(rows.keySet()));
        for (Map<String, String> row : rows.values()) {
            assertEquals("coll-overlap", row.get("bench"), row.toString());
            if (row.containsKey("unavailable")) {
                assertTrue(row.get("unavailable").contains("no nonblocking form"), row.toString());
                continue;
            }
            String status = row.get("status");
            if (!status.equals("ok")) { // a peer's crash is reported with mpirun's exit status, and the benchmark goes on
                assertTrue(row.get("row").startsWith("C ") && status.startsWith("exit="), row.toString());
                continue;
            }
            assertEquals("0", row.get("errors"), row.toString());
            assertEquals(24L * 20 * 16 * 4, Long.parseLong(row.get("bytes")), row.toString());
            double b = Double.parseDouble(row.get("blocking_ms")), c = Double.parseDouble(row.get("compute_ms")), w = Double.parseDouble(row.get("wait_ms"));
            assertTrue(b > 0 && c >= b && w >= 0, "every rank computes at least the blocking write's time: " + row);
            assertEquals(w / b, Double.parseDouble(row.get("wait_fraction")), 0.002 + 0.01 * w / b, row.toString());
        }
        assertTrue(List.of("0", "1").contains(rows.get("jpio twophase").get("done_before_wait")), rows.get("jpio twophase").toString());
        assertEquals("ok", rows.get("jpio twophase").get("status"));
        JpioCli.assertPng(png);
    }

    @Test
    @Timeout(60)
    void refusesModesItDoesNotTime(@TempDir Path dir) throws Exception {
        JpioCli.Result bad = JpioCli.run(dir, 30, "bench", "coll", "--nonblocking", "--mode", "overwrite", "--peers", "none");
        assertEquals(2, bad.status(), bad.err());
        assertTrue(bad.err().contains("--nonblocking times a new file's write"), bad.err());
        for (String[] other : new String[][] {{"--pattern", "cyclic"}, {"--ranks", "2,4"}, {"--procs", "2"}}) {
            JpioCli.Result r = JpioCli.run(dir, 30, "bench", "coll", "--nonblocking", other[0], other[1], "--peers", "none");
            assertEquals(2, r.status(), String.join(" ", other) + ": " + r.err());
            assertTrue(r.err().contains("--nonblocking times coll_perf's block pattern on one rank count"), r.err());
        }
    }

    @Test
    @Timeout(180)
    void underMpirun(@TempDir Path dir) {
        String out = MpiRun.run(2, org.jpio.examples.cli.JpioCommand.class, 150,
                "bench", "coll", "--nonblocking", "--dims", "16,16,16", "--repeat", "1", "--json", "--file", dir.resolve("o.bin").toString());
        assertTrue(out.contains("\"bench\":\"coll-overlap\",\"row\":\"jpio twophase\"") && out.contains("\"mpi\":true")
                && out.contains("\"errors\":0") && out.contains("\"status\":\"ok\""), out);
    }
}
