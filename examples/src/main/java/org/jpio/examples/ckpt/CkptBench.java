package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
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
import org.jpio.parallel.Hints;

/**
 * The measurements of {@code jpio bench ckpt}, collective over the ranks: one durable synchronous checkpoint
 * of the heat demo's field, and the demo's stencil loop with a checkpoint every K steps in several variants
 * ({@link Loop}). Times are rank 0's, between barriers; blocked times the largest of any rank; machine CPU
 * is rank 0's host's ({@link HostCpu}).
 */
final class CkptBench {
    private CkptBench() { }

    /**
     * The loop's variants. The asynchronous ones after ASYNC are forced into the background: the issue's
     * targets are about a writer beside the loop. STAGED_WHOLE stages with a bound of two checkpoints of the
     * rank's block (no wait for room); NO_COPY uses {@code commitAsyncWithoutCopy} and keeps its promise by
     * setting the checkpointed array aside, the stencil writing the others meanwhile (two may be set aside); the _DIRECT ones
     * write with O_DIRECT (hint direct_write), IO_ONLY_DIRECT being their checkpoints alone.
     */
    enum Loop { COMPUTE_ONLY, IO_ONLY, SYNC, ASYNC, ASYNC_BACKGROUND, STAGED_WHOLE, NO_COPY, IO_ONLY_DIRECT, NO_COPY_DIRECT;
        boolean async() { return this != COMPUTE_ONLY && this != IO_ONLY && this != SYNC && this != IO_ONLY_DIRECT; }
        boolean computes() { return this != IO_ONLY && this != IO_ONLY_DIRECT; }
        boolean copies() { return this == ASYNC || this == ASYNC_BACKGROUND || this == STAGED_WHOLE; }
        boolean direct() { return this == IO_ONLY_DIRECT || this == NO_COPY_DIRECT; }
        String row() { return "loop-" + name().toLowerCase(java.util.Locale.ROOT); }
    }

    /**
     * One loop run: wall time, time the loop was blocked by checkpoint calls (and, for NO_COPY, by waiting for
     * the previous checkpoint before setting another array aside), per checkpoint, checkpoints, the staging
     * memory and where async commits ran (null without a store), the background writers' CPU (all ranks), the
     * largest rank's copy into staging, wait for staging room and wait for the previous checkpoint, and the
     * host's busy CPU seconds during the loop (NaN where unknown), the tail (rank 0's time from the end of its last step, and
     * of the checkpoint call that follows it, to the end: the wait for the last checkpoint, which no step overlaps), and what
     * the scheduler did to rank 0's thread meanwhile.
     */
    record LoopResult(Loop loop, double seconds, double blockedSeconds, double[] blockedPerCheckpoint, int checkpoints, StagingReport staging,
                      double writerCpuSeconds, double writerUserSeconds, double copySeconds, double roomSeconds, double previousSeconds, double hostCpuSeconds,
                      double tailSeconds, ThreadSched sched) {
        /** Blocked time not in the copy, the waits for room or for the previous checkpoint: the agreement, begin's directory, the first call's writer. */
        double restSeconds() { return Math.max(0, blockedSeconds - copySeconds - roomSeconds - previousSeconds); }
    }

    /** The demo's field (ghost width 1, BLOCK on MPI_Dims_create's grid) with its initial values, and its stencil partner. */
    static DistributedArray[] field(Comm comm, int[] shape) {
        DistributedArray u = like(comm, shape), next = like(comm, shape);
        int[] start = u.globalStart(), local = u.localShape();
        double[] a = u.doubles();
        for (int i = 0; i < local[0]; i++)
            for (int j = 0; j < local[1]; j++)
                for (int k = 0; k < local[2]; k++) a[u.index(i, j, k)] = HeatField.initial(start[0] + i, start[1] + j, start[2] + k, shape);
        return new DistributedArray[] {u, next};
    }

    /** An array of the field's shape and distribution (zeroed). */
    static DistributedArray like(Comm comm, int[] shape) {
        return DistributedArray.builder(comm, ElementType.DOUBLE, shape).ghost(1).create();
    }

