package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.parallel.Request;

/**
 * One round of {@code bench coll --nonblocking}: does a nonblocking collective write progress while the
 * ranks compute? The coll_perf write is timed blocking first (B, barrier to barrier); then into a new file
 * it is started with iwriteAll, every rank computes for B (a multiply-add loop over a small array that
 * never calls into jpio, measured), and waits. The wait as a fraction of B is what the overlap did not
 * hide. The C peer {@code mpi_coll_overlap} does the same with MPI_File_iwrite_all, in a child mpirun.
 */
final class OverlapBench {
    private OverlapBench() { }

    /**
     * Rank 0's figures of one round, times the slowest rank's: B, the start call, the compute, the wait;
     * {@code doneBeforeWait} whether every rank found the write complete when it came to wait (-1: not
     * known, the C peer does not ask, as asking is an MPI call that may progress it); {@code status} "ok"
     * or why the peer has no figures.
     */
    record Result(String name, double blocking, double start, double compute, double waitS, int doneBeforeWait, long errors, String status) {
        double waitFraction() { return waitS / blocking; }

        boolean ok() { return status.equals("ok"); }
    }

    private static final int WORK = 4096;

    /** Computes until {@code seconds} have passed (chunks of 16 multiply-add sweeps over {@code work}); the sweeps done. */
    static long compute(double seconds, double[] work) {
        long t0 = System.nanoTime(), sweeps = 0;
        do {
            for (int k = 0; k < 16; k++, sweeps++)
                for (int i = 0; i < work.length; i++) work[i] = work[i] * 0.999999 + 1e-6;
        } while ((System.nanoTime() - t0) / 1e9 < seconds);
        return sweeps;
    }

    /** Collective over {@code comm}: the blocking write, then the nonblocking one overlapped with computing, then the read-back check. */
    static Result run(Comm comm, CollBench.Setup s, String backend, Path file, Map<String, String> hintValues) throws IOException {
        CollBench.Part part = CollBench.part(comm, s);
        Map<String, String> h = new LinkedHashMap<>(hintValues);
        h.put(Hints.JPIO_BACKEND, backend);
        Hints hints = Hints.of(h);
        Elements data = Elements.ofArray(part.data(), 0, part.count());
        double[] blocking = new double[1];
        if (comm.rank() == 0) Files.deleteIfExists(file);
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
            f.setView(part.view());
            comm.barrier();
            long t0 = System.nanoTime();
            f.writeAll(data);
            comm.barrier();
            blocking[0] = (System.nanoTime() - t0) / 1e9;
        }
        comm.bcast(blocking, 0, 1, 0); // every rank computes for rank 0's B
        if (comm.rank() == 0) Files.deleteIfExists(file);
        comm.barrier();
        double[] work = new double[WORK];
        for (int i = 0; i < WORK; i++) work[i] = i;
        long start, computed, waited, errors;
        boolean done;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
            f.setView(part.view());
            comm.barrier();
            long s0 = System.nanoTime();
            Request r = f.iwriteAll(data);
            long c0 = System.nanoTime();
            compute(blocking[0], work);
            long c1 = System.nanoTime();
            done = r.isDone();
            r.waitFor();
            long w1 = System.nanoTime();
            start = c0 - s0;
            computed = c1 - c0;
            waited = w1 - c1;
            CollBench.clear(part.data(), s.type());
            f.seek(0);
            f.readAll(data);
            errors = part.fill(s.type(), true);
        }
        double sink = 0;
        for (double w : work) sink += w;
        if (sink < 0) throw new IllegalStateException("compute: sink=" + sink); // the loop's result is used
        return new Result("jpio " + backend, blocking[0], max(comm, start), max(comm, computed), max(comm, waited),
                (int) comm.allreduce(done ? 1 : 0, Comm.Op.MIN), comm.allreduce(errors, Comm.Op.SUM), "ok");
    }

    private static double max(Comm comm, long nanos) { return comm.allreduce(nanos, Comm.Op.MAX) / 1e9; }

    private static final Pattern PEER = Pattern.compile("\"blocking_s\":([0-9.]+),\"start_s\":([0-9.]+),\"compute_s\":([0-9.]+),\"wait_s\":([0-9.]+),"
            + "\"sweeps\":\\d+,\"errors\":(\\d+)");
    private static final Pattern SIGNAL = Pattern.compile("exited on signal \\d+ \\([^)]*\\)");

    /**
     * The C peer on {@code io} (romio321 or ompio) in a child mpirun of {@code np} processes. A peer that
     * crashes or fails gives a row saying how (exit status, the signal mpirun reports), not a failed benchmark.
     */
    static Result peer(String io, int np, CollBench.Setup s, Path file, Map<String, String> hints) {
        String name = Peer.rowName(io);
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", Integer.toString(np),
                "--mca", "io", io, NativePrograms.program("mpi_coll_overlap").toString()));
        for (int d : s.dims()) cmd.add(Integer.toString(d));
        cmd.add(file.toString());
        hints.forEach((k, v) -> { if (!k.startsWith("jpio_")) cmd.add(k + "=" + v); });
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            int exit = p.waitFor();
            Matcher m = PEER.matcher(out);
            if (exit == 0 && m.find())
                return new Result(name, d(m, 1), d(m, 2), d(m, 3), d(m, 4), -1, Long.parseLong(m.group(5)), "ok");
            Matcher sig = SIGNAL.matcher(out);
            String why = sig.find() ? sig.group() : out.strip().lines().reduce((a, b) -> b).orElse("no output");
            return failed(name, "exit=" + exit + " (" + why + ") in MPI_File_iwrite_all's run: " + String.join(" ", cmd));
        } catch (IOException e) {
            return failed(name, "cannot run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(name, "interrupted");
        }
    }

    private static Result failed(String name, String why) {
        return new Result(name, Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, -1, why);
    }

    private static double d(Matcher m, int g) { return Double.parseDouble(m.group(g)); }
}
