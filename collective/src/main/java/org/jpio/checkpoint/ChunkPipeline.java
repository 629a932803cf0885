package org.jpio.checkpoint;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The CPU side of one array's chunks, one chunk ahead of its writes (double buffering): the chunk a round
 * writes is taken from the {@link ChunkSource} (packed from the array, or from staging) and added to the
 * checksums; while the commit's thread writes chunk r, a helper thread prepares chunk r + 1. So a commit
 * costs about max(pack + CRC32C, write) per chunk instead of their sum. Chunk 0 is prepared on the commit's
 * thread (no write to overlap yet), and no chunk is prepared before the one ahead of it is done, so the
 * checksums see the chunks in file order, one thread at a time, as before. At most two chunks are held:
 * the one being written and the one prepared.
 *
 * <p>{@link #close} waits for a chunk still being prepared and releases it: after a failure (the commit's
 * collective agreement throws on every rank) the source is left to {@link ChunkSource#drain} alone.
 */
final class ChunkPipeline implements AutoCloseable {
    /** Adds a chunk's bytes to the checksums (FileSums.addViewBytes at the chunk's file positions). */
    interface Checksum { void add(ChunkSource.Chunk c); }

    /** The helper threads: one per commit preparing a chunk at a time, idle ones end after a minute. */
    private static final ExecutorService HELPERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "jpio-checkpoint-packer");
        t.setDaemon(true);
        return t;
    });

    /**
     * System property {@value}: {@code false} prepares each chunk on the commit's thread just before its
     * write, as the writer did before the pipeline, for measuring one against the other (read by each array's
     * write, so a benchmark may switch it between commits). Default: prepared ahead.
     */
    static final String OVERLAP_PROPERTY = "jpio.checkpoint.overlap";

    /** The helpers' CPU time {all, user} in nanoseconds, per thread that ran the commits: the background writer reports it as its own. */
    private static final ThreadLocal<AtomicLongArray> HELPER_CPU = ThreadLocal.withInitial(() -> new AtomicLongArray(2));

    private final ChunkSource source;
    private final int item;
    private final long rounds;
    private final Checksum checksum;
    private final String what;
    private final AtomicLongArray helperCpu = HELPER_CPU.get();
    private final boolean overlap = !"false".equals(System.getProperty(OVERLAP_PROPERTY));
    private Future<ChunkSource.Chunk> ahead;
    private long next;

    /** Chunks {@code 0..rounds-1} of array {@code item} of the plan from {@code source}; {@code what} names the write in errors. */
    ChunkPipeline(ChunkSource source, int item, long rounds, Checksum checksum, String what) {
        this.source = source;
        this.item = item;
        this.rounds = rounds;
        this.checksum = checksum;
        this.what = what;
    }

    /**
     * Chunk {@code round} (0, 1, ... in order), taken and checksummed; before returning, starts preparing
     * the next one on a helper thread. The caller releases the chunk once it is written.
     */
    ChunkSource.Chunk take(long round) throws IOException {
        if (round != next) throw new IllegalStateException("chunk round=" + round + " asked for, round=" + next + " is next: " + what);
        ChunkSource.Chunk c;
        if (ahead == null) c = prepare(round);          // chunk 0, or every chunk without overlap
        else {
            Future<ChunkSource.Chunk> f = ahead;
            ahead = null;
            c = await(f, round);
        }
        next = round + 1;
        if (next < rounds && overlap) {
            long r = next;
            ahead = HELPERS.submit(() -> timed(r));
        }
        return c;
    }

    /** {@link #prepare} on a helper, its CPU time added to the commit thread's account. */
    private ChunkSource.Chunk timed(long round) throws IOException {
        long[] t0 = threadCpu();
        try {
            return prepare(round);
        } finally {
            long[] t1 = threadCpu();
            helperCpu.addAndGet(0, t1[0] - t0[0]);
            helperCpu.addAndGet(1, t1[1] - t0[1]);
        }
    }

    /** The calling thread's CPU time {all, user} in nanoseconds (-1 each where the JVM cannot measure it). */
    static long[] threadCpu() {
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        return new long[] {tm.getCurrentThreadCpuTime(), tm.getCurrentThreadUserTime()};
    }

    /**
     * CPU time {all, user} (nanoseconds) that helpers spent so far preparing chunks of commits run by the
     * calling thread; complete for every commit that returned (a pipeline waits for its helper).
     */
    static long[] helperCpu() {
        AtomicLongArray a = HELPER_CPU.get();
        return new long[] {a.get(0), a.get(1)};
    }

    /** Takes chunk {@code round} and checksums it; a chunk whose checksum failed is released. */
    private ChunkSource.Chunk prepare(long round) throws IOException {
        ChunkSource.Chunk c = source.take(item, round);
        try {
            checksum.add(c);
        } catch (RuntimeException | Error e) {
            source.release(c);
            throw e;
        }
        return c;
    }

    private ChunkSource.Chunk await(Future<ChunkSource.Chunk> f, long round) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ahead = f;                                      // close() still waits for it
            throw new InterruptedIOException("interrupted while waiting for chunk round=" + round + " of " + what);
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof IOException io) throw io;
            if (t instanceof RuntimeException r) throw r;
            if (t instanceof Error err) throw err;
            throw new IOException("preparing chunk round=" + round + " of " + what + " failed: " + t, t);
        }
    }

    /** Waits for a chunk still being prepared (the helper then touches neither source nor checksums) and releases it. */
    @Override public void close() {
        Future<ChunkSource.Chunk> f = ahead;
        ahead = null;
        if (f == null) return;
        boolean interrupted = false;
        while (true) {
            try {
                source.release(f.get());
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {               // the commit fails already; this chunk was never to be written
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
