package org.jpio.async;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The handle of one asynchronous operation (the seed's {@code AsyncFileRequest}). States:
 * <pre>
 *   IN_FLIGHT --(all pieces done)--------> COMPLETED
 *   IN_FLIGHT --(a piece failed)---------> FAILED    --(Done throws it, or clearException)--> CLEARED
 *   IN_FLIGHT --(cancel)-----------------> CANCELLED --(Done throws AsyncIOCanceledException,
 *                                                       or clearException)----------------> CLEARED
 * </pre>
 * An error is thrown exactly once, by the first Done call that observes it; later Done calls return true.
 * The buffer must not be touched until a Done call has returned true (or thrown) for this request.
 */
public final class AsyncRequest {
    public enum State { IN_FLIGHT, COMPLETED, FAILED, CANCELLED, CLEARED }

    private final AsyncFile parent;
    private final String op;
    private final long position;
    private final long length;
    private final boolean write;
    /** Completes normally (never exceptionally) when the request reaches a terminal state. */
    private final CompletableFuture<Void> finished = new CompletableFuture<>();
    private List<Piece> pieces = List.of();
    private int remaining;
    private boolean cancelRequested;
    private IOException error;
    private State state = State.IN_FLIGHT;

    AsyncRequest(AsyncFile parent, String op, long position, long length, boolean write) {
        this.parent = parent;
        this.op = op;
        this.position = position;
        this.length = length;
        this.write = write;
    }

    /** Called once by AsyncFile before the first piece is submitted. */
    void setPieces(List<Piece> ps) {
        synchronized (this) {
            this.pieces = ps;
            this.remaining = ps.size();
            if (!ps.isEmpty()) return;
            state = State.COMPLETED; // nothing to move
        }
        finished.complete(null);
    }

    synchronized List<Piece> piecesView() { return pieces; }

    public AsyncFile parent() { return parent; }

    /** "read", "write", "sync". */
    public String op() { return op; }

    /** File position (byte) of the first byte (0 for sync). */
    public long position() { return position; }

    /** Bytes the request moves (0 for sync). */
    public long length() { return length; }

    boolean isWrite() { return write; }

    public synchronized State state() { return state; }

    /** Whether the request has stopped moving bytes (any state but IN_FLIGHT); never throws. */
    public boolean isDone() { return finished.isDone(); }

    /** The failure, if any (kept after it was thrown or cleared, for diagnostics). */
    public synchronized Optional<IOException> exception() { return Optional.ofNullable(error); }

    /** Waits up to {@code timeoutMillis} (0 polls, {@link AsyncFile#TIME_INF} blocks); true when done. Throws a failure once. */
    public boolean done(long timeoutMillis) throws IOException { return AsyncFile.allDone(timeoutMillis, this); }

    /** Blocks until done; throws a failure once. */
    public boolean done() throws IOException { return done(AsyncFile.TIME_INF); }

    /**
     * Cancels the request if it is still in flight, and returns once no more of its bytes will move. Pieces
     * not yet started are dropped; pieces already running finish, so a cancelled write may have reached the
     * file in part and a cancelled read may have filled part of the buffer. Returns true when the request
     * ended cancelled, false when it had already completed or failed.
     */
    public boolean cancel() {
        List<Piece> ps;
        synchronized (this) {
            if (state != State.IN_FLIGHT) return false;
            cancelRequested = true;
            ps = pieces;
        }
        for (Piece p : ps) parent.cancelPiece(p);
        finished.join();
        synchronized (this) { return state == State.CANCELLED || (state == State.CLEARED && error instanceof AsyncIOCanceledException); }
    }

    /** Moves a FAILED or CANCELLED request to CLEARED so that Done calls no longer throw on its account. */
    public void clearException() {
        synchronized (this) {
            if (state != State.FAILED && state != State.CANCELLED) return;
            state = State.CLEARED;
        }
        parent.forget(this);
    }

    /**
     * A future that completes with this request when it completes, or exceptionally with its failure
     * (AsyncIOCanceledException when cancelled). Dependent actions run on the common pool, never on an
     * engine's completion thread. Observing a failure here does not clear it for the Done calls.
     */
    public CompletableFuture<AsyncRequest> toCompletableFuture() {
        return finished.handleAsync((v, t) -> this).thenCompose(r -> {
            IOException e;
            synchronized (this) { e = state == State.COMPLETED ? null : error; }
            return e == null ? CompletableFuture.completedFuture(r) : CompletableFuture.failedFuture(e);
        });
    }

    CompletableFuture<Void> finished() { return finished; }

    /** A piece ended; the last one decides the state. */
    void pieceFinished(IOException e, boolean cancelled) {
        boolean last;
        synchronized (this) {
            if (e != null) {
                if (error == null) error = e;
                else if (error != e) error.addSuppressed(e);
            }
            last = --remaining == 0;
            if (last) {
                if (cancelRequested || (cancelled && error == null)) {
                    error = new AsyncIOCanceledException(op + " cancelled: path=" + parent.path() + " offset=" + position + " length=" + length);
                    state = State.CANCELLED;
                } else {
                    state = error == null ? State.COMPLETED : State.FAILED;
                }
            }
        }
        if (!last) return;
        if (state() == State.COMPLETED) parent.forget(this);
        finished.complete(null);
    }

    /** If this request is FAILED or CANCELLED and not yet reported, marks it CLEARED and returns the error. */
    synchronized IOException takeError() {
        if (state != State.FAILED && state != State.CANCELLED) return null;
        state = State.CLEARED;
        return error;
    }

    @Override
    public synchronized String toString() {
        return "AsyncRequest[" + op + " path=" + parent.path() + " offset=" + position + " length=" + length + " state=" + state + "]";
    }
}
