package org.jpio.twophase;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The background thread of one call's window reads or writes (a daemon: it never holds the JVM up). */
final class Background {
    private Background() { }

    static ExecutorService thread(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * {@code task} run now, on the calling thread, as a finished future (its result, or its failure as an
     * ExecutionException): for work nothing could overlap with, where a hand-off to another thread would
     * cost two context switches (and the first time, a thread).
     */
    static <T> java.util.concurrent.Future<T> now(java.util.concurrent.Callable<T> task) {
        try {
            return java.util.concurrent.CompletableFuture.completedFuture(task.call());
        } catch (Throwable e) { // whatever the task threw is its outcome, as a thread's would be
            return java.util.concurrent.CompletableFuture.failedFuture(e);
        }
    }
}
