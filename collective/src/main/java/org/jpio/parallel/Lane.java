package org.jpio.parallel;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A file's background thread: its nonblocking transfers run there, one after another in the order they
 * were started, which is the order MPI requires every rank to start collective ones in. A blocking call on
 * the file first waits for the lane to drain, so the calls on a file keep their order.
 */
final class Lane implements AutoCloseable {
    private final ExecutorService thread;
    private CompletableFuture<?> last = CompletableFuture.completedFuture(null);

    Lane(String name) {
        thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs {@code work} after everything started before it. */
    synchronized <T> CompletableFuture<T> submit(Callable<T> work) {
        CompletableFuture<T> f = new CompletableFuture<>();
        thread.execute(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable t) { // the request's own failure: thrown by its wait, never lost
                f.completeExceptionally(t);
            }
        });
        last = f;
        return f;
    }

    /** Waits until everything started so far has completed (its failures belong to its requests). */
    void drain() {
        CompletableFuture<?> l;
        synchronized (this) { l = last; }
        boolean interrupted = false;
        while (!l.isDone()) {
            try {
                l.handle((v, t) -> null).get();
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (java.util.concurrent.ExecutionException e) {
                break;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    @Override public void close() {
        drain();
        thread.shutdown();
    }
}
