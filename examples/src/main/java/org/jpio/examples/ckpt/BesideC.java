package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.demo.HeatField;

/**
 * The stencil loop without checkpoints while the C peer writes the same checkpoints durably beside it, one
 * process at each checkpoint step (rank 0 starts it and goes on; the next one waits for it): what an ideal
 * writer, with no copy and no middleware, costs the stencil on this machine. How much slower the stencil
 * runs than alone is the share of the machine (cores, memory bandwidth, the kernel's page-cache work) that
 * durable writes take, whoever writes.
 */
final class BesideC {
    private BesideC() { }

    /** Loop seconds, checkpoints, median seconds of C's own write, rank 0's wait for the previous C process, host busy CPU seconds. */
    record Result(double seconds, int checkpoints, double cSeconds, double waitedSeconds, double hostCpuSeconds) { }

    static Result run(Comm comm, DistributedArray[] f, int steps, int every, Path peer, Path dir, long bytes) throws IOException {
        DistributedArray u = f[0], next = f[1];
        int[] local = u.localShape();
        boolean root = comm.rank() == 0;
        List<Double> c = new ArrayList<>();
        Process running = null;
        long waited = 0;
        int n = 0;
        comm.barrier();
        double cpu0 = root ? HostCpu.busySeconds() : 0;
        long t0 = System.nanoTime();
        try {
            for (int s = 1; s <= steps; s++) {
                u.exchangeGhosts();
                HeatField.step(u.doubles(), next.doubles(), local);
                DistributedArray t = u; u = next; next = t;
                if (s % every != 0) continue;
                n++;
                if (!root) continue;
                long w0 = System.nanoTime();
                if (running != null) c.add(CkptBenchCommand.finishPeer(running, dir));
                waited += System.nanoTime() - w0;
                running = CkptBenchCommand.startPeer(peer, dir, bytes);
            }
            if (running != null) c.add(CkptBenchCommand.finishPeer(running, dir));
            running = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while the C peer wrote beside the stencil");
        } finally {
            if (running != null) running.destroyForcibly();
        }
        comm.barrier();
        double seconds = (System.nanoTime() - t0) / 1e9, cpu = root ? HostCpu.busySeconds() - cpu0 : 0;
        f[0] = u;
        f[1] = next;
        double median = root && !c.isEmpty() ? Stats.median(c.stream().mapToDouble(Double::doubleValue).toArray()) : 0;
        return new Result(seconds, n, median, waited / 1e9, cpu);
    }
}
