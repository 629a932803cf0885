package org.jpio.examples.comm;

import java.util.List;
import java.util.Locale;
import org.jpio.comm.Comm;

/**
 * jpio's side of {@code bench comm}, run under mpirun: the time of one small collective of
 * {@link Comm#world()} when every rank arrives at once (the fast path every jpio call pays), measured as
 * the C peer (native/src/main/c/bench/mpi_comm_latency.c) measures MPI's: per operation, ROUNDS batches
 * of CALLS calls, a batch's time the slowest rank's, the result the fastest batch. Rank 0 prints
 * {@code {"peer":"jpio","np":N,"barrier":U,"allreduce":U,"allgather":U,"bcast":U,"agree":U}} (microseconds).
 *
 * <p>{@code mpirun -np N java ... CommLatency CALLS ROUNDS}
 */
public final class CommLatency {
    /** The operations, in the order of the rows and of {@link #measure}'s figures. */
    public static final List<String> OPERATIONS = List.of("barrier", "allreduce", "allgather", "bcast", "agree");

    private CommLatency() { }

    public static void main(String[] args) throws Exception {
        Comm c = Comm.world();
        double[] best = measure(c, Integer.parseInt(args[0]), Integer.parseInt(args[1]));
        if (c.rank() != 0) return;
        StringBuilder line = new StringBuilder("{\"peer\":\"jpio\",\"np\":" + c.size());
        for (int op = 0; op < OPERATIONS.size(); op++) line.append(String.format(Locale.ROOT, ",\"%s\":%.3f", OPERATIONS.get(op), best[op]));
        System.out.println(line.append('}'));
    }

    /**
     * Collective: microseconds per call of each of {@link #OPERATIONS} on {@code c}, the fastest of {@code rounds}
     * batches of {@code calls} calls, a batch's time the slowest rank's (on MPI processes or in-JVM ranks alike).
     */
    public static double[] measure(Comm c, int calls, int rounds) throws Exception {
        long[] s = {c.rank()}, r = new long[1], g = new long[c.size()], b = new long[4];
        double[] best = new double[OPERATIONS.size()];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        for (int round = -1; round < rounds; round++) { // round -1: JIT warm-up, not counted
            for (int op = 0; op < OPERATIONS.size(); op++) {
                c.barrier();
                long t0 = System.nanoTime();
                for (int k = 0; k < calls; k++) {
                    switch (op) {
                        case 0 -> c.barrier();
                        case 1 -> c.allreduce(s, r, 1, Comm.Op.MAX);
                        case 2 -> c.allgather(s, 0, 1, g, 0);
                        case 3 -> c.bcast(b, 0, 4, 0);
                        default -> c.agree("bench", null);
                    }
                }
                double[] t = {(System.nanoTime() - t0) / 1e3 / calls}, slowest = new double[1];
                c.allreduce(t, slowest, 1, Comm.Op.MAX);
                if (round >= 0) best[op] = Math.min(best[op], slowest[0]);
            }
        }
        return best;
    }
}
