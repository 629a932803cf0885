package org.jpio.examples.calls;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Spmd;
import org.jpio.comm.local.LocalComm;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Processes;
import org.jpio.examples.bench.WorkDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench array}: {@code DistributedArray.write} of a double field to a new .npy file each time,
 * on in-JVM ranks, as a checkpoint does it: the first write of a fresh JVM against later (warm) ones, an
 * array with one ghost layer against one without, and one process writing the same bytes in one call in
 * the same run (a FileChannel write, and numpy.save), all with the replace semantics of jpio's default
 * write: a new temporary file, synced, renamed over the target, the directory synced. Each round is a
 * fresh JVM ({@code bin/jpio bench array} as a child, so its first write is a JVM's first) and a Python
 * process; their order rotates. Prints the ratios issue 23's targets name.
 */
@Command(name = "array", mixinStandardHelpOptions = true,
        description = {"DistributedArray.write (.npy, a new file each time, replace: synced and renamed) on in-JVM ranks: the first write of a fresh JVM",
                "against warm ones, ghosted (one layer) against not, and one process writing the same bytes in one call (FileChannel; numpy.save)."})
public final class ArrayBenchCommand implements Callable<Integer> {
    @Option(names = "--shape", split = ",", defaultValue = "256,256,256", description = "Global double field X,Y,Z. Default: ${DEFAULT-VALUE}.")
    int[] shape;

    @Option(names = "--ranks", defaultValue = "4", description = "In-JVM ranks. Default: ${DEFAULT-VALUE}.")
    int ranks;

    @Option(names = "--warm", defaultValue = "5", description = "Writes of each kind after the first ones; warm figures are their median. Default: ${DEFAULT-VALUE}.")
    int warm;

    @Option(names = "--idle-ms", defaultValue = "0", description = "Milliseconds the ranks wait between filling the arrays and the first write "
            + "(a simulation computes there: the time jpio's warm-up of the write path has to run). Default: ${DEFAULT-VALUE}.")
    int idleMs;

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds (each a fresh JVM); figures are medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--python", defaultValue = "/usr/bin/python3", description = "The Python with numpy (\"none\": no numpy row). Default: ${DEFAULT-VALUE}.")
    String python;

    @Option(names = "--dir", description = "Directory of the files. Default: a new private temporary directory.")
    Path dir;

    @Option(names = "--java-opts", defaultValue = "-Xmx2g", description = "JAVA_OPTS of the child JVMs. Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Option(names = "--child", hidden = true, description = "Internal: run one round's JVM part here and print its row.")
    boolean child;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    /** numpy.save of the same field to a new file, fsynced, renamed, the directory fsynced; the first and the median of the rest. */
    static final String NUMPY = String.join("\n",
            "import json, os, statistics, sys, time",
            "import numpy as np",
            "x, y, z, n = (int(v) for v in sys.argv[1:5])",
            "path = sys.argv[5]",
            "a = np.arange(x * y * z, dtype=np.float64).reshape(x, y, z)",
            "d = os.path.dirname(path)",
            "times = []",
            "for i in range(n):",
            "    t0 = time.perf_counter()",
            "    with open(path + '.tmp', 'wb') as f:",
            "        np.save(f, a)",
            "        f.flush()",
            "        os.fsync(f.fileno())",
            "    os.replace(path + '.tmp', path)",
            "    fd = os.open(d, os.O_RDONLY)",
            "    os.fsync(fd)",
            "    os.close(fd)",
            "    times.append(time.perf_counter() - t0)",
            "errors = int((np.load(path) != a).sum())",
            "os.unlink(path)",
            "print(json.dumps({'numpy_first_ms': 1e3 * times[0], 'numpy_ms': 1e3 * statistics.median(times[1:] or times), 'errors': errors,",
            "                  'numpy': np.__version__}, separators=(',', ':')))",
            "");

    @Override
    public Integer call() throws Exception {
        if (shape.length != 3 || Arrays.stream(shape).anyMatch(n -> n < 1)) throw new IllegalArgumentException("--shape=" + Arrays.toString(shape) + " must be three positive sizes");
        if (ranks < 1 || warm < 1 || repeat < 1) throw new IllegalArgumentException("--ranks=" + ranks + ", --warm=" + warm + " and --repeat=" + repeat + " must be positive");
        if (idleMs < 0) throw new IllegalArgumentException("--idle-ms=" + idleMs + " must be >= 0");
        if (Spmd.launchedByMpi()) throw new IllegalStateException("bench array runs on in-JVM ranks: run it without mpirun");
        WorkDir workDir = WorkDir.of(dir, "jpio-bench-array"); // 0700: private on a shared node; removed with what a failed row left
        Path work = workDir.path();
        try (workDir) {
            if (child) {
                System.out.println(LocalComm.runAndCollect(ranks, c -> ArrayRounds.jvm(c, shape, warm, idleMs, work)).get(0));
                return 0;
            }
            if (!python.equals("none")) Processes.run(List.of(python, "-c", "import numpy"), 60);
            plot.check();
            Map<String, List<Double>> t = new LinkedHashMap<>();
            long errors = 0;
            for (int round = 0; round < repeat; round++) {
                List<Callable<String>> steps = new ArrayList<>();
                steps.add(() -> MpiChild.alone(List.of("bench", "array", "--child", "--shape", shape[0] + "," + shape[1] + "," + shape[2], "--ranks", "" + ranks,
                        "--warm", "" + warm, "--idle-ms", "" + idleMs, "--dir", work.toString()), javaOpts).get(0));
                if (!python.equals("none")) steps.add(() -> Processes.run(List.of(python, "-c", NUMPY, "" + shape[0], "" + shape[1], "" + shape[2], "" + (warm + 1),
                        work.resolve("numpy.npy").toString()), 3600).trim());
                Collections.rotate(steps, round);
                for (Callable<String> s : steps) {
                    String row = s.call();
                    for (String key : ArrayRounds.KEYS.keySet()) {
                        double v = MpiChild.number(row, key);
                        if (!Double.isNaN(v)) t.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
                    }
                    errors += (long) MpiChild.number(row, "errors");
                }
            }
            List<String> rows = ArrayRounds.rows(t, 8L * shape[0] * shape[1] * shape[2]);
            if (json) rows.forEach(System.out::println);
            else text(rows).forEach(System.out::println);
            plot.draw(rows);
            if (errors != 0) System.err.println("bench array: " + errors + " elements read back wrong");
            return errors == 0 ? 0 : 1;
        }
    }

    private List<String> text(List<String> rows) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "bench array: DistributedArray.write of %dx%dx%d double (%.0f MiB) on %d in-JVM ranks, .npy, a new file each time "
                + "(a temporary, synced, renamed, the directory synced; the single writers likewise); medians of %d round(s), each a fresh JVM; "
                + "warm: the median of %d writes after the first; %d ms idle between filling the arrays and the first write",
                shape[0], shape[1], shape[2], 8.0 * shape[0] * shape[1] * shape[2] / 1048576, ranks, repeat, warm, idleMs));
        out.add(String.format(Locale.ROOT, "%-58s %10s %10s", "row", "ms", "GB/s"));
        for (String r : rows)
            if (!MpiChild.text(r, "row").isEmpty())
                out.add(String.format(Locale.ROOT, "%-58s %10.1f %10.3f", MpiChild.text(r, "row"), MpiChild.number(r, "ms"), MpiChild.number(r, "gbs")));
        out.add("ratios (issue 23's targets in brackets):");
        for (String r : rows)
            if (!MpiChild.text(r, "ratio").isEmpty())
                out.add(String.format(Locale.ROOT, "  %-56s %7.2fx  [%s]", MpiChild.text(r, "ratio"), MpiChild.number(r, "value"), MpiChild.text(r, "target")));
        return out;
    }
}
