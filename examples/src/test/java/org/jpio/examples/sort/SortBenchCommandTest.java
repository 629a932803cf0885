package org.jpio.examples.sort;

import static org.junit.jupiter.api.Assertions.*;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The benchmark command on tiny inputs: checks pass, ratios are printed, bad options are refused. */
class SortBenchCommandTest {
    @TempDir Path dir;

    private static String run(int expectExit, String... args) {
        StringWriter sw = new StringWriter(), ew = new StringWriter();
        CommandLine cl = new CommandLine(new SortBenchCommand());
        cl.setOut(new PrintWriter(sw));
        cl.setErr(new PrintWriter(ew));
        int rc = cl.execute(args);
        assertEquals(expectExit, rc, sw + "\n" + ew);
        return sw + ew.toString();
    }

    @Test
    void tableWithRatiosAndCleanDirectory() throws Exception {
        String out = run(0, "--size", "2m", "--slow-size", "64k", "--memory", "256k", "--dir", dir.toString());
        for (String v : new String[] {"async", "ablock", "sblock", "sblocku", "rblock"}) assertTrue(out.contains("\n" + v + " "), out);
        assertFalse(out.contains("BAD"), out);
        assertTrue(out.contains("speed-up async vs sblock"), out);
        assertTrue(out.contains("(per byte: rblock ran on 64KiB)"), out);
        assertTrue(out.contains("of ablock's"), out);
        try (var l = Files.list(dir)) {
            assertEquals(0, l.count(), "work directory removed");
        }
    }

    @Test
    void jsonOutput() {
        String out = run(0, "--size", "1m", "--memory", "128k", "--variants", "async,ablock,sblock", "--json", "--dir", dir.toString());
        assertTrue(out.startsWith("{\"benchmark\":\"sort\""), out);
        assertTrue(out.contains("\"speedup_vs_sblock\":") && out.contains("\"io_fraction_of_ablock\":"), out);
        assertTrue(out.contains("\"sorted\":true,\"permutation\":true"), out);
        assertTrue(out.contains("\"compute_alone_s\":") && out.contains("\"io_alone_s\":") && out.contains("\"async_vs_bound\":"), out);
        String without = run(0, "--size", "1m", "--memory", "128k", "--variants", "async", "--no-bound", "--json", "--dir", dir.toString());
        assertTrue(!without.contains("bound"), without);
    }

    @Test
    void theIoAloneSortMovesTheSameBytesUnsorted() throws Exception {
        Path in = dir.resolve("in"), out = dir.resolve("out");
        LongFiles.Fingerprint fp = LongFiles.generate(in, 50_000, 9);
        SortPlan plan = SortPlan.forMemory(64 * 1024, 50_000);
        new ExternalSort(Variant.ASYNC, plan, org.jpio.async.AsyncOptions.defaults()).ioAlone().sort(in, out, dir);
        LongFiles.Scan s = LongFiles.scan(out);
        assertEquals(fp, s.fingerprint(), "every long written once");
        assertFalse(s.sorted(), "nothing sorted: the computation was left out");
        assertTrue(ComputeAlone.nanos(in, plan) > 0);
    }

    @Test
    void badOptionsAreRefused() {
        assertTrue(run(2, "--size", "12x").contains("--size=12x"));
        assertTrue(run(2, "--size", "7").contains("multiple of 8"));
        assertEquals(1L << 30, SortBenchCommand.parseSize(new CommandLine(new SortBenchCommand()), "--size", "1g"));
    }
}
