package org.jpio.examples.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.checkpoint.Catalog;
import org.jpio.checkpoint.CheckpointInfo;
import org.jpio.examples.cli.JpioCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The demo's checkpoints in this JVM, and {@code jpio ckpt} on what it writes: a run restarted from any
 * checkpoint, on another number of ranks, synchronous or asynchronous, ends with the field of a run never
 * interrupted, byte for byte; {@code ckpt verify} names a flipped byte; rm and prune remove what they say.
 */
class HeatCheckpointsTest {
    @TempDir Path dir;
    static final int[] SHAPE = {14, 11, 9};
    static final int STEPS = 9;

    static String run(HeatCheckpoints.Plan plan, int ranks, Path file) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        HeatDemo.Result r = HeatDemo.run(new HeatDemo.Options(ranks, 1, SHAPE, STEPS, file), plan, new PrintStream(text, true));
        assertTrue(r.ok(), text.toString());
        return text.toString();
    }

    record Cli(int status, String out, String err) { }

    static Cli cli(String... args) {
        CommandLine cl = JpioCommand.commandLine();
        StringWriter out = new StringWriter(), err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Cli(status, out.toString(), err.toString());
    }

    @Test
    void restartedRunsEndWithTheUninterruptedField() throws Exception {
        Path plain = dir.resolve("plain.npy"), ckpt = dir.resolve("ckpt");
        run(HeatCheckpoints.Plan.NONE, 3, plain);
        String out = run(new HeatCheckpoints.Plan(ckpt, 3, null, null), 4, dir.resolve("with.npy"));
        assertTrue(out.contains("3 checkpoint(s) committed into " + ckpt.toAbsolutePath()), out);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(dir.resolve("with.npy")), "checkpointing changes nothing");
        assertEquals(List.of(3L, 6L, 9L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        assertEquals(0, cli("ckpt", "rm", ckpt.toString(), "--step", "9").status());
        assertEquals(0, cli("ckpt", "rm", ckpt.toString(), "--step", "6").status());
        // from step 3, on 2 ranks, checkpointing on asynchronously into the same directory
        Path again = dir.resolve("again.npy");
        out = run(new HeatCheckpoints.Plan(ckpt, 3, org.jpio.checkpoint.AsyncMode.BACKGROUND, ckpt), 2, again);
        assertTrue(out.contains("resumed from step 3 of " + ckpt.toAbsolutePath().resolve("ckpt-000000000003") + " (written by 4 ranks), on 2 ranks"), out);
        assertTrue(out.contains("committed asynchronously") && out.contains("staging: peak") && out.contains("async in the background: forced by async=background"), out);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(again), "restarted from step 3 on 2 ranks");
        // from step 9 (the last), on 5 ranks: nothing left to compute, the same field
        Path last = dir.resolve("last.npy");
        run(new HeatCheckpoints.Plan(null, 0, null, ckpt), 5, last);
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(last));
    }

    @Test
    void aRestartPastTheLastStepIsRefused() throws Exception {
        Path ckpt = dir.resolve("past");
        run(new HeatCheckpoints.Plan(ckpt, 9, null, null), 2, dir.resolve("a.npy"));
        Exception e = assertThrows(Exception.class, () -> HeatDemo.run(new HeatDemo.Options(2, 1, SHAPE, 5, dir.resolve("b.npy")),
                new HeatCheckpoints.Plan(null, 0, null, ckpt), new PrintStream(PrintStream.nullOutputStream())));
        assertTrue(e.getMessage().contains("is of step 9, past --steps=5"), e.getMessage());
    }

    @Test
    void ckptListsVerifiesAndPrunes() throws Exception {
        Path ckpt = dir.resolve("cli");
        run(new HeatCheckpoints.Plan(ckpt, 2, null, null), 3, dir.resolve("f.npy"));
        Cli ls = cli("ckpt", "ls", ckpt.toString());
        assertEquals(0, ls.status(), ls.err());
        assertTrue(ls.out().contains("4 entries, 4 valid; latest valid step 8"), ls.out());
        assertTrue(ls.out().lines().anyMatch(l -> l.startsWith("6 ") && l.contains("valid") && l.contains("6.00000")), ls.out());
        Cli ok = cli("ckpt", "verify", ckpt.toString());
        assertEquals(0, ok.status(), ok.err());
        assertEquals(4, ok.out().lines().filter(l -> l.contains(": ok,")).count(), ok.out());
        try (RandomAccessFile f = new RandomAccessFile(ckpt.resolve("ckpt-000000000004").resolve("u.npy").toFile(), "rw")) {
            f.seek(5000);
            int b = f.read();
            f.seek(5000);
            f.write(b ^ 1);
        }
        Cli bad = cli("ckpt", "verify", ckpt.toString());
        assertEquals(1, bad.status(), bad.out());
        assertTrue(bad.err().contains("step 4: checksum mismatch") && bad.err().contains("array=u file=u.npy block=0 offset=0 length=11216"), bad.err());
        assertEquals(0, cli("ckpt", "verify", ckpt.toString(), "--step", "6").status(), "another step still verifies");
        Cli prune = cli("ckpt", "prune", ckpt.toString(), "--keep", "2");
        assertEquals(0, prune.status(), prune.err());
        assertTrue(prune.out().contains("2 removed"), prune.out());
        assertEquals(List.of(6L, 8L), Catalog.of(ckpt).list().stream().map(CheckpointInfo::step).toList());
        Cli none = cli("ckpt", "rm", ckpt.toString(), "--step", "4");
        assertEquals(2, none.status());
        assertTrue(none.err().contains("no committed checkpoint of step 4"), none.err());
        assertEquals(2, cli("ckpt", "prune", ckpt.toString(), "--keep", "0").status());
    }

    /** The command line with --format h5: checkpoints in one HDF5 file each, restarted bit for bit; ckpt ls/verify/prune on them. */
    @Test
    void h5CheckpointsFromTheCommandLineRestartBitForBit() throws Exception {
        Path plain = dir.resolve("plain.h5"), with = dir.resolve("with.h5"), again = dir.resolve("again.h5"), ckpt = dir.resolve("h5");
        String shape = SHAPE[0] + "," + SHAPE[1] + "," + SHAPE[2];
        Cli p = cli("demo", "-n", "3", "--read-ranks", "1", "--shape", shape, "--steps", "" + STEPS, "--format", "h5", "--file", plain.toString());
        assertEquals(0, p.status(), p.out() + p.err());
        Cli w = cli("demo", "-n", "4", "--read-ranks", "1", "--shape", shape, "--steps", "" + STEPS, "--format", "h5", "--file", with.toString(),
                "--checkpoint-dir", ckpt.toString(), "--checkpoint-every", "3");
        assertEquals(0, w.status(), w.out() + w.err());
        assertEquals(List.of(3L, 6L, 9L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        assertEquals("h5", Catalog.of(ckpt).latestValid().orElseThrow().manifest().array("u").format());
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(with), "checkpointing changes nothing");
        try (var s = Files.list(ckpt.resolve("ckpt-000000000006"))) {
            assertEquals(List.of("checkpoint.h5", "manifest.json"), s.map(x -> x.getFileName().toString()).sorted().toList());
        }
        Cli ls = cli("ckpt", "ls", ckpt.toString());
        assertTrue(ls.out().contains("3 entries, 3 valid; latest valid step 9"), ls.out());
        assertEquals(0, cli("ckpt", "verify", ckpt.toString()).status());
        assertEquals(0, cli("ckpt", "rm", ckpt.toString(), "--step", "9").status());
        Cli r = cli("demo", "-n", "2", "--read-ranks", "1", "--shape", shape, "--steps", "" + STEPS, "--format", "h5", "--file", again.toString(),
                "--restart", ckpt.toString(), "--checkpoint-every", "4", "--async");
        assertEquals(0, r.status(), r.out() + r.err());
        assertArrayEquals(Files.readAllBytes(plain), Files.readAllBytes(again), "restarted from step 6 of an h5 checkpoint on 2 ranks");
        assertEquals(List.of(3L, 6L, 8L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        var m = Catalog.of(ckpt).latestValid().orElseThrow().manifest();
        long at = m.array("u").dataPosition() + 5000;                              // inside the field's data: block 0 of its 11088 bytes
        try (RandomAccessFile f = new RandomAccessFile(ckpt.resolve("ckpt-000000000008").resolve("checkpoint.h5").toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 1);
        }
        Cli bad = cli("ckpt", "verify", ckpt.toString(), "--step", "8");
        assertEquals(1, bad.status(), bad.out());
        assertTrue(bad.err().contains("step 8: checksum mismatch") && bad.err().contains("array=u file=checkpoint.h5 block=0 offset="
                + m.array("u").dataPosition() + " length=11088"), bad.err());
    }
}
