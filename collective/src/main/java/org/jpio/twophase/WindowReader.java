package org.jpio.twophase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jpio.file.ArrayFile;

/**
 * A two-phase aggregator's reads of its windows: window c goes into buffer {@code c & 1} on a background
 * thread, started while the window before it is still being handed out. A window is read whole (up to the
 * end of file), as data sieving would, since who wants which bytes of it is not known when the read starts.
 *
 * <p>A window that holds only the aggregator's own data, as one gap-free run that no other rank's extent
 * reaches, is read straight into the aggregator's array instead, without the buffer and the copy out of it
 * ({@link #straight}). The aggregator's runs are walked one window ahead for that ({@code ahead}).
 */
final class WindowReader implements AutoCloseable {
    private final ArrayFile file;
    private final Plan plan;
    private final int me;
    private final int myAgg;
    private final int esz;
    private final ByteBuffer[] buffers;
    private final Clip ahead;
    private final Object array;
    private final int index;
    private final long size;
    /** Started at the first read that can overlap with handing out a window: a call of one window starts none. */
    private ExecutorService thread;
    @SuppressWarnings("unchecked") private final Future<Long>[] reads = new Future[2];
    private final boolean[] straight = new boolean[2];

    /** {@code size}: the file's size, where every window's read stops; {@code ahead}: null when this rank moves no data. */
    WindowReader(ArrayFile file, Plan plan, int me, int esz, ByteBuffer[] buffers, Clip ahead, Object array, int index, long size) {
        this.file = file;
        this.plan = plan;
        this.me = me;
        this.myAgg = plan.indexOf(me);
        this.esz = esz;
        this.buffers = buffers;
        this.ahead = ahead;
        this.array = array;
        this.index = index;
        this.size = size;
    }

    private <T> Future<T> submit(java.util.concurrent.Callable<T> task) {
        if (plan.cycles() == 1) return Background.now(task); // read and handed out at once: nothing to overlap with
        if (thread == null) thread = Background.thread("jpio-twophase-read-" + me);
        return thread.submit(task);
    }

    /** Starts reading window {@code c} (windows start in order). */
    void start(int c) {
        long w0 = plan.windowStart(myAgg, c), end = Math.min(plan.windowEnd(myAgg, c), size);
        long[] run = ownRun(c);
        straight[c & 1] = run != null;
        if (run != null) {
            int at = Math.toIntExact(index + run[2] / esz), n = Math.toIntExact(run[1] / esz);
            reads[c & 1] = submit(() -> {
                file.readArray(run[0], array, at, n); // past the end of file: EOFException naming the range
                return run[0] + run[1];
            });
            return;
        }
        ByteBuffer buf = buffers[c & 1];
        reads[c & 1] = submit(() -> {
            if (end <= w0) return w0;
            buf.clear().limit((int) (end - w0));
            file.read(w0, buf);
            return end;
        });
    }

    /** Waits for window {@code c}'s read; returns the file offset where its data ends, or the read's failure. */
    long finish(int c) throws IOException {
        Future<Long> f = reads[c & 1];
        reads[c & 1] = null;
        if (f == null) throw new IllegalStateException("window " + c + " was not started: rank=" + me);
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause(); // rethrown as it was thrown, unchecked ones included
            if (cause instanceof IOException io) throw io;
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IOException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading a two-phase window: path=" + file.path() + " rank=" + me, e);
        }
    }

    /** Whether window {@code c} was read straight into the array (its buffer holds nothing of it). */
    boolean straight(int c) { return straight[c & 1]; }

    /** The buffer window {@code c} is read into. */
    ByteBuffer buffer(int c) { return buffers[c & 1]; }

    /**
     * Cancels reads not waited for and waits until none runs, however long that takes: the buffers are
     * reused by the next call, and a read still running into one would corrupt it. An interrupt does not
     * cut the wait short; it is kept for the caller.
     */
    @Override public void close() {
        for (Future<Long> f : reads) if (f != null) f.cancel(false);
        if (thread == null) return;
        thread.shutdown();
        boolean interrupted = false;
        while (!thread.isTerminated()) {
            try {
                thread.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /**
     * This aggregator's own data in window {@code c} as {file offset, bytes, bytes of its data before it}
     * when it is one gap-free run and no other rank's access reaches the window; otherwise null. Advances
     * {@code ahead} past the window either way.
     */
    private long[] ownRun(int c) {
        if (ahead == null) return null;
        long w0 = plan.windowStart(myAgg, c), w1 = plan.windowEnd(myAgg, c);
        if (w0 >= w1) return null;
        ahead.skipTo(w0);
        long m0 = ahead.memory();
        long[] run = {-1, 0};
        boolean[] gap = {false};
        ahead.take(w0, w1, (off, len) -> {
            if (run[0] < 0) { run[0] = off; run[1] = len; }
            else if (run[0] + run[1] == off) run[1] += len;
            else gap[0] = true;
        });
        if (run[0] < 0 || gap[0] || plan.othersReach(me, w0, w1)) return null;
        return new long[] {run[0], run[1], m0};
    }
}
