package org.jpio.examples.coll;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.PlotOption;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench coll-scale}: how the cost of one collective call grows with the rank count, on a small
 * array: time per write and read, bytes each rank allocates per call, and what a write asks of the
 * communicator (exchanges, messages per rank per exchange, elements every rank gathers). In-JVM ranks
 * ({@code --ranks}) run here; MPI processes ({@code --procs}) run as {@code mpirun -np N bin/jpio bench
 * coll-scale} children, which is also what this command does when started under mpirun.
 */
@Command(name = "coll-scale", mixinStandardHelpOptions = true,
        description = {"Scaling of one collective write/read of the coll_perf array with the rank count: ms per call, bytes allocated per rank per call,",
                "and, counted on the communicator in a message-exchange pass, exchanges per write, messages per rank per exchange, gathered elements per rank."})
public final class CollScaleCommand implements Callable<Integer> {
    @Option(names = "--dims", split = ",", defaultValue = "64,64,64", description = "Global array X,Y,Z of int. Default: ${DEFAULT-VALUE}.")
    int[] dims;

    @Option(names = "--ranks", split = ",", defaultValue = "1,2,4,8,16,32,64,128,256", description = "In-JVM rank counts (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> ranks;

    @Option(names = "--procs", split = ",", defaultValue = "1,2,4,8,16", description = "MPI process counts, run under mpirun (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> procs;

    @Option(names = "--backend", defaultValue = "twophase", description = "jpio backend. Default: ${DEFAULT-VALUE}.")
    String backend;

    @Option(names = "--hint", split = ",", defaultValue = "romio_cb_write=enable,romio_cb_read=enable",
            description = "key=value hints (default forces two-phase, whose plan is what scales). Default: ${DEFAULT-VALUE}.")
    List<String> hintArgs;

    @Option(names = "--repeat", defaultValue = "5", description = "Timed calls of each kind per point; times are medians. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--java-opts", defaultValue = "-Xmx512m", description = "JAVA_OPTS of the MPI processes. Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Option(names = "--dir", description = "Directory of the file. Default: java.io.tmpdir.")
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) throw new IllegalArgumentException("--repeat=" + repeat + " must be >= 1");
        for (int n : ranks) if (n < 0 || n > 4096) throw new IllegalArgumentException("--ranks " + n + " must be in 0..4096");
        for (int n : procs) if (n < 0 || n > 256) throw new IllegalArgumentException("--procs " + n + " must be in 0..256");
        CollBench.Setup setup = new CollBench.Setup(dims, ElementType.INT, false, false);
        Map<String, String> hints = CollBench.givenHints(hintArgs);
        Path file = dir.toAbsolutePath().resolve("jpio-coll-scale-" + ProcessHandle.current().pid() + ".bin");
        Comm world = Comm.world();
        if (world instanceof MpiComm) { // a child of the command below, or a user's mpirun: one point on the processes
            String r = ScaleBench.measure(world, setup, backend, Path.of(new String(world.bcastBytes(file.toString().getBytes(), 0))), hints, repeat, "mpirun");
            if (world.rank() == 0) System.out.println(json ? r : ScaleBench.header() + "\n" + ScaleBench.text(r));
            return 0;
        }
        plot.check();
        List<String> rows = new ArrayList<>();
        if (!json) System.out.println("bench coll-scale: " + setup.dimsText() + " int, jpio " + backend + ", hints " + hints + ", median of " + repeat
                + " call(s); alloc: bytes the rank's thread allocates per write+read; exch, msgs, gathered: one write over a counting communicator\n"
                + ScaleBench.header());
        for (int n : ranks) {
            if (n == 0) continue;
            String r = LocalComm.runAndCollect(n, c -> ScaleBench.measure(c, setup, backend, file, hints, repeat, "threads")).get(0);
            emit(rows, r);
        }
        for (int n : procs) {
            if (n == 0) continue;
            List<String> args = new ArrayList<>(List.of("bench", "coll-scale", "--json", "--dims", dims[0] + "," + dims[1] + "," + dims[2],
                    "--backend", backend, "--repeat", Integer.toString(repeat), "--dir", dir.toString()));
            args.addAll(MpiChild.hintArgs(hints));
            for (String r : MpiChild.run(n, args, javaOpts)) emit(rows, r);
        }
        plot.draw(rows);
        return 0;
    }

    private void emit(List<String> rows, String r) {
        rows.add(r);
        System.out.println(json ? r : ScaleBench.text(r));
        System.out.flush();
    }
}
