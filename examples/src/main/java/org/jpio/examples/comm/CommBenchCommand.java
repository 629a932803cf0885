package org.jpio.examples.comm;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.comm.Spmd;
import org.jpio.examples.bench.JavaLauncher;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.PlotOption;
import org.jpio.examples.bench.Processes;
import org.jpio.examples.bench.Stats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code jpio bench comm}: the fast path of a collective (every rank arrives at once) on MPI processes,
 * jpio's {@code MpiComm} side by side with the same calls in C (mpi_comm_latency), alternating in the
 * same rounds under the same mpirun options. Per operation: microseconds per call of each (median over
 * rounds of each round's fastest batch) and jpio's time over C's. Run from a shell, not under mpirun (it
 * starts the jobs).
 */
@Command(name = "comm", mixinStandardHelpOptions = true,
        description = "Small collectives (barrier, allreduce, allgather, bcast, agree) through jpio's MpiComm and in C, side by side under mpirun.")
public final class CommBenchCommand implements Callable<Integer> {
    @Option(names = "--np", split = ",", defaultValue = "2,4", description = "Process counts. Default: ${DEFAULT-VALUE}.")
    int[] nps;

    @Option(names = "--calls", defaultValue = "5000", description = "Calls per batch. Default: ${DEFAULT-VALUE}.")
    int calls;

    @Option(names = "--batches", defaultValue = "20", description = "Batches per operation in one job; the fastest counts. Default: ${DEFAULT-VALUE}.")
    int batches;

    @Option(names = "--repeat", defaultValue = "3", description = "Rounds (one jpio job and one C job each); medians over rounds. Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--json", description = "One JSON object per row instead of the table.")
    boolean json;

    @Mixin PlotOption plot;

    @Override
    public Integer call() throws Exception {
        if (Spmd.launchedByMpi()) throw new IllegalStateException("bench comm starts its own mpirun jobs: run it from a shell, not under mpirun");
        String missing = NativePrograms.unavailable("mpi_comm_latency");
        if (missing != null) throw new IllegalStateException("C peer unavailable: " + missing);
        plot.check();
        List<String> rows = new ArrayList<>();
        if (!json) {
            System.out.println(String.format(Locale.ROOT, "bench comm: microseconds per call when every rank arrives at once, %d batches of %d calls per job,"
                    + " median over %d round(s); mpirun --oversubscribe --bind-to none", batches, calls, repeat));
            System.out.println(String.format(Locale.ROOT, "%4s %-10s %10s %10s %8s", "np", "operation", "C us", "jpio us", "jpio/C"));
        }
        for (int np : nps) {
            Map<String, List<Double>> c = new LinkedHashMap<>(), jpio = new LinkedHashMap<>();
            for (int round = 0; round < repeat; round++) {
                job(np, true, calls, batches).forEach((op, us) -> jpio.computeIfAbsent(op, k -> new ArrayList<>()).add(us));
                job(np, false, calls, batches).forEach((op, us) -> c.computeIfAbsent(op, k -> new ArrayList<>()).add(us));
            }
            for (String op : CommLatency.OPERATIONS) {
                double[] cs = c.get(op).stream().mapToDouble(Double::doubleValue).toArray();
                double[] js = jpio.get(op).stream().mapToDouble(Double::doubleValue).toArray();
                double[] ratio = new double[cs.length];
                for (int i = 0; i < cs.length; i++) ratio[i] = js[i] / cs[i];
                String row = new Json().put("bench", "comm").put("np", np).put("op", op).put("c_us", Stats.median(cs)).put("jpio_us", Stats.median(js))
                        .put("ratio", Stats.median(ratio)).toString();
                rows.add(row);
                System.out.println(json ? row : String.format(Locale.ROOT, "%4d %-10s %10.3f %10.3f %8.2f", np, op, Stats.median(cs), Stats.median(js), Stats.median(ratio)));
            }
        }
        plot.draw(rows);
        return 0;
    }

    /**
     * One job on {@code np} processes under this benchmark's mpirun options: jpio's MpiComm ({@link CommLatency})
     * or the C peer (mpi_comm_latency); microseconds per call of each operation, in {@link CommLatency#OPERATIONS}' order.
     */
    public static Map<String, Double> job(int np, boolean jpio, int calls, int batches) throws IOException {
        if (!jpio && NativePrograms.unavailable("mpi_comm_latency") != null)
            throw new IllegalStateException("C peer unavailable: " + NativePrograms.unavailable("mpi_comm_latency"));
        List<String> cmd = new ArrayList<>(mpirun(np));
        if (jpio) cmd.addAll(JavaLauncher.command(CommLatency.class, List.of(Integer.toString(calls), Integer.toString(batches))));
        else cmd.addAll(List.of(NativePrograms.program("mpi_comm_latency").toString(), Integer.toString(calls), Integer.toString(batches)));
        Map<String, Double> out = new LinkedHashMap<>();
        collect(Processes.run(cmd, 600), out);
        return out;
    }

    private static List<String> mpirun(int np) {
        return List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none", "-np", Integer.toString(np));
    }

    private static void collect(String out, Map<String, Double> into) throws IOException {
        for (String op : CommLatency.OPERATIONS) {
            Matcher m = Pattern.compile("\"" + op + "\":([0-9.]+)").matcher(out);
            if (!m.find()) throw new IOException("no " + op + " in: " + out);
            into.put(op, Double.parseDouble(m.group(1)));
        }
    }
}
