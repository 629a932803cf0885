package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.jpio.array.DistributedArray;
import org.jpio.checkpoint.AsyncMode;
import org.jpio.checkpoint.CheckpointInfo;
import org.jpio.checkpoint.CheckpointOptions;
import org.jpio.checkpoint.CheckpointStore;
import org.jpio.checkpoint.StagingReport;
import org.jpio.comm.Comm;
import org.jpio.examples.demo.HeatField;
import org.jpio.io.ElementType;

/**
 * The measurements of {@code jpio bench ckpt}, collective over the ranks: one durable synchronous checkpoint
 * of the heat demo's field, and the demo's stencil loop with a checkpoint every K steps in four variants
 * (no checkpoints; the checkpoints alone, back to back; synchronous; asynchronous). Times are rank 0's,
 * between barriers; blocked times the largest of any rank.
 */
final class CkptBench {
    private CkptBench() { }

    /** The loop's variants: the last runs {@code commitAsync} on a store forced to write in the background. */
    enum Loop { COMPUTE_ONLY, IO_ONLY, SYNC, ASYNC, ASYNC_BACKGROUND;
        boolean async() { return this == ASYNC || this == ASYNC_BACKGROUND; }
    }

    /** One loop run: wall time, time the loop was blocked by checkpoint calls, checkpoints, the staging memory and where async commits ran (stores). */
    record LoopResult(Loop loop, double seconds, double blockedSeconds, int checkpoints, StagingReport staging, double writerCpuSeconds, double writerUserSeconds) { }

    /** The demo's field (ghost width 1, BLOCK on MPI_Dims_create's grid) with its initial values, and its stencil partner. */
    static DistributedArray[] field(Comm comm, int[] shape) {
        DistributedArray u = DistributedArray.builder(comm, ElementType.DOUBLE, shape).ghost(1).create();
        DistributedArray next = DistributedArray.builder(comm, ElementType.DOUBLE, shape).ghost(1).create();
        int[] start = u.globalStart(), local = u.localShape();
        double[] a = u.doubles();
        for (int i = 0; i < local[0]; i++)
            for (int j = 0; j < local[1]; j++)
                for (int k = 0; k < local[2]; k++) a[u.index(i, j, k)] = HeatField.initial(start[0] + i, start[1] + j, start[2] + k, shape);
        return new DistributedArray[] {u, next};
    }

    /** Seconds of one durable checkpoint of {@code u} into a new store at {@code dir} (open and close untimed). */
    static double syncCheckpoint(Comm comm, DistributedArray u, Path dir, CheckpointOptions o) throws IOException {
        try (CheckpointStore store = CheckpointStore.open(comm, dir, o)) {
            comm.barrier();
            long t0 = System.nanoTime();
            store.begin(1).put("u", u).attribute("time", 0.0).commit();
            comm.barrier();
            return (System.nanoTime() - t0) / 1e9;
        }
    }

    /** {@code steps} stencil steps with a checkpoint of the field every {@code every} steps as {@code loop} says; the store keeps the last one. */
    static LoopResult loop(Comm comm, DistributedArray[] f, int steps, int every, Loop loop, Path dir, CheckpointOptions o) throws IOException {
        DistributedArray u = f[0], next = f[1];
        int[] local = u.localShape();
        long blocked = 0;
        int written = 0;
        StagingReport staging;
        CheckpointOptions k = loop == Loop.ASYNC_BACKGROUND ? o.keepLast(1).async(AsyncMode.BACKGROUND) : o.keepLast(1);
        CheckpointStore store = loop == Loop.COMPUTE_ONLY ? null : CheckpointStore.open(comm, dir, k);
        if (loop.async()) store.reserveStaging(2 * u.localCount() * 8);  // two checkpoints' worth, before the loop, as a simulation would
        List<CompletableFuture<CheckpointInfo>> pending = new ArrayList<>();
        comm.barrier();
        long t0 = System.nanoTime();
        try {
            for (int s = 1; s <= steps; s++) {
                if (loop != Loop.IO_ONLY) {
                    u.exchangeGhosts();
                    HeatField.step(u.doubles(), next.doubles(), local);
                    DistributedArray t = u; u = next; next = t;
                }
                if (store == null || s % every != 0) continue;
                long c0 = System.nanoTime();
                var c = store.begin(s).put("u", u).attribute("time", (double) s);
                if (loop.async()) pending.add(c.commitAsync());
                else c.commit();
                blocked += System.nanoTime() - c0;
                written++;
            }
            for (CompletableFuture<CheckpointInfo> p : pending) p.join();
            staging = store == null ? null : store.staging();
        } finally {
            if (store != null) store.close();
        }
        comm.barrier();
        double seconds = (System.nanoTime() - t0) / 1e9;
        f[0] = u;
        f[1] = next;
        long cpu = comm.allreduce(staging == null ? 0 : staging.writerCpuNanos(), Comm.Op.SUM), user = comm.allreduce(staging == null ? 0 : staging.writerUserNanos(), Comm.Op.SUM);
        return new LoopResult(loop, seconds, comm.allreduce(blocked, Comm.Op.MAX) / 1e9, written, staging, cpu / 1e9, user / 1e9);
    }
}
