package org.jpio.examples.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Spmd;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.EngineFile;
import org.jpio.engine.Engines;
import org.jpio.engine.OpenSpec;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.WorkDir;
import org.jpio.examples.comm.CommBenchCommand;
import org.jpio.examples.comm.CommLatency;
import org.jpio.io.ElementType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench floor}: what the pieces of a collective call cost on this machine, so that a per-call
 * time ({@code bench calls}) can be read against what it cannot go below: one JNI call (an empty native
 * method of jpio's libjpiobench.so), the small collectives every call makes (allreduce, allgather, and the
 * error agreement: {@code bench comm}'s jobs, jpio's MpiComm beside the same calls in C under the same
 * mpirun, and the same loop on in-JVM ranks, LocalComm), and one 1 KiB positional write of a cached page in
 * C (io_probe), through jpio's native engine (JNI + pwrite) and through FileChannel.
 */
@Command(name = "floor", mixinStandardHelpOptions = true,
        description = {"The floor of a call: one JNI call; allreduce, allgather and agree on MPI processes (C and jpio's MpiComm, bench comm's jobs)",
                "and on in-JVM ranks (LocalComm); one 1 KiB pwrite (C, jpio's native engine, FileChannel). Nanoseconds per call. Starts mpirun itself."})
public final class FloorCommand implements Callable<Integer> {
    /** The collectives of a call that the floor shows. */
    private static final List<String> COLLECTIVES = List.of("allreduce", "allgather", "agree");

