package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench seq} at a tiny size: every row of both cases verified, C measured and every Java row
 * given its ratio, the evicted case's pages really dropped, the figure drawn from the rows, bad sizes refused.
 */
class SeqBenchCliTest {
    static final List<String> ROWS = List.of("c-page", "c-mmap", "raf-page", "buffered-stream", "channel-page", "mapped", "jpio-arrayfile", "jpio-async");

    @Test
    @Timeout(120)
    void bothCasesEveryRowVerifiedWithItsFigure(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("seq.png");
        JpioCli.Result r = JpioCli.ok(dir, 100, "bench", "seq", "--size", "256k", "--large", "256k", "--repeat", "1", "--warmup", "0",
                "--json", "--dir", dir.toString(), "--plot", png.toString());
        Set<String> seen = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            assertEquals("seq", row.get("bench"));
            assertFalse(row.containsKey("failed") || row.containsKey("unavailable"), row.toString());
            seen.add(row.get("case") + "/" + row.get("row"));
            assertEquals("true", row.get("verified"), row.toString());
            assertEquals(256 * 1024, Long.parseLong(row.get("bytes")));
            assertTrue(Double.parseDouble(row.get("write_mibs")) > 0 && Double.parseDouble(row.get("read_mibs")) > 0, row.toString());
            assertFalse(row.get("write_ratio_c").equals("null"), "C ran, so every row has a ratio: " + row);
            if (row.get("case").equals("evicted")) assertTrue(Double.parseDouble(row.get("resident_after_drop")) < 0.05, "pages dropped: " + row);
        }
        for (String c : List.of("cached", "evicted")) for (String row : ROWS) assertTrue(seen.contains(c + "/" + row), "missing " + c + "/" + row + " in " + seen);
        JpioCli.assertPng(png);
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("jpio-bench")).toList(), "files left behind");
        }
    }

    @Test
    @Timeout(60)
    void badArgumentsAreRefusedBeforeAnyByteMoves(@TempDir Path dir) throws Exception {
        JpioCli.Result odd = JpioCli.run(dir, 30, "bench", "seq", "--size", "10000", "--dir", dir.toString());
        assertEquals(2, odd.status());
        assertTrue(odd.err().contains("size=10000 must be a multiple of 4096"), odd.err());
        JpioCli.Result row = JpioCli.run(dir, 30, "bench", "seq", "--rows", "nosuch", "--dir", dir.toString());
        assertEquals(2, row.status());
        assertTrue(row.err().contains("unknown row=nosuch"), row.err());
        assertTrue(odd.out().isEmpty() && row.out().isEmpty(), "nothing measured");
    }
}
