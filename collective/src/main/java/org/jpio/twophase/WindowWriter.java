package org.jpio.twophase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import org.jpio.file.ArrayFile;

/**
 * A two-phase aggregator's writes of its windows, on a background thread so that window c is written while
 * window c+1 is being gathered into the other buffer. A write's failure (whatever it threw) is kept and returned when its
 * buffer is next needed, never thrown mid-way: every rank runs every cycle, and the caller agrees on the
 * outcome collectively.
 */
final class WindowWriter implements AutoCloseable {
    private final ArrayFile file;
    private final int me;
    /** Started at the first write that can overlap with a later cycle: a call of one cycle starts none. */
    private ExecutorService thread;
    private boolean inline;
    @SuppressWarnings("unchecked") private final Future<?>[] pending = new Future[2];

    WindowWriter(ArrayFile file, int me) {
        this.file = file;
        this.me = me;
    }

    /** The next write is the call's last: nothing follows that it could overlap with, so it runs on the calling thread. */
    void lastCycle() { inline = true; }

    private Future<?> submit(java.util.concurrent.Callable<?> task) {
        if (inline) return Background.now(task);
        if (thread == null) thread = Background.thread("jpio-twophase-write-" + me);
        return thread.submit(task);
    }

    /** Waits until buffer {@code slot}'s last write is done; returns {@code failure}, else that write's failure. */
    Throwable free(int slot, Throwable failure) {
        Future<?> f = pending[slot];
        pending[slot] = null;
        return await(f, failure);
    }

    /** Writes {@code [span[0], span[1])} of the file from buffer {@code slot}, which holds the window from {@code w0}. */
    void write(int slot, ByteBuffer buf, long w0, long[] span) {
        ByteBuffer out = buf.duplicate().order(buf.order());
        out.limit((int) (span[1] - w0)).position((int) (span[0] - w0));
        long at = span[0];
        pending[slot] = submit(() -> { file.write(at, out); return null; });
    }

    /**
     * Writes only the pieces {@code (pieces[k], pieces[k+1])} (file offset, length) of buffer {@code slot},
     * which holds the window from {@code w0}: a window with holes of a file that may not be read.
     */
    void writePieces(int slot, ByteBuffer buf, long w0, long[] pieces) {
        ByteBuffer out = buf.duplicate().order(buf.order());
        pending[slot] = submit(() -> {
            for (int k = 0; k < pieces.length; k += 2) {
                out.limit((int) (pieces[k] - w0 + pieces[k + 1])).position((int) (pieces[k] - w0));
                file.write(pieces[k], out);
            }
            return null;
        });
    }

    /** Writes {@code n} elements of {@code array} from {@code from} at file offset {@code at}, in place of buffer {@code slot}. */
    void writeArray(int slot, long at, Object array, int from, int n) {
        pending[slot] = submit(() -> { file.writeArray(at, array, from, n); return null; });
    }

    /** Read-modify-write: the window {@code [span[0], span[1])} has holes, so what the file holds there must survive. */
    void readExisting(ByteBuffer buf, long w0, long[] span) throws IOException {
        long have = Math.max(0, Math.min(span[1], file.size()) - span[0]);
        buf.clear().position((int) (span[0] - w0)).limit((int) (span[0] - w0 + have));
        if (have > 0) file.read(span[0], buf);
        buf.limit((int) (span[1] - w0));
        while (buf.hasRemaining()) buf.put((byte) 0); // beyond the end of file: a hole reads as zeros
    }

    /** Waits for every write; returns {@code failure}, else the first write's failure. */
    Throwable finish(Throwable failure) {
        for (int slot = 0; slot < 2; slot++) failure = free(slot, failure);
        return failure;
    }

    /** Waits for writes still running (after a failure elsewhere), so none outlives the call into a reused buffer. */
    @Override public void close() {
        finish(null);
        if (thread != null) thread.shutdown();
    }

    private Throwable await(Future<?> f, Throwable failure) {
        if (f == null) return failure;
        try {
            f.get();
            return failure;
        } catch (ExecutionException e) {
            return failure != null ? failure : e.getCause(); // whatever the write threw, unchecked ones included
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failure != null ? failure : new IOException("interrupted while waiting for a two-phase write: path=" + file.path() + " rank=" + me, e);
        }
    }
}
