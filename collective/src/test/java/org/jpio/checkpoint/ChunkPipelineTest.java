package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

/**
 * The writer's double buffering on its own: a chunk handed to the write keeps its bytes while the next one
 * is packed, the checksums see the chunks in order, a failure of the helper reaches the commit's thread,
 * and a chunk prepared for a write that never came is released.
 */
class ChunkPipelineTest {
    /** One array of {@code n} ints on one rank, written {@code per} elements a chunk. */
    private static Plan plan(DistributedArray a, int per) {
        int chunks = (int) ((a.localCount() + per - 1) / per);
        return new Plan(1, Path.of("unused"), List.of(new Plan.Item("a", "a.npy", "", a, per, chunks, chunks)), Attributes.NONE);
    }

    private static byte[] expected(DistributedArray a, long from, int count) {
        byte[] b = new byte[count * 4];
        a.getInterior(from, count, ByteBuffer.wrap(b).order(ByteOrder.nativeOrder()));
        return b;
    }

    @Test
    void theChunkBeingWrittenKeepsItsBytesWhileTheNextIsPacked() throws Exception {
        LocalComm.run(1, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, 1003).create();
            Fill.fill(a);
            Plan plan = plan(a, 100);                                  // 11 chunks, the last of 3 elements
            PackingSource src = new PackingSource(plan);
            AtomicLong checksummed = new AtomicLong(-1);               // the last round the checksums saw
            List<Long> order = java.util.Collections.synchronizedList(new ArrayList<>());
            try (ChunkPipeline p = new ChunkPipeline(src, 0, 11, c -> { order.add(c.from()); checksummed.set(c.from() / 100); }, "test")) {
                for (long r = 0; r < 11; r++) {
                    ChunkSource.Chunk c = p.take(r);
                    // the "write" of chunk r happens once chunk r + 1 is packed and checksummed: its bytes must still be chunk r's
                    long ahead = Math.min(r + 1, 10), until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                    while (checksummed.get() < ahead && System.nanoTime() < until) Thread.sleep(1);
                    assertEquals(ahead, checksummed.get(), "chunk " + ahead + " was not prepared while chunk " + r + " was held");
                    int n = plan.items().get(0).count(r);
                    assertEquals(n * 4, c.length());
                    assertArrayEquals(expected(a, r * 100, n), Arrays.copyOf(c.slab(), c.length()), "chunk " + r + " changed while the next was packed");
                    src.release(c);
                }
            }
            List<Long> want = new ArrayList<>();
            for (long r = 0; r < 11; r++) want.add(r * 100);
            assertEquals(want, order, "the checksums saw the chunks out of order");
        });
    }

    /** A source that counts what it hands out and takes back, and fails on one round. */
    private static final class Counting implements ChunkSource {
        final PackingSource inner;
        final long failOn;
        final AtomicInteger taken = new AtomicInteger(), released = new AtomicInteger();

        Counting(Plan plan, long failOn) {
            this.inner = new PackingSource(plan);
            this.failOn = failOn;
        }

        @Override public Chunk take(int item, long round) throws IOException {
            if (round == failOn) throw new IOException("test source failed: round=" + round);
            taken.incrementAndGet();
            return inner.take(item, round);
        }

        @Override public void release(Chunk c) {
            released.incrementAndGet();
            inner.release(c);
        }

        @Override public void drain() { }
    }

    @Test
    void aFailureOfTheHelperReachesTheCommitsThread() throws Exception {
        LocalComm.run(1, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, 1000).create();
            Counting src = new Counting(plan(a, 100), 3);
            try (ChunkPipeline p = new ChunkPipeline(src, 0, 10, c -> { }, "checkpoint step=1 array=a")) {
                for (long r = 0; r < 3; r++) src.release(p.take(r));
                IOException e = assertThrows(IOException.class, () -> p.take(3));   // prepared on the helper while round 2 was "written"
                assertEquals("test source failed: round=3", e.getMessage());
            }
            assertEquals(src.taken.get(), src.released.get());
        });
    }

    @Test
    void aChunkPreparedForAWriteThatNeverCameIsReleased() throws Exception {
        LocalComm.run(1, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, 1000).create();
            Counting src = new Counting(plan(a, 100), -1);
            try (ChunkPipeline p = new ChunkPipeline(src, 0, 10, c -> { }, "test")) {
                src.release(p.take(0));
                src.release(p.take(1));                                // chunk 2 is being prepared; the commit stops here (another rank failed)
            }
            // staging pieces not given back would leave the copy of the next asynchronous commit waiting for room forever
            assertEquals(3, src.taken.get());
            assertEquals(3, src.released.get());
        });
    }
}
