package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.array.DistributedArray;
import org.jpio.checkpoint.AsyncMode;
import org.jpio.checkpoint.Catalog;
import org.jpio.checkpoint.CheckpointOptions;
import org.jpio.comm.Comm;
import org.jpio.comm.Spmd;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.WorkDir;
import org.jpio.examples.cli.AsyncModeConverter;
import org.jpio.examples.cli.SizeConverter;
import org.jpio.format.ArrayFormats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench ckpt}: a durable checkpoint of the heat demo's field (1 GiB at the default 512^3) by
 * jpio's store against the same bytes written durably by C (pwrite + fdatasync, one file per array, and an
 * fsync of the directory), alternating in the same run; then the demo's stencil loop with a checkpoint
 * every K steps: without checkpoints, the checkpoints alone, synchronous, asynchronous, and with
 * {@code --rows all} (the default) the rows of issue 16's async targets with their floors ({@link CkptLoops},
 * {@link CkptVerdict}). In one JVM (ranks
 * as threads, {@code --ranks}) or under mpirun (ranks as processes); the C peer runs on rank 0's host.
 * {@code --format h5} makes every checkpoint one HDF5 file ({@code checkpoint.h5}) instead of {@code u.npy}.
 */
@Command(name = "ckpt", mixinStandardHelpOptions = true,
        description = "Durable checkpoints of the heat field: jpio's store against C pwrite+fdatasync, and the stencil loop with sync and async checkpoints.")
public final class CkptBenchCommand implements Callable<Integer> {
    @Option(names = "--shape", split = ",", defaultValue = "512,512,512", description = "Field shape (doubles). Default: ${DEFAULT-VALUE} (1 GiB).")
    int[] shape;

    @Option(names = "--ranks", defaultValue = "4", description = "Ranks as threads (not under mpirun). Default: ${DEFAULT-VALUE}.")
    int ranks;

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds of the jpio/C comparison; medians. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup", defaultValue = "1", description = "Untimed jpio checkpoints first (JIT warm-up; C needs none). Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--steps", defaultValue = "12", description = "Stencil steps of each loop (0: no loops). Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--every", defaultValue = "4", description = "Steps between checkpoints in the loops. Default: ${DEFAULT-VALUE}.")
    int every;

    @Option(names = "--staging", defaultValue = "512m", converter = SizeConverter.class,
            description = "Staging memory bound of async checkpoints, per rank (reserved before the loop). Default: ${DEFAULT-VALUE}: two checkpoints of 4 ranks at 512^3.")
    long staging;

    @Option(names = "--format", defaultValue = "npy",
            description = "Format of the checkpoints: npy (u.npy) or h5 (one checkpoint.h5 with dataset /u). The C peer writes the .npy's size either way. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--async-mode", defaultValue = "automatic", converter = AsyncModeConverter.class,
            description = "Where the async loop's commits run: automatic (inline when the ranks leave no core free), background or inline. "
                    + "When automatic chose inline, a loop forced into the background runs too, to show why. Default: ${DEFAULT-VALUE}.")
    AsyncMode asyncMode;

    @Option(names = "--rows", defaultValue = "all",
            description = "Loops to run: basic (without checkpoints, alone, sync, async, and background forced beside an inline automatic one) or all: also the stencil beside C's "
                    + "durable writes of the same checkpoints, and in the background: staging of two whole checkpoints, without copy (commitAsyncWithoutCopy) and, where the "
                    + "file system takes it, without copy with O_DIRECT; with the floor from CPU of each and the issue's targets. Default: ${DEFAULT-VALUE}.")
    String loopRows;

    @Option(names = "--direct-write", defaultValue = "auto",
            description = "The O_DIRECT rows of --rows all: auto (where --dir's file system takes O_DIRECT) or off. Default: ${DEFAULT-VALUE}.")
    String directWrite;

    @Option(names = "--overlap-rounds", defaultValue = "0",
            description = "Rounds of synchronous checkpoints with the writer's overlap off and on, alternating (buffered and O_DIRECT where --dir takes it); 0: none. Default: ${DEFAULT-VALUE}.")
    int overlapRounds;

