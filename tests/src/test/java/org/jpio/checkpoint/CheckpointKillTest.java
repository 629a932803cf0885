package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jpio.examples.cli.JpioCommand;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real crashes in the middle of checkpoints: the heat demo checkpoints every step (synchronously, then
 * asynchronously) and is killed with SIGKILL at a random moment while a checkpoint is being written: the
 * whole JVM of in-JVM ranks, or one MPI rank under mpirun (mpirun then ends the others). Afterwards no
 * partial checkpoint is listed as valid, every valid one verifies block by block, and a restart (on another
 * number of ranks, in one JVM and under mpirun) finishes with the field of a run never interrupted, byte for
 * byte. Two kills per mode and launch by default; {@code -Djpio.ckpt.kills=N} runs N (the soak run). Both
 * the JVM kills and the MPI rank kills run with .npy checkpoints and with HDF5 ones (one checkpoint.h5
 * each; half as many kills).
 */
class CheckpointKillTest {
    static final String SHAPE = "40,36,32";
    static final String STEPS = "40";
    static final int KILLS = Integer.getInteger("jpio.ckpt.kills", 2);
    static final Random RANDOM = new Random(Long.getLong("jpio.ckpt.seed", System.nanoTime()));

    @TempDir static Path dir;
    static byte[] uninterrupted, uninterruptedH5;

    @BeforeAll
    static void runOnceWithoutInterruption() throws Exception {
        Path f = dir.resolve("uninterrupted.npy"), h = dir.resolve("uninterrupted.h5");
        assertEquals(0, JpioCommand.commandLine().execute("demo", "-n", "3", "--shape", SHAPE, "--steps", STEPS, "--file", f.toString()));
        assertEquals(0, JpioCommand.commandLine().execute("demo", "-n", "3", "--shape", SHAPE, "--steps", STEPS, "--format", "h5", "--file", h.toString()));
        uninterrupted = Files.readAllBytes(f);
        uninterruptedH5 = Files.readAllBytes(h);
    }

    static List<String> demo(Path ckpt, boolean async, Path file) {
        List<String> a = new ArrayList<>(List.of("demo", "--shape", SHAPE, "--steps", STEPS, "--checkpoint-dir", ckpt.toString(), "--checkpoint-every", "1",
                "--file", file.toString()));
        if (file.toString().endsWith(".h5")) a.addAll(List.of("--format", "h5"));   // the field and the checkpoints in HDF5
        if (async) a.add("--async=background");              // a writer in the background on any core count: killed mid-flight
        return a;
    }

    static Process jvm(Path log, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path")));
        String nativeDir = System.getProperty("jpio.native.dir");
        if (nativeDir != null) cmd.add("-Djpio.native.dir=" + nativeDir);
        cmd.add(JpioCommand.class.getName());
        cmd.addAll(args);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    static List<Path> partials(Path ckpt) throws Exception {
        if (!Files.isDirectory(ckpt)) return List.of();
        try (Stream<Path> s = Files.list(ckpt)) {
            return s.filter(p -> p.getFileName().toString().contains(".partial-")).toList();
        }
    }

    /**
     * Waits until a few checkpoints are committed and one is being written, then a random 0-15 ms more, and
     * runs {@code kill}; true when a checkpoint was still unpublished after the kill (it died mid-checkpoint).
     */
    static boolean killMidCheckpoint(Process p, Path ckpt, Path log, Runnable kill) throws Exception {
        int committed = 1 + RANDOM.nextInt(6);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            if (!p.isAlive()) fail("the demo ended before it was killed:\n" + Files.readString(log));
            if (System.nanoTime() > deadline) { MpiRun.killTree(p); fail("no checkpoint in 120 s:\n" + Files.readString(log)); }
            if (Files.isDirectory(ckpt) && Catalog.of(ckpt).valid().size() >= committed && !partials(ckpt).isEmpty()) break;
            Thread.sleep(0, 200_000);
        }
        Thread.sleep(RANDOM.nextInt(16));
        kill.run();
        if (!p.waitFor(60, TimeUnit.SECONDS)) { MpiRun.killTree(p); fail("the job did not end after the kill:\n" + Files.readString(log)); }
        return !partials(ckpt).isEmpty();
    }

    /** What a crash may leave: partial entries never valid, every valid checkpoint whole; returns the latest valid step. */
    static long survivors(Path ckpt, String context) throws Exception {
        List<CheckpointInfo> all = Catalog.of(ckpt).list();
        for (CheckpointInfo c : all) {
            if (c.path().getFileName().toString().startsWith(".")) assertEquals(CheckpointInfo.State.PARTIAL, c.state(), context + " " + c);
            if (c.valid()) Catalog.of(ckpt).verify(c);
            else assertEquals(CheckpointInfo.State.PARTIAL, c.state(), context + ": only partial checkpoints may be invalid after a crash: " + c);
        }
        return Catalog.of(ckpt).latestValid().orElseThrow(() -> new AssertionError(context + ": no valid checkpoint: " + all)).step();
    }

