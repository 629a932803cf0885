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
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.engine.EngineFile;
import org.jpio.engine.Engines;
import org.jpio.engine.OpenSpec;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.calls.CallsPeer;
import org.jpio.io.ElementType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench floor}: what the pieces of a collective call cost on this machine, so that a per-call
 * time ({@code bench calls}) can be read against what it cannot go below: one JNI call (an empty native
 * method of jpio's libjpiobench.so), one MPI_Allreduce of one int in C and through jpio's MpiComm (the same
 * mpirun options), one allreduce of one int among in-JVM ranks (LocalComm), and one 1 KiB positional write
 * of a cached page in C (pwrite), through jpio's native engine (JNI + pwrite) and through FileChannel.
 * Every figure is the median over batches of the time per call, after one untimed batch.
 */
@Command(name = "floor", mixinStandardHelpOptions = true,
        description = {"The floor of a call: one JNI call, one MPI_Allreduce of an int (C, jpio's MpiComm), one LocalComm allreduce (in-JVM ranks),",
                "one 1 KiB pwrite (C, jpio's native engine, FileChannel); nanoseconds per call, median batch. Starts mpirun itself."})
public final class FloorCommand implements Callable<Integer> {
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

    @Option(names = "--java-opts", defaultValue = "-Xmx512m", description = "JAVA_OPTS of jpio's MPI processes. Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    /** A batch of calls. */
    private interface Batch { void run(int calls) throws Exception; }

    @Override
    public Integer call() throws Exception {
        if (calls < 1 || batch < 1 || batch > calls) throw new IllegalArgumentException("--calls=" + calls + " and --batch=" + batch + " must be positive, batch <= calls");
        Comm world = Comm.world();
        if (world instanceof MpiComm) {                                 // a child: jpio's MpiComm allreduce on these processes
            double ns = allreduce(world, calls, batch);
            if (world.rank() == 0) System.out.println(row("jpio MpiComm.allreduce, 1 int", "allreduce", world.size(), ns, Double.NaN));
            return 0;
        }
        for (int n : procs) if (n < 0 || n > 64) throw new IllegalArgumentException("--procs " + n + " must be in 0..64");
        for (int n : ranks) if (n < 0 || n > 256) throw new IllegalArgumentException("--ranks " + n + " must be in 0..256");
        if (NativeProbe.unavailable() != null) throw new IllegalStateException("JNI probe unavailable: " + NativeProbe.unavailable());
        if (CallsPeer.unavailable() != null) throw new IllegalStateException("C peer unavailable: " + CallsPeer.unavailable());
        plot.check();
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("jpio-bench-floor"); // 0700: private on a shared node
        List<String> rows = new ArrayList<>();
        if (!json) System.out.printf(Locale.ROOT, "bench floor: nanoseconds per call, the median batch of %d (%d timed calls; the JNI call 100 times as many) "
                + "after an untimed batch%n%-52s %4s %12s %10s%n", batch, calls, "row", "N", "ns per call", "x C");
        try {
            int c = 0;
            long jni = 100L * batch;
            emit(rows, row("JNI call, empty (libjpiobench.so)", "jni", 1, time(k -> {
                int v = 0;
                for (int i = 0; i < k; i++) v = NativeProbe.increment(v);
                if (v != k) throw new IllegalStateException("the native counter says " + v + " after " + k + " calls");
            }, (int) Math.min(Integer.MAX_VALUE, jni), 100L * calls), Double.NaN));
            double cPwrite = Double.NaN;
            for (int np : procs) {
                if (np == 0) continue;
                double[] f = CallsPeer.floor(np, work.resolve("c-floor.bin"), calls, batch); // microseconds
                f[0] *= 1e3;
                f[1] *= 1e3;
                if (np == 1 || Double.isNaN(cPwrite)) cPwrite = f[1];
                emit(rows, row("C MPI_Allreduce, 1 int", "allreduce", np, f[0], 1));
                emit(rows, row("C pwrite, 1 KiB, each process its own", "pwrite", np, f[1], 1));
                String jpio = MpiChild.run(np, List.of("bench", "floor", "--json", "--calls", "" + calls, "--batch", "" + batch), javaOpts).get(0);
                emit(rows, row(MpiChild.text(jpio, "row"), "allreduce", np, MpiChild.number(jpio, "ns"), MpiChild.number(jpio, "ns") / f[0]));
            }
            for (int n : ranks) {
                if (n == 0) continue;
                double ns = LocalComm.runAndCollect(n, comm -> allreduce(comm, calls, batch)).get(0);
                emit(rows, row("jpio LocalComm.allreduce, 1 int", "allreduce", n, ns, Double.NaN));
            }
            double nativeNs = pwrite(work.resolve("engine.bin"), true), channelNs = pwrite(work.resolve("channel.bin"), false);
            emit(rows, row("jpio native engine writeArray, 1 KiB (JNI+pwrite)", "pwrite", 1, nativeNs, nativeNs / cPwrite));
            emit(rows, row("FileChannel.write at a position, 1 KiB", "pwrite", 1, channelNs, channelNs / cPwrite));
        } finally {
            if (dir == null) Files.deleteIfExists(work);
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

    /** Collective: nanoseconds per allreduce of one int (rank 0's median batch); the sum is checked. */
    private static double allreduce(Comm comm, int calls, int batch) throws Exception {
        int[] one = {comm.rank()}, sum = new int[1];
        int want = comm.size() * (comm.size() - 1) / 2;
        return time(k -> {
            comm.barrier();
            for (int i = 0; i < k; i++) comm.allreduce(one, sum, 1, Comm.Op.SUM);
            if (sum[0] != want) throw new IllegalStateException("allreduce gave " + sum[0] + ", not " + want + ": rank=" + comm.rank());
        }, batch, calls);
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
