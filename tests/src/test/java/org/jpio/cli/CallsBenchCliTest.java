package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmarks of issue 23 as a user runs them, at tiny sizes: {@code bench calls} (every op and size
 * from the C peer on ROMIO and from jpio on MPI processes and on in-JVM ranks, nothing read back wrong, the
 * ratios to the C peer's row of the same run), {@code bench floor} (every row, the C peers' among them),
 * {@code bench array} (every row and ratio, numpy's included) and {@code bench coll}'s new patterns (beside
 * the C peer, and jpio's file holding each element at its place as numpy reads it). Timing figures are only
 * checked to be positive.
 */
class CallsBenchCliTest {
    @Test
    @Timeout(180)
    void callsOfEveryOpAndSizeBesideRomioInC(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("calls.png");
        JpioCli.Result r = JpioCli.ok(dir, 170, "bench", "calls", "--sizes", "1k,4k", "--procs", "2", "--ranks", "2", "--calls", "10", "--warmup", "4",
                "--opens", "4", "--cold", "2", "--batch", "5", "--repeat", "1", "--java-opts", "-Xmx256m -XX:TieredStopAtLevel=1",
                "--dir", dir.toString(), "--json", "--plot", png.toString());
        TreeSet<String> seen = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            assertEquals("calls", row.get("bench"), row.toString());
            assertEquals("2", row.get("np"), row.toString());
            assertEquals("0", row.get("errors"), "nothing read back wrong: " + row);
            String bytes = row.get("bytes");
            seen.add(row.get("launch") + " " + row.get("op") + " " + bytes);
            // the C peer and jpio factor N ints into the same darray box: the peer's row was parsed, not made up
            assertEquals(bytes.equals("1024") ? "4x8x8" : "8x8x16", row.get("dims"), row.toString());
            assertTrue(Double.parseDouble(row.get("warm_us")) > 0 && Double.parseDouble(row.get("cold_us")) > 0, row.toString());
            if (row.get("launch").equals("c")) assertEquals("1.000", row.get("warm_ratio"), "ROMIO's row is the baseline: " + row);
            else {
                assertTrue(Double.parseDouble(row.get("warm_ratio")) > 0, row.toString());
                // the file's counters: every collective call agrees on its failures at least once; open+close at each end
                assertTrue(Double.parseDouble(row.get("collectives")) >= (row.get("op").equals("open_close") ? 2 : 1), "collectives per call: " + row);
            }
        }
        TreeSet<String> want = new TreeSet<>();
        for (String launch : List.of("c", "mpi", "threads"))
            for (String op : List.of("write_at_all", "read_at_all", "write_all", "read_all", "open_close"))
                for (String b : List.of("1024", "4096")) want.add(launch + " " + op + " " + b);
        assertEquals(want, seen);
        JpioCli.assertPng(png);
        JpioCli.Result bad = JpioCli.run(dir, 30, "bench", "calls", "--sizes", "6");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("size=6 bytes per rank must be a positive multiple of 4"), bad.err());
    }

    @Test
    @Timeout(120)
    void floorOfAJniCallTheCollectivesAndAPwrite(@TempDir Path dir) throws Exception {
        JpioCli.Result r = JpioCli.ok(dir, 110, "bench", "floor", "--procs", "2", "--ranks", "2", "--calls", "400", "--batch", "100",
                "--dir", dir.toString(), "--json");
        TreeSet<String> seen = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            seen.add(row.get("row") + " N=" + row.get("np"));
            assertTrue(Double.parseDouble(row.get("ns")) > 0, row.toString());
            if (row.get("row").startsWith("jpio MpiComm") || row.get("kind").equals("pwrite"))
                assertTrue(Double.parseDouble(row.get("ratio_c")) > 0, "ratio to C's row: " + row);
        }
        TreeSet<String> want = new TreeSet<>(List.of("JNI call, empty (libjpiobench.so) N=1", "C pwrite, 1 KiB N=1",
                "jpio native engine writeArray, 1 KiB (JNI+pwrite) N=1", "FileChannel.write at a position, 1 KiB N=1"));
        for (String op : List.of("allreduce", "allgather", "agree"))
            want.addAll(List.of("C MPI " + op + " N=2", "jpio MpiComm " + op + " N=2", "jpio LocalComm " + op + " N=2"));
        assertEquals(want, seen);
    }

    @Test
    @Timeout(120)
    void arrayFirstWarmGhostedAndSingleWriters(@TempDir Path dir) throws Exception {
        JpioCli.Result r = JpioCli.ok(dir, 110, "bench", "array", "--shape", "16,12,8", "--warm", "1", "--repeat", "1", "--java-opts", "-Xmx256m",
                "--dir", dir.toString(), "--json");
        TreeSet<String> rows = new TreeSet<>(), ratios = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            if (row.containsKey("ratio")) {
                ratios.add(row.get("ratio"));
                assertTrue(Double.parseDouble(row.get("value")) > 0, row.toString());
                continue;
            }
            rows.add(row.get("key"));
            assertEquals(16L * 12 * 8 * 8, Long.parseLong(row.get("bytes")), row.toString());
            assertTrue(Double.parseDouble(row.get("ms")) > 0, row.toString());
        }
        assertEquals(new TreeSet<>(List.of("first_ms", "first_ghosted_ms", "warm_ms", "warm_ghosted_ms", "channel_first_ms", "channel_ms", "numpy_first_ms",
                "numpy_ms")), rows);
        assertEquals(5, ratios.size(), ratios.toString());
        try (var left = Files.list(dir)) {
            assertEquals(0, left.filter(p -> p.toString().endsWith(".npy") || p.toString().endsWith(".tmp")).count(), "every file is removed");
        }
    }

    @Test
    @Timeout(180)
    void collInterleavedBesideRomioOnProcessesAndThreads(@TempDir Path dir) throws Exception {
        JpioCli.Result r = JpioCli.ok(dir, 170, "bench", "coll", "--pattern", "interleaved", "--total", "48k", "--block", "1,256", "--ranks", "2",
                "--procs", "2", "--mode", "overwrite", "--peers", "romio321", "--repeat", "1", "--java-opts", "-Xmx256m", "--json",
                "--file", dir.resolve("i.bin").toString());
        TreeSet<String> seen = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            seen.add(row.get("block") + " " + row.get("row"));
            assertEquals("interleaved", row.get("pattern"), row.toString());
            assertEquals("true", row.get("verified"), row.toString());
            assertEquals("0", row.get("errors"), row.toString());
            assertEquals(48L * 1024, Long.parseLong(row.get("bytes")), row.toString());
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("read_mibs")) > 0, row.toString());
            // a ratio to the C peer's row of the same round (JSON null when none): 3 decimals, so a 48 KiB call stalled on a busy machine may print 0.000
            assertTrue(Double.parseDouble(row.get("write_ratio")) >= 0 && Double.parseDouble(row.get("read_ratio")) >= 0, row.toString());
        }
        TreeSet<String> want = new TreeSet<>();
        for (String b : List.of("1", "256"))
            for (String name : List.of("jpio twophase", "jpio twophase, MPI processes", "C MPI-IO romio321")) want.add(b + " " + name);
        assertEquals(want, seen);
    }

    @Test
    @Timeout(120)
    void jpiosFileOfEachNewPatternHoldsEveryElementAtItsPlace(@TempDir Path dir) throws Exception {
        for (List<String> pattern : List.of(List.of("--pattern", "interleaved", "--total", "12k", "--block", "16", "--ranks", "3"),
                List.of("--pattern", "block-cyclic", "--darg", "3", "--dims", "10,9,7", "--ranks", "4"),
                List.of("--pattern", "cyclic", "--dims", "6,5,4", "--ranks", "3"))) {
            Path file = dir.resolve("p.bin");
            List<String> args = new java.util.ArrayList<>(List.of("bench", "coll", "--peers", "none", "--repeat", "1", "--warmup", "0", "--json",
                    "--file", file.toString()));
            args.addAll(pattern);
            JpioCli.ok(dir, 60, args.toArray(String[]::new));
            Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import numpy as np, sys; a = np.fromfile(sys.argv[1], dtype=np.int32); "
                    + "print(a.size, bool((a == np.arange(a.size)).all()))", file.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            assertEquals(0, p.waitFor(), out);
            assertTrue(out.endsWith(" True"), pattern + ": numpy finds element i at place i: " + out);
        }
    }
}
