package org.jpio.checkpoint;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.Comm;

/**
 * One rank's background writer of asynchronous checkpoints: a thread of its own that runs commits one after
 * another, in the order they were asked for, on a duplicate of the store's communicator (MPI_Comm_dup), so
 * its collectives never meet those the caller's thread runs meanwhile. With MPI processes this needs
 * MPI_THREAD_MULTIPLE, which jpio asks for when it initialises MPI.
 */
final class AsyncWriter {
    /** A commit to run on the writer's communicator. */
    interface Job { CheckpointInfo run(Comm comm) throws IOException; }

    private final Comm comm;
    private final ExecutorService thread;
    /**
     * CPU time the writer thread spent in jobs, all and user (the rest is the kernel's: copies into the page
     * cache, syncs), with that of the helper threads preparing its chunks ahead ({@link ChunkPipeline}).
     */
    private final java.util.concurrent.atomic.AtomicLong cpuNanos = new java.util.concurrent.atomic.AtomicLong(), userNanos = new java.util.concurrent.atomic.AtomicLong();

    /** Collective over {@code parent}: duplicates it. */
    AsyncWriter(Comm parent) {
        this.comm = parent.dup();
        int rank = parent.rank();
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jpio-checkpoint-writer-rank-" + rank);
            t.setDaemon(true);
            return t;
        });
    }

    CompletableFuture<CheckpointInfo> submit(Job job) {
        CompletableFuture<CheckpointInfo> f = new CompletableFuture<>();
        thread.execute(() -> {
            long[] t0 = ChunkPipeline.threadCpu(), h0 = ChunkPipeline.helperCpu();
            try {
                f.complete(job.run(comm));
            } catch (Throwable t) {
                f.completeExceptionally(t);
            } finally {                                 // with the CPU of the helpers that packed and checksummed its chunks ahead
                long[] t1 = ChunkPipeline.threadCpu(), h1 = ChunkPipeline.helperCpu();
                cpuNanos.addAndGet(t1[0] - t0[0] + h1[0] - h0[0]);
                userNanos.addAndGet(t1[1] - t0[1] + h1[1] - h0[1]);
            }
        });
        return f;
    }

    /** {cpu, user} nanoseconds of the writer thread in the jobs so far (-1 each where the JVM cannot measure thread CPU time). */
    long[] cpu() { return new long[] {cpuNanos.get(), userNanos.get()}; }

    /** After every job: frees the duplicate (collective among the ranks' writers) and ends the thread. */
    void close() throws IOException {
        CompletableFuture<Void> done = new CompletableFuture<>();
        thread.execute(() -> {
            try {
                comm.close();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        thread.shutdown();
        try {
            done.join();
            if (!thread.awaitTermination(1, TimeUnit.MINUTES)) throw new IOException("checkpoint writer thread did not end");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while closing the checkpoint writer");
        }
    }
}