    /**
     * Untimed stencil steps before the loops: the first loop would otherwise carry the stencil's JIT
     * compilation (interpreted, then on-stack-replaced, then profiled code), and it is the loop without
     * checkpoints that every ratio and floor is taken against.
     */
    static void warmStencil(Comm comm, DistributedArray[] f, int steps) {
        int[] local = f[0].localShape();
        for (int s = 0; s < steps; s++) {
            f[0].exchangeGhosts();
            HeatField.step(f[0].doubles(), f[1].doubles(), local);
            DistributedArray t = f[0]; f[0] = f[1]; f[1] = t;
        }
        comm.barrier();
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

    /** The options of {@code loop}: keep the last checkpoint; forced background, a whole-checkpoint staging bound or O_DIRECT as the variant says. */
    static CheckpointOptions options(Comm comm, Loop loop, CheckpointOptions o, DistributedArray u) {
        CheckpointOptions k = o.keepLast(1);
        if (loop.async() && loop != Loop.ASYNC) k = k.async(AsyncMode.BACKGROUND);
        if (loop == Loop.STAGED_WHOLE) {                          // two checkpoints of the largest block in whole pieces (the bench keeps the default chunk): the same bound on every rank
            long chunk = CheckpointOptions.DEFAULT_CHUNK_BYTES, block = 8 * comm.allreduce(u.localCount(), Comm.Op.MAX);
            k = k.stagingBytes(Math.max(o.stagingBytes(), 2 * chunk * ((block + chunk - 1) / chunk)));
        }
        if (loop.direct()) k = k.hints(o.hints().with(Hints.DIRECT_WRITE, "true"));
        return k;
    }

    /**
     * {@code steps} stencil steps with a checkpoint of the field every {@code every} steps as {@code loop} says;
     * the store keeps the last one. {@code f} holds the field, its stencil partner and the arrays NO_COPY sets
     * aside (two: two checkpoints in flight, as the staging of two checkpoints allows; null when no such loop
     * runs); it is left holding the field first.
     */
    static LoopResult loop(Comm comm, DistributedArray[] f, int steps, int every, Loop loop, Path dir, CheckpointOptions o) throws IOException {
        DistributedArray[] bufs = f.clone();
        int cur = 0;                                               // the array the stencil reads
        ArrayDeque<Integer> held = new ArrayDeque<>();             // arrays set aside for checkpoints without copy, oldest first, and their commits
        ArrayDeque<CompletableFuture<CheckpointInfo>> writing = new ArrayDeque<>();
        boolean noCopy = loop == Loop.NO_COPY || loop == Loop.NO_COPY_DIRECT;
        int[] local = f[0].localShape();
        long blocked = 0, previous = 0;
        List<Long> per = new ArrayList<>();
        StagingReport staging;
        CheckpointStore store = loop == Loop.COMPUTE_ONLY ? null : CheckpointStore.open(comm, dir, options(comm, loop, o, f[0]));
        if (loop.async()) store.reserveStaging(2 * f[0].localCount() * 8);  // before the loop, as a simulation would (up to the bound)
        List<CompletableFuture<CheckpointInfo>> pending = new ArrayList<>();
        comm.barrier();
        double cpu0 = comm.rank() == 0 ? HostCpu.busySeconds() : 0;
        ThreadSched sched0 = comm.rank() == 0 ? ThreadSched.now() : ThreadSched.UNKNOWN;
        long t0 = System.nanoTime(), tLast;
        try {
            for (int s = 1; s <= steps; s++) {
                if (loop.computes()) {
                    while (!writing.isEmpty() && writing.peek().isDone()) { // a written array is free again
                        writing.poll();
                        held.poll();
                    }
                    int to = target(bufs, cur, held);
                    bufs[cur].exchangeGhosts();                    // ghost cells only: a checkpoint reads the owned elements
                    HeatField.step(bufs[cur].doubles(), bufs[to].doubles(), local);
                    cur = to;
                }
                if (store == null || s % every != 0) continue;
                long c0 = System.nanoTime();
                if (noCopy && held.size() >= bufs.length - 2) {   // no array left to set aside: wait for the oldest checkpoint
                    writing.poll().join();
                    held.poll();
                    previous += System.nanoTime() - c0;
                }
                var c = store.begin(s).put("u", bufs[cur]).attribute("time", (double) s);
                if (noCopy) {
                    CompletableFuture<CheckpointInfo> w = c.commitAsyncWithoutCopy();
                    pending.add(w);
                    writing.add(w);
                    held.add(cur);
                } else if (loop.async()) pending.add(c.commitAsync());
                else c.commit();
                long b = System.nanoTime() - c0;
                blocked += b;
                per.add(b);
            }
            tLast = System.nanoTime();
            for (CompletableFuture<CheckpointInfo> p : pending) p.join();
            staging = store == null ? null : store.staging();
        } finally {
            if (store != null) store.close();
        }
        comm.barrier();
        long t1 = System.nanoTime();
        double seconds = (t1 - t0) / 1e9;
        double hostCpu = comm.rank() == 0 ? HostCpu.busySeconds() - cpu0 : 0;
        ThreadSched sched = comm.rank() == 0 ? ThreadSched.now().since(sched0) : ThreadSched.UNKNOWN;
        int k = 0;
        f[k++] = bufs[cur];                                        // the field first, then the others (nulls last)
        for (int i = 0; i < bufs.length; i++) if (i != cur && bufs[i] != null) f[k++] = bufs[i];
        while (k < f.length) f[k++] = null;
        long[] mine = per.stream().mapToLong(Long::longValue).toArray(), perMax = new long[mine.length];
        comm.allreduce(mine, perMax, mine.length, Comm.Op.MAX);
        double[] perSeconds = java.util.Arrays.stream(perMax).mapToDouble(x -> x / 1e9).toArray();
        long wcpu = comm.allreduce(staging == null ? 0 : staging.writerCpuNanos(), Comm.Op.SUM), user = comm.allreduce(staging == null ? 0 : staging.writerUserNanos(), Comm.Op.SUM);
        long copy = comm.allreduce(staging == null ? 0 : staging.copyNanos(), Comm.Op.MAX), room = comm.allreduce(staging == null ? 0 : staging.waitedNanos(), Comm.Op.MAX);
        return new LoopResult(loop, seconds, comm.allreduce(blocked, Comm.Op.MAX) / 1e9, perSeconds, per.size(), staging, wcpu / 1e9, user / 1e9,
                copy / 1e9, room / 1e9, comm.allreduce(previous, Comm.Op.MAX) / 1e9, hostCpu, (t1 - tLast) / 1e9, sched);
    }

    /** The array the next step writes: the first that is neither read nor set aside (the first two when none is set aside). */
    private static int target(DistributedArray[] bufs, int cur, ArrayDeque<Integer> held) {
        for (int i = 0; i < bufs.length; i++) if (bufs[i] != null && i != cur && !held.contains(i)) return i;
        throw new IllegalStateException("no array to write: cur=" + cur + " held=" + held);
    }
}
