package org.jpio.examples.coll;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench coll-memory}: the resident memory a collective write of a large array costs each rank
 * beyond its own part of the array, for each backend and cb_buffer_size, against the bound the hints set.
 * Runs each point as {@code mpirun -np N bin/jpio bench coll-memory} (one rank per process, so the resident
 * set is the rank's), which is also what this command does when started under mpirun.
 */
@Command(name = "coll-memory", mixinStandardHelpOptions = true,
        description = {"Resident memory per rank of one collective write of a large coll_perf array (default 4 GiB), beyond the rank's own array:",
                "VmHWM during the write minus VmRSS before it, per backend (twophase; romio = ROMIO through JNI) and cb_buffer_size, against the hints' bound."})
public final class CollMemoryCommand implements Callable<Integer> {
    @Option(names = "--dims", split = ",", defaultValue = "1024,1024,1024", description = "Global array X,Y,Z of int. Default: ${DEFAULT-VALUE} (4 GiB).")
    int[] dims;

    @Option(names = "--procs", defaultValue = "4", description = "MPI processes (ranks). Default: ${DEFAULT-VALUE}.")
    int procs;

    @Option(names = "--backend", split = ",", defaultValue = "twophase,romio", description = "Backends in turn. Default: ${DEFAULT-VALUE}.")
    List<String> backends;

    @Option(names = "--cb-buffer-size", split = ",", defaultValue = "4194304,16777216,67108864",
            description = "cb_buffer_size values in turn. Default: ${DEFAULT-VALUE}.")
    List<Long> cbSizes;

    @Option(names = "--hint", split = ",", defaultValue = "romio_cb_write=enable",
            description = "Other key=value hints (default forces two-phase on both sides, whose buffers the hints bound). Default: ${DEFAULT-VALUE}.")
    List<String> hintArgs;

    @Option(names = "--java-opts", description = "JAVA_OPTS of the MPI processes. Default: -Xmx of the rank's part plus 1 GiB.")
    String javaOpts;

    @Option(names = "--dir", description = "Directory of the file. Default: java.io.tmpdir.")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        CollBench.Setup setup = new CollBench.Setup(dims, ElementType.INT, false, false);
        Map<String, String> hints = CollBench.givenHints(hintArgs);
        Comm world = Comm.world();
        if (world instanceof MpiComm) { // one point, on the processes of this mpirun
            Path file = Path.of(new String(world.bcastBytes(dir.toAbsolutePath().resolve("jpio-coll-memory-" + ProcessHandle.current().pid() + ".bin")
                    .toString().getBytes(), 0)));
            if (backends.size() != 1) throw new IllegalArgumentException("under mpirun give one --backend, not " + backends);
            String r = MemoryBench.measure(world, setup, backends.get(0), file, hints);
            if (world.rank() == 0) System.out.println(json ? r : text(r));
            return 0;
        }
        if (procs < 1) throw new IllegalArgumentException("--procs=" + procs + " must be >= 1");
        for (long cb : cbSizes) if (cb < 4096) throw new IllegalArgumentException("--cb-buffer-size " + cb + " must be at least 4096");
        plot.check();
        long part = setup.bytes() / procs;
        String opts = javaOpts != null ? javaOpts : "-Xmx" + ((part >> 20) + 1024) + "m";
        if (!json) System.out.printf(Locale.ROOT, "bench coll-memory: %s int (%.2f GiB), %d MPI processes (JAVA_OPTS %s), one collective write per point; "
                + "growth = VmHWM during the write - VmRSS before it, max over ranks; bound = (2 x cb_nodes + 1) x cb_buffer_size%n%s%n",
                setup.dimsText(), setup.bytes() / 1073741824.0, procs, opts, header());
        List<String> rows = new ArrayList<>();
        for (String b : backends) {
            for (long cb : cbSizes) {
                Map<String, String> h = new LinkedHashMap<>(hints);
                h.put(Hints.CB_BUFFER_SIZE, Long.toString(cb));
                List<String> args = new ArrayList<>(List.of("bench", "coll-memory", "--json", "--dims", dims[0] + "," + dims[1] + "," + dims[2],
                        "--backend", b, "--dir", dir.toString()));
                args.addAll(MpiChild.hintArgs(h));
                for (String r : MpiChild.run(procs, args, opts)) {
                    rows.add(r);
                    System.out.println(json ? r : text(r));
                    System.out.flush();
                }
            }
        }
        plot.draw(rows);
        return 0;
    }

    private static String header() {
        return String.format("%-36s %14s %16s %16s %12s  %s", "row", "own MiB/rank", "growth MiB/rank", "bound MiB/rank", "write MiB/s", "choice");
    }

    private static String text(String row) {
        return String.format(Locale.ROOT, "%-36s %14.1f %16.1f %16.1f %12.1f  %s", MpiChild.text(row, "row"), MpiChild.number(row, "own_bytes_per_rank") / 1048576,
                MpiChild.number(row, "rss_growth_per_rank_bytes") / 1048576, MpiChild.number(row, "hint_bound_bytes") / 1048576,
                MpiChild.number(row, "write_mibs"), MpiChild.text(row, "choice"));
    }
}