    @Option(names = "--procs", split = ",", defaultValue = "1,2,4", description = "MPI process counts (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> procs;

    @Option(names = "--ranks", split = ",", defaultValue = "1,2,4,16", description = "In-JVM rank counts (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> ranks;

    @Option(names = "--calls", defaultValue = "20000", description = "Timed calls of each (the JNI call: 100 times as many). Default: ${DEFAULT-VALUE}.")
    int calls;

    @Option(names = "--batch", defaultValue = "1000", description = "Calls per timed batch (the JNI call: 100 times as many). Default: ${DEFAULT-VALUE}.")
    int batch;

    @Option(names = "--dir", description = "Directory of the small files. Default: a new private temporary directory.")
    Path dir;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    /** A batch of calls. */
    private interface Batch { void run(int calls) throws Exception; }

    @Override
    public Integer call() throws Exception {
        if (Spmd.launchedByMpi()) throw new IllegalStateException("bench floor starts its own mpirun jobs: run it from a shell, not under mpirun");
        if (calls < 1 || batch < 1 || batch > calls) throw new IllegalArgumentException("--calls=" + calls + " and --batch=" + batch + " must be positive, batch <= calls");
        for (int n : procs) if (n < 0 || n > 64) throw new IllegalArgumentException("--procs " + n + " must be in 0..64");
        for (int n : ranks) if (n < 0 || n > 256) throw new IllegalArgumentException("--ranks " + n + " must be in 0..256");
        if (NativeProbe.unavailable() != null) throw new IllegalStateException("JNI probe unavailable: " + NativeProbe.unavailable());
        if (CProbe.unavailable() != null) throw new IllegalStateException("C probe unavailable: " + CProbe.unavailable());
        plot.check();
        WorkDir workDir = WorkDir.of(dir, "jpio-bench-floor"); // 0700: private on a shared node; removed with what a failed row left
        Path work = workDir.path();
        List<String> rows = new ArrayList<>();
        if (!json) System.out.printf(Locale.ROOT, "bench floor: nanoseconds per call; JNI and Java pwrites: the median batch of %d (%d timed calls, "
                + "the JNI call 100 times as many); C pwrite: the median of 5 runs of %d; collectives: the fastest of %d batches of %d, a batch the slowest rank's%n"
                + "%-52s %4s %12s %10s%n", batch, calls, calls, calls / batch, batch, "row", "N", "ns per call", "x C");
        try (workDir) {
            emit(rows, row("JNI call, empty (libjpiobench.so)", "jni", 1, time(k -> {
                int v = 0;
                for (int i = 0; i < k; i++) v = NativeProbe.increment(v);
                if (v != k) throw new IllegalStateException("the native counter says " + v + " after " + k + " calls");
            }, 100 * batch, 100L * calls), Double.NaN));
            Path cFile = work.resolve("c.bin");
            double[] runs = new double[5];                              // a run is one sample: the median of five, as the others' batches
            for (int i = 0; i < runs.length; i++) runs[i] = CProbe.run("pwrite", cFile, calls, 1024).elapsed() * 1e9 / calls;
            double cPwrite = Stats.median(runs);
            Files.deleteIfExists(cFile);
            emit(rows, row("C pwrite, 1 KiB", "pwrite", 1, cPwrite, 1));
            double nativeNs = pwrite(work.resolve("engine.bin"), true), channelNs = pwrite(work.resolve("channel.bin"), false);
            emit(rows, row("jpio native engine writeArray, 1 KiB (JNI+pwrite)", "pwrite", 1, nativeNs, nativeNs / cPwrite));
            emit(rows, row("FileChannel.write at a position, 1 KiB", "pwrite", 1, channelNs, channelNs / cPwrite));
            for (int np : procs) {
                if (np == 0) continue;
                Map<String, Double> c = CommBenchCommand.job(np, false, batch, calls / batch), jpio = CommBenchCommand.job(np, true, batch, calls / batch);
                for (String op : COLLECTIVES) {
                    emit(rows, row("C MPI " + op, op, np, 1e3 * c.get(op), 1));
                    emit(rows, row("jpio MpiComm " + op, op, np, 1e3 * jpio.get(op), jpio.get(op) / c.get(op)));
                }
            }
            for (int n : ranks) {
                if (n == 0) continue;
                double[] us = LocalComm.runAndCollect(n, comm -> CommLatency.measure(comm, batch, calls / batch)).get(0);
                for (String op : COLLECTIVES) emit(rows, row("jpio LocalComm " + op, op, n, 1e3 * us[CommLatency.OPERATIONS.indexOf(op)], Double.NaN));
            }
        }
        plot.draw(rows);
        return 0;
    }

    private void emit(List<String> rows, String r) {
        rows.add(r);
        System.out.println(json ? r : String.format(Locale.ROOT, "%-52s %4.0f %12.1f %10s", MpiChild.text(r, "row"), MpiChild.number(r, "np"),
                MpiChild.number(r, "ns"), Double.isNaN(MpiChild.number(r, "ratio_c")) ? "" : String.format(Locale.ROOT, "%.2fx", MpiChild.number(r, "ratio_c"))));
        System.out.flush();
    }

    private static String row(String name, String kind, int np, double ns, double ratio) {
        return new Json().put("bench", "floor").put("row", name).put("kind", kind).put("np", np).put("ns", ns).put("ratio_c", ratio).toString();
    }

    /** Nanoseconds per call: the median over batches of {@code per} calls, {@code total} calls timed, after one untimed batch. */
    private static double time(Batch body, int per, long total) throws Exception {
        body.run(per);
        double[] t = new double[(int) Math.max(1, total / per)];
        for (int b = 0; b < t.length; b++) {
            long t0 = System.nanoTime();
            body.run(per);
            t[b] = (System.nanoTime() - t0) / (double) per;
        }
        return Stats.median(t);
    }

    /** Nanoseconds per 1 KiB write at position 0 of a new file: through jpio's native engine (one JNI call), or a FileChannel. */
    private double pwrite(Path file, boolean engine) throws Exception {
        int[] kib = new int[256];
        java.util.Arrays.fill(kib, 7);
        ByteBuffer buf = ByteBuffer.allocateDirect(1024).order(ByteOrder.nativeOrder());
        buf.asIntBuffer().put(kib);
        try {
            if (engine) {
                try (EngineFile f = Engines.get("native").open(file, OpenSpec.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE))) {
                    return time(k -> { for (int i = 0; i < k; i++) f.writeArray(0, kib, ElementType.INT, 0, 256, ByteOrder.nativeOrder()); }, batch, calls);
                }
            }
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                return time(k -> {
                    for (int i = 0; i < k; i++) {
                        buf.clear();
                        if (c.write(buf, 0) != 1024) throw new IOException("short write: path=" + file + " offset=0 length=1024");
                    }
                }, batch, calls);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
