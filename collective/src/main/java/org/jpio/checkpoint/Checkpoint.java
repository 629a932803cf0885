package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;

/**
 * A checkpoint being made ({@link CheckpointStore#begin}): name its arrays and attributes, then commit it,
 * synchronously or in the background. {@code put} and {@code attribute} only record (no byte moves until a
 * commit, and every rank must give the same names, arrays and values, which the commit checks); the
 * arrays are read when the commit writes them, so a synchronous commit wants them unchanged until it
 * returns, an asynchronous one copies them first ({@link #commitAsync}) unless told they stay unchanged
 * ({@link #commitAsyncWithoutCopy}).
 */
public final class Checkpoint {
    private final CheckpointStore store;
    private final long step;
    private final Path partial;
    private final Map<String, DistributedArray> arrays = new LinkedHashMap<>();
    private Attributes attributes = Attributes.NONE;
    private IllegalArgumentException refused;
    private boolean done;

    Checkpoint(CheckpointStore store, long step, Path partial) {
        this.store = store;
        this.step = step;
        this.partial = partial;
    }

    public long step() { return step; }

    /**
     * Names an array of the checkpoint: its owned elements (ghost cells excluded) go to a file of its own
     * in the store's format, or to dataset {@code /name} of the checkpoint's one file in a format that holds
     * several arrays (HDF5). Names are 1-200 letters, digits, '_', '-' or '.', not starting with '.'. A bad
     * name or array is reported by the commit, on every rank, before any byte moves.
     */
    public Checkpoint put(String name, DistributedArray array) {
        open();
        String problem = null;
        if (name == null || !name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}")) problem = "name=" + name + " must be 1-200 of [A-Za-z0-9_.-], not starting with '.'";
        else if (arrays.containsKey(name)) problem = "name=" + name + " is already in checkpoint step=" + step;
        else if (array == null) problem = "array " + name + " is null";
        else if (array.comm().size() != store.comm().size() || array.comm().rank() != store.comm().rank())
            problem = "array " + name + " is distributed over rank=" + array.comm().rank() + " of size=" + array.comm().size()
                    + ", the store's communicator is rank=" + store.comm().rank() + " of size=" + store.comm().size();
        if (problem != null) refuse(new IllegalArgumentException("checkpoint step=" + step + " put: " + problem + ": rank=" + store.comm().rank()));
        else arrays.put(name, array);
        return this;
    }

    public Checkpoint attribute(String name, long value) { return attribute(name, (Object) value); }

    public Checkpoint attribute(String name, double value) { return attribute(name, (Object) value); }

    public Checkpoint attribute(String name, String value) { return attribute(name, (Object) value); }

    public Checkpoint attribute(String name, boolean value) { return attribute(name, (Object) value); }

    private Checkpoint attribute(String name, Object value) {
        open();
        try {
            attributes = attributes.with(name, value);
        } catch (IllegalArgumentException e) {
            refuse(new IllegalArgumentException("checkpoint step=" + step + " attribute: " + e.getMessage() + ": rank=" + store.comm().rank(), e));
        }
        return this;
    }

    /** Keeps the first bad argument for the commit, which fails on every rank with it (one rank alone must not leave the others waiting). */
    private void refuse(IllegalArgumentException e) {
        if (refused == null) refused = e;
    }

    /**
     * Collective: writes every array and publishes the checkpoint, durably, before returning it. Waits first
     * for asynchronous commits in flight, so checkpoints are published in the order of their steps.
     */
    public CheckpointInfo commit() throws IOException {
        store.awaitInFlight();
        Plan plan = plan("commit");
        try {
            return Commit.run(store.comm(), store.state(), plan, new PackingSource(plan));
        } finally {
            store.done(this);
        }
    }

    /**
     * Collective: copies the arrays into staging memory (bounded by {@link CheckpointOptions#stagingBytes};
     * past the bound it copies as the background writes) and returns while the background writer writes,
     * checksums, syncs and publishes them. The arrays may change as soon as this returns. The future
     * completes with the published checkpoint, or with the failure every rank saw. A crash before it
     * completes leaves the previous checkpoint the latest.
     */
    public CompletableFuture<CheckpointInfo> commitAsync() throws IOException { return async("commitAsync", true); }

    /**
     * Collective: like {@link #commitAsync} without the copy: the background writer reads the arrays
     * themselves, so the caller promises not to change them until the future completes.
     */
    public CompletableFuture<CheckpointInfo> commitAsyncWithoutCopy() throws IOException { return async("commitAsyncWithoutCopy", false); }

