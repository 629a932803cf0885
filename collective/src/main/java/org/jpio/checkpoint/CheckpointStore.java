package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.jpio.comm.Comm;
import org.jpio.parallel.Hints;

/**
 * Checkpoints of distributed arrays in one directory, collectively over a communicator: atomic (a
 * checkpoint is written under a name no reader takes, made durable and published by one rename), verified
 * (CRC32C of every file block, checked on restart), asynchronous on request, restartable on any number of
 * ranks, keeping the last K.
 *
 * <pre>{@code
 * try (CheckpointStore store = CheckpointStore.open(comm, Path.of("ckpt"))) {
 *     store.begin(step).put("u", u).attribute("time", t).commit();        // or commitAsync()
 * }
 * try (CheckpointStore store = CheckpointStore.open(comm, Path.of("ckpt"))) {
 *     Restart r = store.restart();                                         // the latest valid checkpoint
 *     r.read("u", u);                                                      // any ranks, grid, distribution
 *     long step = r.step(); double t = r.attributes().getDouble("time");
 * }
 * }</pre>
 *
 * <p>Collective calls (every rank, same arguments): open, begin, the commits, restart, close. A writing
 * store holds the directory's writer lock on rank 0 and, when it opens, removes what writers that died left
 * unpublished. Bad arguments fail on every rank with a CollectiveException before any byte moves; I/O
 * failures reach every rank as a CollectiveIOException.
 */
public final class CheckpointStore implements AutoCloseable {
    private final Comm comm;
    private final StoreState state;
    private final WriterLock lock;
    private final AsyncChoice asyncChoice;
    private final List<CompletableFuture<CheckpointInfo>> inFlight = new ArrayList<>();
    private StagingPool pool;
    private AsyncWriter writer;
    private Checkpoint open;
    private long lastStep = -1;
    private boolean closed;

    private CheckpointStore(Comm comm, StoreState state, WriterLock lock, AsyncChoice asyncChoice) {
        this.comm = comm;
        this.state = state;
        this.lock = lock;
        this.asyncChoice = asyncChoice;
    }

    /** A writing store with the default options (NPY, keep all). */
    public static CheckpointStore open(Comm comm, Path dir) throws IOException {
        return open(comm, dir, CheckpointOptions.defaults());
    }