    @Option(names = "--dir", description = "Where the checkpoints go (removed afterwards). Default: a new private directory under java.io.tmpdir.")
    Path dir;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override public Integer call() throws Exception {
        if (shape.length != 3) throw new IllegalArgumentException("--shape must be three sizes, not " + shape.length);
        if (repeat < 1 || warmup < 0 || steps < 0 || every < 1 || overlapRounds < 0)
            throw new IllegalArgumentException("--repeat >= 1, --warmup >= 0, --steps >= 0, --every >= 1 and --overlap-rounds >= 0 are needed");
        if (!format.equals("npy") && !format.equals("h5")) throw new IllegalArgumentException("--format=" + format + " must be npy or h5");
        if (!loopRows.equals("all") && !loopRows.equals("basic")) throw new IllegalArgumentException("--rows=" + loopRows + " must be basic or all");
        if (!directWrite.equals("auto") && !directWrite.equals("off")) throw new IllegalArgumentException("--direct-write=" + directWrite + " must be auto or off");
        plot.check();
        Path peer = peer();
        WorkDir workDir = WorkDir.of(dir == null ? null : dir.toAbsolutePath(), "jpio-bench-ckpt"); // removed with what a failed row left
        Path base = workDir.path();
        CheckpointOptions o = CheckpointOptions.defaults().stagingBytes(staging).async(asyncMode);
        long data = 8L * shape[0] * shape[1] * shape[2];
        List<String> text = new ArrayList<>(), rows = new ArrayList<>();
        try (workDir) {
            Spmd.run(ranks, comm -> {
                List<String> t = new ArrayList<>(), j = new ArrayList<>();
                run(comm, peer, base, o.format(ArrayFormats.get(format)), data, t, j);
                if (comm.rank() == 0) { text.addAll(t); rows.addAll(j); }
            });
        }
        (json ? rows : text).forEach(System.out::println);
        if (!rows.isEmpty()) plot.draw(rows);                     // rank 0 has the rows (under mpirun, the others none)
        return 0;
    }