    private CompletableFuture<CheckpointInfo> async(String op, boolean copy) throws IOException {
        Comm comm = store.comm();
        if (store.asyncChoice().inline()) return inline(op);
        String why = comm instanceof MpiComm && !MpiComm.threadMultiple()
                ? "asynchronous checkpoints need MPI_THREAD_MULTIPLE (a second thread runs collectives); MPI provided thread level " + MpiComm.threadLevel()
                : null;
        comm.agreeOnArguments("checkpoint step=" + step + " " + op, why == null ? null : new IllegalStateException(why + ": rank=" + comm.rank()));
        Plan plan = plan(op);
        try {
            AsyncWriter w = store.writer();
            CompletableFuture<CheckpointInfo> f;
            StoreState st = store.state();
            if (copy) {
                StagedSource src = new StagedSource(plan, store.pool());
                f = w.submit(c -> Commit.run(c, st, plan, src));
                store.track(f);
                src.stage();
            } else {
                f = w.submit(c -> Commit.run(c, st, plan, new PackingSource(plan)));
                store.track(f);
            }
            return f.thenApply(Function.identity()); // the caller's copy: cancelling it cannot stop a collective write
        } finally {
            store.done(this);
        }
    }

    /**
     * The commit of {@code commitAsync} on the caller's thread and communicator ({@link AsyncMode#INLINE}):
     * from the arrays themselves, as {@link #commit}, but with the outcome in the returned future, as a
     * background commit's (an argument error is still thrown before any byte moves).
     */
    private CompletableFuture<CheckpointInfo> inline(String op) {
        store.awaitInFlight();
        Plan plan = plan(op);
        CompletableFuture<CheckpointInfo> f;
        try {
            f = CompletableFuture.completedFuture(Commit.run(store.comm(), store.state(), plan, new PackingSource(plan)));
        } catch (IOException | RuntimeException e) { // every rank saw it (Commit agrees on each step): the future's, as in the background
            f = CompletableFuture.failedFuture(e);
        } finally {
            store.done(this);
        }
        store.track(f);
        return f.thenApply(Function.identity());
    }

    /** Collective: drops the checkpoint (its unpublished directory is removed). */
    public void abort() throws IOException {
        if (done) return;
        done = true;
        store.done(this);
        Comm comm = store.comm();
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                Durable.deleteTree(partial);
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree("abort checkpoint step=" + step + " path=" + partial, failed);
    }

    /**
     * The commit's plan, agreed on by every rank before any byte moves: the same step, array names and
     * descriptions, attributes; the number of collective writes per array is the largest rank's.
     */
    private Plan plan(String op) {
        open();
        done = true;
        Comm comm = store.comm();
        String where = "checkpoint step=" + step + " " + op + " dir=" + store.dir();
        List<String> same = new ArrayList<>(List.of("step", Long.toString(step), "attributes", Manifest.attributesText(attributes), "arrays", String.join(",", arrays.keySet())));
        for (Map.Entry<String, DistributedArray> e : arrays.entrySet()) {
            same.add("array " + e.getKey());
            same.add(describe(e.getValue()));
        }
        boolean shared = store.options().format().holdsSeveral();
        if (shared && attributes.has("step") && !Long.valueOf(step).equals(attributes.asMap().get("step")))
            refuse(new IllegalArgumentException("checkpoint step=" + step + " attribute step=" + attributes.asMap().get("step") + ": in a "
                    + store.options().format().name() + " checkpoint the file's attribute step is the checkpoint's step; give it no other value: rank=" + comm.rank()));
        try {
            comm.agreeOnArguments(where, refused);
            comm.requireSame(where, same.toArray(new String[0]));
        } catch (RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
        int chunk = store.options().chunkBytes();
        long[] chunks = new long[arrays.size()], rounds = new long[arrays.size()];
        int k = 0;
        for (DistributedArray a : arrays.values()) {
            int per = Math.max(1, chunk / a.elementType().size());
            chunks[k++] = (a.localCount() + per - 1) / per;
        }
        comm.allreduce(chunks, rounds, chunks.length, Comm.Op.MAX);
        List<Plan.Item> items = new ArrayList<>();
        k = 0;
        String ext = store.options().format().extensions().get(0);
        for (Map.Entry<String, DistributedArray> e : arrays.entrySet()) {
            DistributedArray a = e.getValue();
            int per = Math.max(1, chunk / a.elementType().size());
            // one file of datasets (HDF5): checkpoint.h5 holds /<name> for each array; otherwise a file per array
            items.add(shared ? new Plan.Item(e.getKey(), SharedFiles.NAME + ext, "/" + e.getKey(), a, per, (int) chunks[k], rounds[k])
                    : new Plan.Item(e.getKey(), e.getKey() + ext, "", a, per, (int) chunks[k], rounds[k]));
            k++;
        }
        return new Plan(step, partial, items, attributes);
    }

    /** After a disagreement: rank 0 removes the unpublished directory (every rank throws the disagreement). */
    private void abortQuietly(RuntimeException e) {
        store.done(this);
        if (store.comm().rank() == 0) Commit.discard(partial, e);
    }

    private static String describe(DistributedArray a) {
        return a.elementType() + " shape=" + Arrays.toString(a.globalShape()) + " grid=" + Arrays.toString(a.processGrid())
                + " distribution=" + Arrays.toString(a.distribution()) + " ghost=" + a.ghost();
    }

    private void open() {
        if (done) throw new IllegalStateException("checkpoint step=" + step + " is already committed or aborted");
    }
}