    /** Collective: opens (a writing store: creates, locks and cleans) the checkpoint directory {@code dir}. */
    public static CheckpointStore open(Comm comm, Path dir, CheckpointOptions options) throws IOException {
        if (comm == null) throw new IllegalArgumentException("open checkpoint store: comm is null: dir=" + dir);
        String op = "open checkpoint store dir=" + dir;
        comm.agreeOnArguments(op, dir == null || options == null ? new IllegalArgumentException(op + ": dir and options must not be null: rank=" + comm.rank()) : null);
        Path abs = dir.toAbsolutePath().normalize();
        List<String> same = new ArrayList<>(List.of("dir", abs.toString()));
        same.addAll(List.of(options.describe()));
        comm.requireSame(op, same.toArray(new String[0]));
        Hints hints;
        RuntimeException bad = null;
        try {
            hints = options.hints();
        } catch (IllegalArgumentException e) {
            hints = null;
            bad = e;
        }
        comm.agreeOnArguments(op, bad);
        Catalog catalog = Catalog.of(abs);
        WriterLock lock = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                if (options.isReadOnly()) {
                    if (!Files.isDirectory(abs)) throw new NoSuchFileException(abs.toString(), null, "no checkpoint directory");
                } else {
                    Files.createDirectories(abs);
                    lock = WriterLock.acquire(abs, comm.hostName());
                    catalog.removeLeftovers();
                }
            } catch (IOException | RuntimeException e) {
                failed = e;
                if (lock != null) {
                    try {
                        lock.close();
                    } catch (IOException x) {
                        e.addSuppressed(x);
                    }
                }
            }
        }
        comm.agree(op, failed);
        AsyncChoice async = AsyncChoice.decide(comm, options.asyncMode());
        return new CheckpointStore(comm, new StoreState(catalog, options, hints, comm.getClass().getSimpleName()), lock, async);
    }

    public Path dir() { return state.catalog.dir(); }

    public Comm comm() { return comm; }

    public CheckpointOptions options() { return state.options; }

    /**
     * Collective: starts the checkpoint of {@code step}, which must be later than every step this store began
     * or restarted from; its arrays and attributes are given to the result, which commits it.
     */
    public Checkpoint begin(long step) throws IOException {
        String op = "begin checkpoint step=" + step + " dir=" + dir();
        String why = null;
        if (closed) why = "the store is closed";
        else if (state.options.isReadOnly()) why = "the store was opened read-only";
        else if (open != null) why = "checkpoint step=" + open.step() + " was begun and is neither committed nor aborted";
        else if (step < 0 || step > Catalog.MAX_STEP) why = "step must be in 0.." + Catalog.MAX_STEP;
        else if (step <= lastStep) why = "step must be later than step=" + lastStep + " (begun or restarted from before)";
        comm.agreeOnArguments(op, why == null ? null : new IllegalArgumentException(op + ": " + why + ": rank=" + comm.rank()));
        comm.requireSame(op, "step", Long.toString(step));
        Path partial = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                partial = state.catalog.createPartial(step, comm.hostName());
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        partial = Path.of(new String(comm.shareFromRoot(op, 0, partial == null ? null : partial.toString().getBytes(StandardCharsets.UTF_8), failed), StandardCharsets.UTF_8));
        lastStep = step;
        return open = new Checkpoint(this, step, partial);
    }

    /** Collective: the latest valid checkpoint, restarted from (see {@link #restart(long)}). */
    public Restart restart() throws IOException { return restart(-1); }

    /**
     * Collective: opens the valid checkpoint of {@code step} (the latest valid one when negative) for reading.
     * A writing store's next commit then supersedes the checkpoints after it. An IOException on every rank
     * when there is none.
     */
    public Restart restart(long step) throws IOException {
        String op = "restart dir=" + dir() + (step >= 0 ? " step=" + step : " (latest valid checkpoint)");
        String why = closed ? "the store is closed" : open != null ? "checkpoint step=" + open.step() + " is begun and not committed" : null;
        comm.agreeOnArguments(op, why == null ? null : new IllegalArgumentException(op + ": " + why + ": rank=" + comm.rank()));
        comm.requireSame(op, "step", Long.toString(step));
        awaitInFlight();
        byte[] text = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                Optional<CheckpointInfo> c = step < 0 ? state.catalog.latestValid() : state.catalog.committed(step);
                if (c.isEmpty()) throw new NoSuchFileException(dir().toString(), null, step < 0 ? "no valid checkpoint" : "no committed checkpoint of step " + step);
                if (!c.get().valid()) throw new IOException("checkpoint is not valid: " + c.get());
                text = Files.readAllBytes(c.get().path().resolve(Manifest.FILE));
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        Manifest m = Manifest.parse(new String(comm.shareFromRoot(op, 0, text, failed), StandardCharsets.UTF_8), dir() + " step " + step);
        if (!state.options.isReadOnly()) {
            state.restarted(m.step());
            lastStep = m.step();
        }
        return new Restart(this, dir().resolve(Catalog.committedName(m.step())), m);
    }

    /** Collective: the step of the latest valid checkpoint, if any. */
    public OptionalLong latestStep() throws IOException {
        long[] s = {-1};
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                s[0] = state.catalog.latestValid().map(CheckpointInfo::step).orElse(-1L);
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree("latest checkpoint dir=" + dir(), failed);
        comm.bcast(s, 0, 1, 0);
        return s[0] < 0 ? OptionalLong.empty() : OptionalLong.of(s[0]);
    }

    /** Not collective: what the directory holds now, as this rank sees it. */
    public List<CheckpointInfo> list() throws IOException { return state.catalog.list(); }

    /**
     * Where this store's {@code commitAsync} runs, and why: decided when the store opened, from
     * {@link CheckpointOptions#async} (see {@link AsyncMode}); the same on every rank.
     */
    public AsyncChoice asyncChoice() { return asyncChoice; }

    /** The staging memory of this rank's asynchronous checkpoints (nothing before the first one; never any inline), and where they run. */
    public StagingReport staging() {
        synchronized (this) {
            long[] cpu = writer == null ? new long[2] : writer.cpu();
            return pool == null ? new StagingReport(state.options.stagingBytes(), state.options.chunkBytes(), 0, 0, 0, 0, 0, asyncChoice, cpu[0], cpu[1]) : pool.report(asyncChoice, cpu);
        }
    }

    /**
     * Not collective: allocates this rank's staging memory for asynchronous checkpoints now, up to
     * {@code bytes} (at most the bound), instead of during the first {@code commitAsync}: a simulation calls
     * it before its time loop so that the loop never pays for mapping the memory.
     */
    public StagingReport reserveStaging(long bytes) {
        if (bytes < 0) throw new IllegalArgumentException("reserveStaging: bytes=" + bytes + " must be >= 0");
        if (asyncChoice.inline()) return staging();          // inline commits stage nothing: no memory to map
        pool().reserve(bytes);
        return staging();
    }

    /**
     * Collective: waits for the asynchronous checkpoints in flight, removes a begun checkpoint never
     * committed, ends the background writer and releases the directory. Throws the first failure of an
     * asynchronous checkpoint (its future has it too), so one that nobody looked at is not lost.
     */
    @Override public void close() throws IOException {
        if (closed) return;
        Throwable async = awaitInFlight();
        if (open != null) open.abort();
        closed = true;
        if (writer != null) writer.close();
        comm.barrier();                                   // every rank is done with the directory before the lock goes
        Throwable failed = null;
        if (lock != null) {
            try {
                lock.close();
            } catch (IOException e) {
                failed = e;
            }
        }
        comm.agree("close checkpoint store dir=" + dir(), failed);
        if (async instanceof IOException e) throw e;
        if (async != null) throw new IOException("an asynchronous checkpoint failed: " + async, async);
    }

    // ---- for Checkpoint and Restart -------------------------------------------------------------------

    StoreState state() { return state; }

    void done(Checkpoint c) { if (open == c) open = null; }

    /** Waits for every asynchronous commit; returns the first failure (each future reports its own). */
    Throwable awaitInFlight() {
        Throwable first = null;
        List<CompletableFuture<CheckpointInfo>> all;
        synchronized (this) {
            all = new ArrayList<>(inFlight);
            inFlight.clear();
        }
        for (CompletableFuture<CheckpointInfo> f : all) {
            try {
                f.join();
            } catch (CompletionException e) {
                if (first == null) first = e.getCause();
            }
        }
        return first;
    }

    /** Collective on first use: the background writer and its duplicate communicator, and the staging memory. */
    synchronized AsyncWriter writer() {
        if (writer == null) writer = new AsyncWriter(comm);
        return writer;
    }

    synchronized StagingPool pool() {
        if (pool == null) pool = new StagingPool(state.options.stagingBytes(), state.options.chunkBytes());
        return pool;
    }

    synchronized void track(CompletableFuture<CheckpointInfo> f) { inFlight.add(f); }
}