    private void run(Comm comm, Path peer, Path base, CheckpointOptions o, long data, List<String> lines, List<String> rows) throws Exception {
        boolean print = comm.rank() == 0;
        Path sub = Path.of(new String(comm.bcastBytes(print ? base.resolve("run-" + ProcessHandle.current().pid()).toString().getBytes(StandardCharsets.UTF_8) : null, 0),
                StandardCharsets.UTF_8));
        DistributedArray[] f = CkptBench.field(comm, shape);
        double[] c = new double[repeat], j = new double[repeat];
        long[] jpioBytes = {0};                                        // the checkpoint's file as written (h5: checkpoint.h5, metadata and all)
        long fileBytes = org.jpio.npy.NpyHeader.of(org.jpio.io.ElementType.DOUBLE, java.nio.ByteOrder.nativeOrder(), false, 8, 8, 8).dataOffset() + data;
        for (int w = 0; w < warmup; w++) {
            CkptBench.syncCheckpoint(comm, f[0], sub.resolve("warmup"), o);
            if (print) WorkDir.deleteTree(sub.resolve("warmup"));
            comm.barrier();
        }
        for (int r = 0; r < repeat; r++) {
            for (int side = 0; side < 2; side++) {                     // alternate who goes first
                if ((side == 0) == (r % 2 == 0)) {
                    if (print) c[r] = runPeer(peer, sub, fileBytes);
                    comm.barrier();
                } else {
                    j[r] = CkptBench.syncCheckpoint(comm, f[0], sub.resolve("sync-" + r), o);
                    if (print) jpioBytes[0] = Catalog.of(sub.resolve("sync-" + r)).latestValid().orElseThrow().bytes();
                    if (print) WorkDir.deleteTree(sub.resolve("sync-" + r));
                    comm.barrier();
                }
            }
        }
        String who = Spmd.launchedByMpi() ? comm.size() + " MPI processes" : comm.size() + " ranks as threads in one JVM";
        lines.add(String.format(Locale.ROOT, "bench ckpt: %dx%dx%d double field (%.1f MiB + header), %s, checkpoints in %s (%d bytes; C writes %d), durable (data fdatasync'd/fsync'd, directory fsync'd), median of %d round(s), alternating, after %d untimed jpio one(s)",
                shape[0], shape[1], shape[2], data / 1048576.0, who, format, jpioBytes[0], fileBytes, repeat, warmup));
        double cm = Stats.median(c), jm = Stats.median(j);
        lines.add(String.format(Locale.ROOT, "%-44s %9s %10s %8s", "row", "seconds", "MiB/s", "x C"));
        lines.add(String.format(Locale.ROOT, "%-44s %9.3f %10.1f %8.2f", "C pwrite + fdatasync, 1 file per array", cm, fileBytes / 1048576.0 / cm, 1.0));
        lines.add(String.format(Locale.ROOT, "%-44s %9.3f %10.1f %8.2f", "jpio checkpoint commit (sync, CRC32C, manifest)", jm, jpioBytes[0] / 1048576.0 / jm, cm / jm));
        lines.add("  rounds (s): C " + rounds(c) + "; jpio " + rounds(j));
        String mode = Spmd.launchedByMpi() ? "mpi" : "threads";
        rows.add(new Json().put("bench", "ckpt").put("row", "c").put("ranks", comm.size()).put("mode", mode).put("format", format).put("bytes", fileBytes)
                    .put("seconds", cm).put("mibs", fileBytes / 1048576.0 / cm).put("ratio_c", 1.0).toString());
        rows.add(new Json().put("bench", "ckpt").put("row", "jpio-sync").put("ranks", comm.size()).put("mode", mode).put("format", format).put("bytes", jpioBytes[0])
                    .put("seconds", jm).put("mibs", jpioBytes[0] / 1048576.0 / jm).put("ratio_c", cm / jm).toString());
        if (overlapRounds > 0) CkptOverlap.run(comm, f[0], sub, o, overlapRounds, DirectProbe.why(comm, sub, directWrite), lines, rows);
        if (steps > 0) {
            boolean all = loopRows.equals("all");
            String noDirect = all ? DirectProbe.why(comm, sub, directWrite) : null;
            DistributedArray[] four = {f[0], f[1], all ? CkptBench.like(comm, shape) : null, all ? CkptBench.like(comm, shape) : null}; // the loops without copy set two aside
            CkptLoops.run(comm, four, sub, o, jm, java.util.Arrays.stream(j).min().orElseThrow(), new CkptLoops.Setup(steps, every, asyncMode, all, noDirect, peer, fileBytes), lines, rows);
        }
        if (print) WorkDir.deleteTree(sub);
    }

    private static String rounds(double[] v) {
        StringBuilder b = new StringBuilder();
        for (double x : v) b.append(b.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3f", x));
        return b.toString();
    }

    /** The C peer: native/target/bin/ckpt_baseline under jpio.home. */
    static Path peer() {
        String home = System.getProperty("jpio.home");
        if (home == null) throw new IllegalStateException("jpio.home is not set: run through bin/jpio (the C peer lives in native/target/bin)");
        Path p = Path.of(home, "native", "target", "bin", "ckpt_baseline");
        if (!Files.isExecutable(p)) throw new IllegalStateException("C peer " + p + " is missing: build native/ (make build)");
        return p;
    }

    /** One durable write of the same bytes by C; its seconds. */
    static double runPeer(Path peer, Path dir, long bytes) throws IOException, InterruptedException {
        return finishPeer(startPeer(peer, dir, bytes), dir);
    }

    /** Starts one durable write of {@code bytes} by C into {@code dir}/u.npy. */
    static Process startPeer(Path peer, Path dir, long bytes) throws IOException {
        Files.createDirectories(dir);
        return new ProcessBuilder(peer.toString(), dir.toString(), Long.toString(bytes), "u.npy").redirectErrorStream(true).start();
    }

    /** Waits for a write {@link #startPeer} started, removes its file; its seconds as C measured them. */
    static double finishPeer(Process p, Path dir) throws IOException, InterruptedException {
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) throw new IOException("C peer failed: " + out);
        Matcher m = Pattern.compile("\"seconds\":([0-9.]+)").matcher(out);
        if (!m.find()) throw new IOException("C peer printed no time: " + out);
        Files.deleteIfExists(dir.resolve("u.npy"));
        return Double.parseDouble(m.group(1));
    }
}
