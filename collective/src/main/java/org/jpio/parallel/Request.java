package org.jpio.parallel;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * A nonblocking transfer in flight (MPI_Request of MPI_File_iwrite_all and its kin). It makes progress on
 * its file's background thread whether or not the program calls into jpio; the program computes meanwhile
 * and waits (MPI_Wait) or tests (MPI_Test) when it wants the outcome. The buffer belongs to the transfer
 * until it has completed: the program must not touch it before {@link #waitFor} has returned (or
 * {@link #test} returned true), as in MPI.
 *
 * <p>A failed transfer throws its failure from every wait and test: for a collective transfer the same
 * {@link org.jpio.comm.CollectiveIOException} or {@link org.jpio.comm.CollectiveException} on every rank.
 */
public final class Request {
    private final String op;
    private final CompletableFuture<Integer> future;

    Request(String op, CompletableFuture<Integer> future) {
        this.op = op;
        this.future = future;
    }

    /** MPI's name of the call that started it ("iwrite_all"). */
    public String op() { return op; }

    /** Whether it has completed, successfully or not; never throws. */
    public boolean isDone() { return future.isDone(); }

    /** MPI_Wait: blocks until done; the elements moved (MPI_Get_count of the status). */
    public int waitFor() throws IOException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable t = e.getCause();
            if (t instanceof IOException io) throw io;
            if (t instanceof RuntimeException r) throw r;
            if (t instanceof Error err) throw err;
            throw new IOException(op + " failed: " + t, t);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException i = new InterruptedIOException("interrupted while waiting for " + op);
            i.initCause(e);
            throw i;
        }
    }

    /** MPI_Test: true when done (then {@link #waitFor} returns at once); a failed request throws its failure. */
    public boolean test() throws IOException {
        if (!future.isDone()) return false;
        waitFor();
        return true;
    }

    /** The completion as a future of the elements moved, completing exceptionally with the failure; completing it does nothing to the transfer. */
    public CompletableFuture<Integer> toCompletableFuture() { return future.thenApply(n -> n); }

    /** MPI_Waitall: waits for every request; the elements each moved. The first failure is thrown after all are done. */
    public static int[] waitAll(Request... requests) throws IOException {
        CompletableFuture.allOf(futures(requests)).exceptionally(t -> null).join();
        int[] n = new int[requests.length];
        for (int i = 0; i < requests.length; i++) n[i] = requests[i].waitFor();
        return n;
    }

    /** MPI_Waitany: waits until one is done; its index (its failure is thrown). */
    public static int waitAny(Request... requests) throws IOException {
        if (requests.length == 0) throw new IllegalArgumentException("waitAny: no requests");
        CompletableFuture.anyOf(futures(requests)).exceptionally(t -> null).join();
        for (int i = 0; i < requests.length; i++) if (requests[i].test()) return i;
        throw new IllegalStateException("waitAny: no request done after one completed");
    }

    /** MPI_Waitsome: waits until at least one is done; the indices of all that are (a failure among them is thrown). */
    public static int[] waitSome(Request... requests) throws IOException {
        waitAny(requests);
        return testSome(requests);
    }

    /** MPI_Testsome: the indices of the requests done now, without waiting. */
    public static int[] testSome(Request... requests) throws IOException {
        List<Integer> done = new ArrayList<>();
        for (int i = 0; i < requests.length; i++) if (requests[i].test()) done.add(i);
        return done.stream().mapToInt(Integer::intValue).toArray();
    }

    /** MPI_Testall: true when every request is done. */
    public static boolean testAll(Request... requests) throws IOException {
        boolean all = true;
        for (Request r : requests) all &= r.test();
        return all;
    }

    private static CompletableFuture<?>[] futures(Request[] requests) {
        CompletableFuture<?>[] f = new CompletableFuture<?>[requests.length];
        for (int i = 0; i < f.length; i++) f[i] = requests[i].future;
        return f;
    }

    @Override public String toString() { return "Request[" + op + (isDone() ? " done" : " in flight") + "]"; }
}
