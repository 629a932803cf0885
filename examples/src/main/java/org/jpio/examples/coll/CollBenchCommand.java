package org.jpio.examples.coll;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.PlotOption;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench coll}: the coll_perf pattern (or CYCLIC / BLOCK-CYCLIC darrays, or interleaved blocks:
 * {@link CollPattern}) on jpio's collective backends, in one JVM (ranks as threads, {@code --ranks}) or
 * under {@code mpirun -np N bin/jpio bench coll} (ranks as processes). In one JVM the C peers run in the
 * same rounds ({@link Peer}: MPI-IO on ROMIO and OMPIO, ROMIO's own coll_perf, the no-middleware limit),
 * with jpio on MPI processes too when {@code --procs} asks ({@link CollRounds}), and every row gets its
 * ratio to the first peer; under mpirun (which does not nest) the ratio is to the first backend.
 */
@Command(name = "coll", mixinStandardHelpOptions = true,
        description = {"coll_perf: a BLOCK^3 darray (or --pattern cyclic, block-cyclic, interleaved) written and read collectively; jpio backends",
                "(in-JVM ranks, and MPI processes with --procs) side by side with C: MPI-IO on ROMIO and OMPIO (mpi_coll_perf), ROMIO's own",
                "test/coll_perf.c (overwrite mode), and the same pieces written by C processes without middleware (the limit)."})
public final class CollBenchCommand implements Callable<Integer> {
    @Option(names = "--dims", split = ",", defaultValue = "256,256,256", description = "Global array X,Y,Z. Default: ${DEFAULT-VALUE}.")
    int[] dims;

    @Option(names = "--type", defaultValue = "int", description = "int or double. Default: ${DEFAULT-VALUE}.")
    String type;

    @Option(names = "--backend", split = ",", defaultValue = "twophase",
            description = "jpio backends, run in turn: twophase (automatic choice per romio_cb_*), independent, romio. Default: ${DEFAULT-VALUE}.")
    List<String> backends;

    @Option(names = "--ranks", split = ",", description = "In-JVM rank counts (not under mpirun; 0: none). Default: 4.")
    List<Integer> ranks;

    @Option(names = "--procs", split = ",", defaultValue = "0",
            description = "MPI process counts of jpio rows run as mpirun children (bin/jpio bench coll under mpirun) in the same rounds (0: none). Default: ${DEFAULT-VALUE}.")
    List<Integer> procs;

    @Option(names = "--pattern", split = ",", defaultValue = "block",
            description = "How the array is spread, in turn: block (coll_perf's BLOCK^3 darray), cyclic, block-cyclic (CYCLIC(--darg) darray), "
                    + "interleaved (--total bytes, blocks of B elements round robin over the ranks, for each B of --block). Default: ${DEFAULT-VALUE}.")
    List<String> patterns;

    @Option(names = "--darg", defaultValue = "16", description = "The block-cyclic pattern's distribution argument. Default: ${DEFAULT-VALUE}.")
    int darg;

    @Option(names = "--block", split = ",", defaultValue = "1,16,256,4096,65536", description = "The interleaved pattern's block sizes B, elements. Default: ${DEFAULT-VALUE}.")
    List<Integer> blocks;

    @Option(names = "--total", defaultValue = "64m", converter = org.jpio.examples.cli.SizeConverter.class,
            description = "The interleaved pattern's bytes in all. Default: ${DEFAULT-VALUE}.")
    long total;

    @Option(names = "--java-opts", defaultValue = "-Xmx2g", description = "JAVA_OPTS of the jpio MPI children (--procs). Default: ${DEFAULT-VALUE}.")
    String javaOpts;

    @Option(names = "--peers", split = ",", defaultValue = "romio321,ompio,coll_perf,pieces",
            description = "C peers in the same rounds (one JVM only): romio321, ompio (mpi_coll_perf on that MPI-IO), coll_perf (ROMIO's own test, "
                    + "overwrite mode only), pieces (the limit: no middleware), or none. Default: ${DEFAULT-VALUE}.")
    List<String> peers;

    @Option(names = "--mode", defaultValue = "new",
            description = "new: the timed write creates the file (deleted before); overwrite: an untimed write and read first, then the timed "
                    + "write overwrites it, as ROMIO's coll_perf times it. Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(names = "--sync", description = "Durable writes: MPI_File_sync (jpio: ParallelFile.sync; pieces: fdatasync) inside the timed write.")
    boolean sync;

    @Option(names = "--hint", description = "key=value hint for jpio and the peers (repeatable), e.g. cb_buffer_size=65536.")
    List<String> hintArgs = new ArrayList<>();

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds; rates and ratios are medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup", defaultValue = "1",
            description = "Untimed rounds of every jpio row first (JIT warm-up; the C peers need none). Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--file", description = "Keep the file at this path. Default: a temporary file, removed afterwards.")
    Path file;

    @Option(names = "--nonblocking", description = {"Overlap instead of bandwidth: the write started with iwriteAll, every rank computing for the blocking",
            "write's time, then waiting; the wait as a fraction of the blocking write, beside MPI_File_iwrite_all on romio321 and ompio (--peers)."})
    boolean nonblocking;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        ElementType t = switch (type) {
            case "int" -> ElementType.INT;
            case "double" -> ElementType.DOUBLE;
            default -> throw new IllegalArgumentException("--type=" + type + " must be int or double");
        };
        if (!mode.equals("new") && !mode.equals("overwrite")) throw new IllegalArgumentException("--mode=" + mode + " must be new or overwrite");
        if (repeat < 1) throw new IllegalArgumentException("--repeat=" + repeat + " must be >= 1");
        if (warmup < 0) throw new IllegalArgumentException("--warmup=" + warmup + " must be >= 0");
        List<CollBench.Setup> setups = new ArrayList<>();
        for (String p : patterns) {
            if (!p.equals("interleaved")) {
                setups.add(new CollBench.Setup(dims, t, mode.equals("overwrite"), sync, new CollPattern(p, p.equals("block-cyclic") ? darg : 1)));
                continue;
            }
            if (total < t.size() || total % t.size() != 0 || total / t.size() > Integer.MAX_VALUE)
                throw new IllegalArgumentException("--total=" + total + " must be a positive multiple of " + t.size() + " bytes below 2^31 elements");
            for (int b : blocks) setups.add(new CollBench.Setup(new int[] {(int) (total / t.size())}, t, mode.equals("overwrite"), sync, new CollPattern(p, b)));
        }
        Map<String, String> hints = CollBench.givenHints(hintArgs);
        Comm world = Comm.world();
        boolean mpi = world instanceof MpiComm;
        if (mpi && ranks != null) throw new IllegalArgumentException("--ranks is for ranks in one JVM; under mpirun the ranks are the " + world.size() + " processes");
        List<Integer> children = procs.stream().filter(n -> n != 0).toList();
        if (mpi && !children.isEmpty()) throw new IllegalArgumentException("--procs starts mpirun itself: run it without mpirun");
        for (int n : children) if (n < 1 || n > 256) throw new IllegalArgumentException("--procs " + n + " must be in 1..256");
        List<Integer> inJvm = (ranks == null ? List.of(4) : ranks).stream().filter(n -> n != 0).toList();
        for (int n : inJvm) if (n < 1 || n > 4096) throw new IllegalArgumentException("--ranks " + n + " must be in 1..4096");
        java.util.TreeSet<Integer> counts = new java.util.TreeSet<>(mpi ? List.of(world.size()) : inJvm);
        counts.addAll(children);
        if (counts.isEmpty()) throw new IllegalArgumentException("--ranks and --procs are both 0: nothing to run");
        List<String> peerList = mpi || peers.contains("none") ? List.of() : peers;
        Exception plotProblem = null; // checked on rank 0 only (it draws); every rank learns of a failure, so none waits in a collective
        if (world.rank() == 0) {
            try {
                plot.check();
            } catch (Exception e) {
                plotProblem = e;
            }
        }
        world.agree("--plot", plotProblem);
        if (nonblocking) {
            if (!patterns.equals(List.of("block")) || counts.size() != 1 || !children.isEmpty())
                throw new IllegalArgumentException("--nonblocking times coll_perf's block pattern on one rank count: --pattern=" + String.join(",", patterns)
                        + " ranks=" + counts + " --procs=" + children + " (give no --pattern and no --procs, and one --ranks)");
            return OverlapReport.run(new OverlapReport.Run(world, counts.first(), mpi, setups.get(0), backends, peerList, hints, repeat, warmup, file, json, plot));
        }
        Path f = file != null ? file.toAbsolutePath() : Path.of(System.getProperty("java.io.tmpdir"), "jpio-coll-" + ProcessHandle.current().pid() + ".bin");
        if (mpi) f = Path.of(new String(world.bcastBytes(f.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8), 0), java.nio.charset.StandardCharsets.UTF_8)); // rank 0 names the file
        boolean print = world.rank() == 0;
        long errors = 0;
        List<String> jsonRows = new ArrayList<>();
        try {
            for (CollBench.Setup setup : setups) {
                Map<String, String> unavailable = new LinkedHashMap<>();
                List<String> running = new ArrayList<>();
                for (String p : peerList) {
                    String why = Peer.unavailable(p, setup);
                    if (why == null) running.add(p);
                    else unavailable.put(Peer.rowName(p), why);
                }
                if (!peerList.isEmpty() && running.isEmpty()) throw new IllegalStateException("no C peer can run: " + unavailable + " (or pass --peers none)");
                for (int n : counts) {
                    CollRounds.Plan plan = new CollRounds.Plan(setup, n, backends, mpi || inJvm.contains(n), children.contains(n), running, hints, repeat, warmup, javaOpts);
                    Map<String, List<CollBench.Result>> rows = CollRounds.run(plan, world, mpi, f);
                    if (!print) continue;
                    String base = running.isEmpty() ? rows.keySet().iterator().next() : Peer.rowName(running.get(0));
                    errors += CollRounds.print(plan, mpi, rows, unavailable, base, json, jsonRows);
                }
            }
        } finally {
            if (file == null && print) Files.deleteIfExists(f);
        }
        if (!print) return 0;
        plot.draw(jsonRows);
        if (errors != 0) System.err.println("bench coll: " + errors + " elements read back wrong");
        return errors == 0 ? 0 : 1;
    }
}
