package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where asynchronous commits run: the automatic choice pinned on given core counts (in-JVM ranks share one
 * host), the same on every rank even when one rank alone has no core to spare, the forced modes, and an
 * inline commit done by the time {@code commitAsync} returns.
 */
class AsyncChoiceTest {
    @TempDir Path dir;

    @Test
    void automaticRunsInlineWhenTheRanksOutnumberTheProcessors() throws Exception {
        for (int ranks = 1; ranks <= 4; ranks++) {
            for (int processors : new int[] {1, 2, 3, 4, 8}) {
                boolean inline = ranks > processors;
                Set<AsyncChoice> seen = ConcurrentHashMap.newKeySet();
                int n = ranks;
                LocalComm.run(n, comm -> seen.add(AsyncChoice.decide(comm, AsyncMode.AUTOMATIC, processors)));
                String where = "ranks=" + ranks + " processors=" + processors;
                assertEquals(1, seen.size(), "one choice on every rank: " + where + " " + seen);
                AsyncChoice c = seen.iterator().next();
                assertEquals(inline, c.inline(), where + ": " + c);
                String facts = ranks + " rank(s) on host ";
                assertTrue(c.reason().startsWith(inline ? "more ranks than cores: " + facts : "a core per rank on every host: " + facts), c.reason());
                assertTrue(c.reason().contains(processors + " processor(s) available to the JVM"), c.reason());
                assertTrue(c.toString().startsWith(inline ? "async ran inline: more ranks than cores" : "async in the background: "), c.toString());
            }
        }
    }

    @Test
    void oneRankWithoutASpareProcessorMakesEveryRankInline() throws Exception {
        Set<AsyncChoice> seen = ConcurrentHashMap.newKeySet();
        // rank 2 sees 2 processors for the 3 ranks of its host, the others 8: as if rank 2 were bound to fewer cores
        LocalComm.run(3, comm -> seen.add(AsyncChoice.decide(comm, AsyncMode.AUTOMATIC, comm.rank() == 2 ? 2 : 8)));
        assertEquals(1, seen.size(), seen.toString());
        AsyncChoice c = seen.iterator().next();
        assertTrue(c.inline(), c.toString());
        assertTrue(c.reason().contains("(rank 2's), 2 processor(s)"), c.reason());
    }

    @Test
    void forcedModesIgnoreTheProcessors() throws Exception {
        LocalComm.run(4, comm -> {
            AsyncChoice b = AsyncChoice.decide(comm, AsyncMode.BACKGROUND, 1);
            assertFalse(b.inline());
            assertEquals("forced by async=background", b.reason());
            AsyncChoice i = AsyncChoice.decide(comm, AsyncMode.INLINE, 64);
            assertTrue(i.inline());
            assertEquals("forced by async=inline", i.reason());
        });
    }

    @Test
    void theStoreReportsItsChoice() throws Exception {
        int processors = Runtime.getRuntime().availableProcessors();
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, dir.resolve("auto"))) {
                assertEquals(AsyncMode.AUTOMATIC, store.options().asyncMode(), "the default");
                assertEquals(2 > processors, store.asyncChoice().inline(), store.asyncChoice() + " with " + processors + " processors");
                assertEquals(store.asyncChoice(), store.staging().async());
                assertTrue(store.staging().toString().contains(store.asyncChoice().toString()), store.staging().toString());
            }
        });
    }

    @Test
    void anInlineCommitIsDoneWhenCommitAsyncReturnsAndStagesNothing() throws Exception {
        Path ckpt = dir.resolve("inline");
        LocalComm.run(3, comm -> {
            DistributedArray u = CheckpointStoreTest.field(comm);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, CheckpointOptions.defaults().async(AsyncMode.INLINE))) {
                assertEquals(0, store.reserveStaging(1 << 20).heldBytes(), "inline commits map no staging memory");
                Fill.fill(u);
                CompletableFuture<CheckpointInfo> f = store.begin(1).put("u", u).attribute("time", 1.0).commitAsync();
                assertTrue(f.isDone(), "written and published before commitAsync returned");
                Fill.clear(u);                                            // free to change: nothing reads it any more
                assertEquals(1, f.get().step());
                assertTrue(Catalog.of(ckpt).latestValid().orElseThrow().valid());
                CompletableFuture<CheckpointInfo> g = store.begin(2).put("u", u).commitAsyncWithoutCopy();
                assertTrue(g.isDone());
                StagingReport s = store.staging();
                assertEquals(0, s.stagedBytes(), s.toString());
                assertEquals(0, s.peakBytes(), s.toString());
                assertTrue(s.toString().endsWith("async ran inline: forced by async=inline"), s.toString());
            }
        });
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                DistributedArray u = CheckpointStoreTest.field(comm);
                Fill.clear(u);
                store.restart(1).read("u", u);
                Fill.check(u, "step 1, written inline before the array changed");
            }
        });
    }
}
