package org.jpio.async;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request state machine, timeouts, polling, cancel, sync ordering and overlap detection, held
 * deterministically in flight by {@link GatedEngine}.
 */
class AsyncRequestStateTest {
    @TempDir Path dir;

    private AsyncFile open(GatedEngine g, AsyncOptions o) throws IOException {
        return AsyncFile.open(dir.resolve("f"), "rw", ByteOrder.nativeOrder(), o, g);
    }

    private static AsyncOptions opts() { return AsyncOptions.defaults().withEngine("portable").withPieceBytes(4096); }

    @Test
    void inFlightThenCompletedWithPollingAndTimeouts() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            long[] a = {1, 2, 3};
            AsyncRequest r = f.write(a, 0, 3);
            assertEquals(AsyncRequest.State.IN_FLIGHT, r.state());
            assertFalse(r.done(0), "poll");
            long t0 = System.nanoTime();
            assertFalse(r.done(50), "timeout");
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(45));
            assertFalse(f.allDone(0));
            assertFalse(AsyncFile.anyDone(0, r, null));
            assertTrue(AsyncFile.allDone(0, (AsyncRequest) null), "null entries are ignored");
            g.release();
            assertTrue(r.done(AsyncFile.TIME_INF));
            assertEquals(AsyncRequest.State.COMPLETED, r.state());
            assertTrue(f.allDone(0));
            assertSame(r, r.toCompletableFuture().get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void anyDoneReturnsWhenOneOfSeveralIsDone() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest held = f.writeAt(0, new int[10], 0, 10);
            AsyncRequest empty = f.writeAt(100, new int[0], 0, 0);
            assertTrue(AsyncFile.anyDone(0, held, empty));
            assertFalse(AsyncFile.allDone(0, held, empty));
            g.release();
            assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, held, empty));
        }
    }

    @Test
    void cancelInFlightThrowsCanceledOnceThenCleared() throws Exception {
        GatedEngine g = new GatedEngine();
        Path p = dir.resolve("f");
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest r = f.writeAt(0, new byte[3 * 4096], 0, 3 * 4096);
            assertEquals(3, g.held());
            assertTrue(r.cancel());
            assertEquals(0, g.held(), "queued pieces dropped");
            assertEquals(AsyncRequest.State.CANCELLED, r.state());
            AsyncIOCanceledException e = assertThrows(AsyncIOCanceledException.class, () -> r.done(0));
            assertTrue(e.getMessage().contains("offset=0") && e.getMessage().contains("length=12288"), e.getMessage());
            assertEquals(AsyncRequest.State.CLEARED, r.state());
            assertTrue(r.done(0));
            assertFalse(r.cancel());
            g.release();
        }
        assertEquals(0, Files.size(p), "nothing of the cancelled write reached the file");
    }

    /**
     * The future follows the request (not done while it is held in flight, exceptional when it is
     * cancelled) and leaves the failure to the Done calls, which still throw it exactly once.
     */
    @Test
    void completableFutureFollowsTheRequestAndLeavesItsFailureToDone() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest w = f.writeAt(0, new int[10], 0, 10);
            CompletableFuture<AsyncRequest> fw = w.toCompletableFuture();
            AsyncRequest c = f.writeAt(4096, new byte[4096], 0, 4096);
            CompletableFuture<AsyncRequest> fc = c.toCompletableFuture();
            assertFalse(fw.isDone() || fc.isDone(), "the futures complete only when their requests do");
            assertTrue(c.cancel());
            ExecutionException e = assertThrows(ExecutionException.class, () -> fc.get(10, TimeUnit.SECONDS));
            assertInstanceOf(AsyncIOCanceledException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("offset=4096"), e.getCause().getMessage());
            assertEquals(AsyncRequest.State.CANCELLED, c.state(), "the future does not report the failure for Done");
            assertThrows(AsyncIOCanceledException.class, () -> c.done(0), "Done still throws it");
            assertTrue(c.done(0), "once");
            ExecutionException late = assertThrows(ExecutionException.class, () -> c.toCompletableFuture().get(10, TimeUnit.SECONDS));
            assertSame(e.getCause(), late.getCause(), "a future asked for after Done still carries the failure");
            assertFalse(fw.isDone());
            g.release();
            assertSame(w, fw.get(10, TimeUnit.SECONDS));
            assertEquals(AsyncRequest.State.COMPLETED, w.state());
        }
    }

    @Test
    void clearExceptionKeepsFileAllDoneFromThrowing() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest r = f.writeAt(0, new int[1], 0, 1);
            r.cancel();
            r.clearException();
            assertEquals(AsyncRequest.State.CLEARED, r.state());
            assertTrue(f.allDone(0));
            assertTrue(r.done());
            g.release();
        }
    }

    @Test
    void syncWaitsForEarlierWrites() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest w = f.writeAt(0, new int[100], 0, 100);
            AsyncRequest s = f.sync();
            assertFalse(s.done(20), "sync is held behind the write");
            g.release();
            assertTrue(s.done());
            assertTrue(w.isDone());
        }
    }

    @Test
    void closeWaitsForHeldRequests() throws Exception {
        GatedEngine g = new GatedEngine();
        AsyncFile f = open(g, opts());
        AsyncRequest w = f.writeAt(0, new int[100], 0, 100);
        Thread closer = new Thread(() -> {
            try {
                f.close();
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        closer.start();
        closer.join(100);
        assertTrue(closer.isAlive(), "close waits while a request is in flight");
        assertThrows(FileNotOpenException.class, () -> f.writeAt(0, new int[1], 0, 1), "but refuses new work at once");
        g.release();
        closer.join(10_000);
        assertFalse(closer.isAlive());
        assertEquals(AsyncRequest.State.COMPLETED, w.state());
        assertEquals(400, Files.size(dir.resolve("f")));
    }

    @Test
    void overlapDetectionThrowsInDebugMode() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts().withCheckOverlap(true))) {
            AsyncRequest w = f.writeAt(100, new byte[100], 0, 100);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.readAt(150, new byte[10], 0, 10));
            assertTrue(e.getMessage().contains("other_offset=100"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.writeAt(0, new byte[101], 0, 101));
            AsyncRequest ok = f.writeAt(200, new byte[10], 0, 10); // adjacent, not overlapping
            AsyncRequest r1 = f.readAt(0, new byte[50], 0, 50);
            AsyncRequest r2 = f.readAt(0, new byte[50], 0, 50); // read-read overlap is fine
            g.release();
            assertTrue(AsyncFile.allDone(AsyncFile.TIME_INF, w, ok, r1, r2));
            assertTrue(f.readAt(150, new byte[10], 0, 10).done(), "no conflict once the write is done");
        }
        try (AsyncFile f = open(new GatedEngine(), opts())) {
            f.writeAt(100, new byte[100], 0, 100);
            assertNotNull(f.writeAt(150, new byte[10], 0, 10), "without the debug option overlaps are the caller's business");
            f.cancel();
        }
    }

    @Test
    void interruptedWaitThrowsInterruptedIOException() throws Exception {
        GatedEngine g = new GatedEngine();
        try (AsyncFile f = open(g, opts())) {
            AsyncRequest r = f.writeAt(0, new int[1], 0, 1);
            Thread.currentThread().interrupt();
            assertThrows(java.io.InterruptedIOException.class, r::done);
            assertTrue(Thread.interrupted(), "interrupt status kept");
            g.release();
            assertTrue(r.done());
        }
    }
}
