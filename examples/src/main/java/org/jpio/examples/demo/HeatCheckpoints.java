package org.jpio.examples.demo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jpio.array.DistributedArray;
import org.jpio.checkpoint.AsyncMode;
import org.jpio.checkpoint.CheckpointInfo;
import org.jpio.checkpoint.CheckpointOptions;
import org.jpio.checkpoint.CheckpointStore;
import org.jpio.checkpoint.Restart;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;

/**
 * The heat demo's checkpoints ({@code --checkpoint-dir DIR --checkpoint-every K [--async[=MODE]] [--format h5]},
 * {@code --restart DIR}): the field and its step go to a {@link CheckpointStore} every K steps, and a run
 * given {@code --restart} reads the latest valid checkpoint (on however many ranks it has) and goes on from
 * its step. The stencil evaluates every cell the same way whatever the decomposition, so a restarted run
 * ends with the field of a run never interrupted, bit for bit.
 */
final class HeatCheckpoints implements AutoCloseable {
    /**
     * What to do: write every {@code every} steps into {@code dir} (0: never), asynchronously where {@code async}
     * says (null: synchronously; else the store's {@link AsyncMode}), and
     * restart from the latest valid checkpoint of {@code restartFrom} (null: start at step 0). With both
     * directories given and equal, the run restarts from the directory it goes on writing. Checkpoints are
     * written in {@code format} (the demo's --format: .npy files, or one HDF5 file per checkpoint); a restart
     * reads whichever format the checkpoint's manifest names.
     */
    record Plan(Path dir, int every, AsyncMode async, Path restartFrom, ArrayFormat format) {
        static final Plan NONE = new Plan(null, 0, null, null);

        Plan(Path dir, int every, AsyncMode async, Path restartFrom) { this(dir, every, async, restartFrom, ArrayFormats.NPY); }

        Plan {
            if (format == null) throw new IllegalArgumentException("checkpoint format must not be null");
            if (every < 0) throw new IllegalArgumentException("--checkpoint-every=" + every + " must be >= 0");
            if (every > 0 && dir == null) throw new IllegalArgumentException("--checkpoint-every needs --checkpoint-dir (or --restart DIR)");
            if (async != null && every == 0) throw new IllegalArgumentException("--async needs --checkpoint-every");
        }
    }

    private final Comm comm;
    private final Plan plan;
    private final PrintStream out;
    private final CheckpointStore writer;
    private final List<CompletableFuture<CheckpointInfo>> pending = new ArrayList<>();
    private long blockedNanos;
    private int written;

    private HeatCheckpoints(Comm comm, Plan plan, PrintStream out, CheckpointStore writer) {
        this.comm = comm;
        this.plan = plan;
        this.out = out;
        this.writer = writer;
    }

    static HeatCheckpoints open(Comm comm, Plan plan, PrintStream out) throws IOException {
        return new HeatCheckpoints(comm, plan, out, plan.every() > 0
                ? CheckpointStore.open(comm, plan.dir(), CheckpointOptions.defaults().format(plan.format())
                        .async(plan.async() != null ? plan.async() : AsyncMode.AUTOMATIC)) : null);
    }

    /** The step to start from: 0, or that of the latest valid checkpoint of the restart directory, whose field is read into {@code u}. */
    int resume(DistributedArray u, int steps) throws IOException {
        if (plan.restartFrom() == null) return 0;
        boolean same = writer != null && plan.restartFrom().toAbsolutePath().normalize().equals(writer.dir());
        CheckpointStore from = same ? writer : CheckpointStore.open(comm, plan.restartFrom(), CheckpointOptions.defaults().readOnly());
        try {
            Restart r = from.restart();
            if (r.attributes().getDouble("alpha") != HeatField.ALPHA)
                throw new IllegalArgumentException("checkpoint " + r.path() + " is of a run with alpha=" + r.attributes().getDouble("alpha") + ", not " + HeatField.ALPHA);
            if (r.step() > steps)
                throw new IllegalArgumentException("checkpoint " + r.path() + " is of step " + r.step() + ", past --steps=" + steps + " (steps count from 0)");
            r.read("u", u);
            out.printf("resumed from step %d of %s (written by %d ranks), on %d ranks%n", r.step(), r.path(), r.manifest().writer().ranks(), comm.size());
            return Math.toIntExact(r.step());
        } finally {
            if (!same) from.close();
        }
    }

    /** After step {@code step} (1-based count of steps done): a checkpoint of {@code u} when the plan asks for one. */
    void after(int step, DistributedArray u) throws IOException {
        if (writer == null || step % plan.every() != 0) return;
        long t0 = System.nanoTime();
        var c = writer.begin(step).put("u", u).attribute("time", (double) step).attribute("alpha", HeatField.ALPHA);
        if (plan.async() != null) pending.add(c.commitAsync());
        else c.commit();
        blockedNanos += System.nanoTime() - t0;
        written++;
    }

    /** Waits for the checkpoints in flight and reports them. */
    @Override public void close() throws IOException {
        if (writer == null) return;
        try {
            for (CompletableFuture<CheckpointInfo> f : pending) f.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for checkpoints");
        } finally {
            writer.close();
        }
        out.printf("%d checkpoint(s) %s into %s (%s); the loop was blocked %.3f s by them%s%n", written, plan.async() != null ? "committed asynchronously" : "committed",
                writer.dir(), plan.format().name(), blockedNanos / 1e9, plan.async() != null ? "; " + writer.staging() : "");
    }
}
