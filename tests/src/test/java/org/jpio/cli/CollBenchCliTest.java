package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench coll} as a user runs it, at a tiny size: in one JVM with both C MPI-IO peers in
 * the same rounds, and under mpirun. Checks the rows, that everything read back verified, and that the
 * ratios refer to the peer; timing figures are only checked to be positive.
 */
class CollBenchCliTest {

    @Test
    @Timeout(180)
    void inOneJvmWithTheCPeers(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("coll.bin");
        BulkBenchCliTest.Result r = BulkBenchCliTest.jpio(dir, "bench", "coll", "--dims", "24,20,16", "--ranks", "3",
                "--backend", "twophase,independent", "--repeat", "1", "--json", "--file", file.toString(),
                "--hint", "cb_buffer_size=4096", "--hint", "romio_cb_write=enable");
        assertEquals(0, r.status(), "exit status; stderr: " + r.err() + " out: " + r.out());
        TreeSet<String> rows = new TreeSet<>();
        for (String line : r.out()) {
            Map<String, String> row = FlatJson.parse(line);
            rows.add(row.get("row"));
            assertEquals("0", row.get("errors"), line);
            assertEquals("C MPI-IO romio321", row.get("baseline"), line);
            assertEquals(24L * 20 * 16 * 4, Long.parseLong(row.get("bytes")), line);
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("write_ratio")) > 0, line);
        }
        assertEquals(new TreeSet<>(List.of("jpio twophase", "jpio independent", "C MPI-IO romio321", "C MPI-IO ompio")), rows);
        assertTrue(r.out().get(0).contains("\"choice\":\"twophase (romio_cb=enable)"), "forced two-phase is reported: " + r.out().get(0));
        assertTrue(java.nio.file.Files.size(file) == 24L * 20 * 16 * 4, "--file keeps the file");
    }

    @Test
    @Timeout(180)
    void underMpirun(@TempDir Path dir) {
        String out = MpiRun.run(2, org.jpio.examples.cli.JpioCommand.class, 150,
                "bench", "coll", "--dims", "16,16,16", "--repeat", "1", "--json", "--file", dir.resolve("c.bin").toString());
        assertTrue(out.contains("\"row\":\"jpio twophase\"") && out.contains("\"mpi\":true") && out.contains("\"errors\":0"), out);
    }
}