    @Test
    void killTheJvmOfInJvmRanks() throws Exception {
        int mid = 0, all = 0;
        for (String format : new String[] {"npy", "h5"}) {
            int kills = format.equals("h5") ? Math.max(1, KILLS / 2) : KILLS;         // h5 sized small: one kill per mode by default
            byte[] want = format.equals("h5") ? uninterruptedH5 : uninterrupted;
            for (boolean async : new boolean[] {false, true}) {
                for (int k = 0; k < kills; k++, all++) {
                    String context = format + " " + (async ? "async" : "sync") + " kill " + k;
                    Path ckpt = dir.resolve("jvm-" + format + (async ? "-async-" : "-sync-") + k), log = dir.resolve("jvm-" + format + async + k + ".log");
                    List<String> args = new ArrayList<>(demo(ckpt, async, dir.resolve("killed." + format)));
                    args.addAll(List.of("-n", "3"));
                    Process p = jvm(log, args);
                    if (killMidCheckpoint(p, ckpt, log, p::destroyForcibly)) mid++;
                    long latest = survivors(ckpt, context);
                    // restart on 2 ranks, checkpointing on into the same directory: leftovers go, the rest of the history goes on
                    Path again = dir.resolve("again." + format);
                    List<String> restart = new ArrayList<>(List.of("demo", "-n", "2", "--shape", SHAPE, "--steps", STEPS, "--restart", ckpt.toString(),
                            "--checkpoint-every", "7", "--file", again.toString()));
                    if (format.equals("h5")) restart.addAll(List.of("--format", "h5"));
                    assertEquals(0, JpioCommand.commandLine().execute(restart.toArray(new String[0])), context);
                    assertArrayEquals(want, Files.readAllBytes(again), context + ": restarted from step " + latest);
                    assertEquals(List.of(), partials(ckpt), context + ": the next writer removed the leftovers");
                }
            }
        }
        System.out.printf("CheckpointKillTest: %d of %d JVM kills landed while a checkpoint was unpublished%n", mid, all);
        assertTrue(mid > 0, "no kill landed while a checkpoint was unpublished");
    }

    @Test
    void killOneMpiRank() throws Exception {
        int mid = 0, all = 0;
        for (String format : new String[] {"npy", "h5"}) {
            int kills = format.equals("h5") ? Math.max(1, KILLS / 2) : KILLS;         // h5 sized small: one kill per mode by default
            byte[] want = format.equals("h5") ? uninterruptedH5 : uninterrupted;
            List<String> as = format.equals("h5") ? List.of("--format", "h5") : List.of();
            for (boolean async : new boolean[] {false, true}) {
                for (int k = 0; k < kills; k++, all++) {
                    String context = "mpirun " + format + " " + (async ? "async" : "sync") + " kill " + k;
                    Path ckpt = dir.resolve("mpi-" + format + (async ? "-async-" : "-sync-") + k), log = dir.resolve("mpi-" + format + async + k + ".log");
                    Process p = MpiRun.start(3, JpioCommand.class, log, demo(ckpt, async, dir.resolve("killed-mpi." + format)).toArray(new String[0]));
                    if (killMidCheckpoint(p, ckpt, log, () -> {
                        List<ProcessHandle> ranks = p.descendants().filter(h -> h.info().command().orElse("").endsWith("/java")).toList();
                        if (ranks.size() != 3) fail("expected 3 rank processes under mpirun, found " + ranks.size());
                        ranks.get(RANDOM.nextInt(3)).destroyForcibly();
                    })) mid++;
                    assertTrue(p.exitValue() != 0, context + ": mpirun reports the killed rank");
                    long latest = survivors(ckpt, context);
                    Path again = dir.resolve("again-mpi." + format);
                    List<String> restart = new ArrayList<>(List.of("demo", "--shape", SHAPE, "--steps", STEPS, "--restart", ckpt.toString(), "--file", again.toString()));
                    restart.addAll(as);
                    MpiRun.run(2, JpioCommand.class, 180, restart.toArray(new String[0]));
                    assertArrayEquals(want, Files.readAllBytes(again), context + ": restarted under mpirun -np 2 from step " + latest);
                    Path inJvm = dir.resolve("again-jvm." + format);
                    List<String> four = new ArrayList<>(List.of("demo", "-n", "4", "--shape", SHAPE, "--steps", STEPS, "--restart", ckpt.toString(),
                            "--file", inJvm.toString()));
                    four.addAll(as);
                    assertEquals(0, JpioCommand.commandLine().execute(four.toArray(new String[0])), context);
                    assertArrayEquals(want, Files.readAllBytes(inJvm), context + ": restarted on 4 in-JVM ranks");
                }
            }
        }
        System.out.printf("CheckpointKillTest: %d of %d MPI rank kills landed while a checkpoint was unpublished%n", mid, all);
        assertTrue(mid > 0, "no kill landed while a checkpoint was unpublished");
    }
}
