package org.jpio.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line in-process: the demo verifies at a small size, bench bulk in threads mode, errors. */
class CliTest {
    record Run(int status, String out, String err) { }

    /** Runs the command line with picocli's writers captured. */
    static Run run(String... args) {
        CommandLine cl = JpioCommand.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    /** The demo prints to System.out (BulkDemo takes a PrintStream): capture that instead. */
    static Run runPrintingToSystemOut(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream sysout = new ByteArrayOutputStream();
        System.setOut(new PrintStream(sysout, true, StandardCharsets.UTF_8));
        try {
            Run r = run(args);
            return new Run(r.status(), sysout.toString(StandardCharsets.UTF_8), r.err());
        } finally {
            System.setOut(old);
        }
    }

    @Test
    void demoWritesReadsAndVerifies(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("demo.bin");
        Run r = runPrintingToSystemOut("bulk-demo", "--threads", "3", "--size", "1m", "--file", file.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("all 131072 elements correct"), r.out());
        assertEquals(1L << 20, Files.size(file));
    }

    @Test
    void demoRejectsSizesThatAreNotLongArrays() {
        Run r = runPrintingToSystemOut("bulk-demo", "--size", "12");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("size=12"), r.err());
    }

    @Test
    void benchBulkThreadsOnlyPrintsATableWithEveryRow(@TempDir Path dir) {
        Run r = run("bench", "bulk", "--size", "64k", "--slow-size", "4k", "--repeat", "1", "--warmup", "0",
                "-p", "0", "-t", "2", "--dir", dir.toString(), "--rows", "encode-decode,arrayfile");
        assertEquals(0, r.status(), r.err() + r.out());
        assertTrue(r.out().contains("reads: WARM"), r.out());
        assertTrue(r.out().contains("encode-decode"), r.out());
        assertTrue(r.out().contains("arrayfile-nio"), r.out());
        assertTrue(r.out().contains("ok"), r.out());
    }

    @Test
    void helpListsTheBenchmarks() {
        Run r = run("bench", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("bulk"), "status=" + r.status() + " out=" + r.out() + " err=" + r.err());
    }

    /** `jpio --help` lists each command by the first line of its description: a whole sentence, never cut mid-way. */
    @Test
    void everyCommandsSummaryIsAWholeSentence() {
        CommandLine cl = JpioCommand.commandLine();
        for (var e : cl.getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) continue;
            String[] d = e.getValue().getCommandSpec().usageMessage().description();
            assertTrue(d.length > 0, e.getKey() + " has no description");
            assertTrue(d[0].strip().endsWith("."), "the summary of " + e.getKey() + " stops mid-sentence: " + d[0]);
        }
    }
}
