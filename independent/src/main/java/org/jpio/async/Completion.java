package org.jpio.async;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waiting for async requests ({@link AsyncFile#allDone(long, AsyncRequest...)}, {@code anyDone}): on their
 * completion futures, with MPI_Test's poll (timeout 0) and MPI_Wait's block ({@link AsyncFile#TIME_INF});
 * a failure of a request found done is thrown once, then forgotten by its file.
 */
final class Completion {
    private Completion() { }

    /** Waits for all ({@code all}) or any of the non-null {@code requests}; whether they are done. */
    static boolean done(long timeoutMillis, AsyncRequest[] requests, boolean all) throws IOException {
        List<AsyncRequest> rs = present(requests);
        boolean done = await(timeoutMillis, rs, all);
        throwFailures(rs);
        return done;
    }

    static List<AsyncRequest> present(AsyncRequest[] requests) {
        List<AsyncRequest> rs = new ArrayList<>(requests.length);
        for (AsyncRequest r : requests) if (r != null) rs.add(r);
        return rs;
    }

    static boolean await(long timeoutMillis, List<AsyncRequest> rs, boolean all) throws InterruptedIOException {
        if (timeoutMillis < 0) throw new IllegalArgumentException("timeout=" + timeoutMillis + " must be >= 0 (or AsyncFile.TIME_INF)");
        if (rs.isEmpty()) return true;
        CompletableFuture<?>[] fs = new CompletableFuture<?>[rs.size()];
        for (int i = 0; i < fs.length; i++) fs[i] = rs.get(i).finished();
        CompletableFuture<?> f = fs.length == 1 ? fs[0] : all ? CompletableFuture.allOf(fs) : CompletableFuture.anyOf(fs);
        if (f.isDone()) return true;
        if (timeoutMillis == 0) return false;
        try {
            if (timeoutMillis == AsyncFile.TIME_INF) f.get();
            else f.get(timeoutMillis, TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + rs.size() + " async request(s)");
        } catch (ExecutionException e) {
            throw new IllegalStateException("internal completion future failed", e);
        }
    }

    static void throwFailures(List<AsyncRequest> rs) throws IOException {
        IOException first = null;
        for (AsyncRequest r : rs) {
            IOException e = r.takeError();
            if (e == null) continue;
            r.parent().forget(r);
            if (first == null) first = e;
            else if (first != e) first.addSuppressed(e);
        }
        if (first != null) throw first;
    }
}
