package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real full disk (a 512 KiB tmpfs) in the middle of a checkpoint, synchronous and asynchronous, in NPY (a
 * file per array) and h5 (one checkpoint.h5: the second array's dataset is added to a file that holds the
 * first): every rank gets the IOException ("No space left on device"), the previous checkpoint stays the
 * latest and verifies, the store takes the next checkpoint that fits, and nothing of the failed ones is left.
 */
class CheckpointFullDiskTest {
    @TempDir Path dir;
    Path mnt;

    @BeforeEach
    void mount() throws Exception {
        mnt = Files.createDirectories(dir.resolve("tmpfs"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        String why = new String(p.getInputStream().readAllBytes()).trim();
        Assumptions.assumeTrue(p.waitFor() == 0, "a real ENOSPC needs a small tmpfs, and mounting one needs root: " + why);
    }

    @AfterEach
    void unmount() throws Exception {
        if (mnt != null) assertEquals(0, new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"npy", "h5"})
    void aFullDiskFailsEveryRankAndLeavesThePreviousCheckpoint(String format) throws Exception {
        Path ckpt = mnt.resolve("ckpt");
        CheckpointOptions options = CheckpointOptions.defaults().format(ArrayFormats.get(format));
        LocalComm.run(3, comm -> {
            DistributedArray small = DistributedArray.create(comm, ElementType.LONG, 20_000);  // 160 KB: fits
            DistributedArray big = DistributedArray.create(comm, ElementType.LONG, 50_000);    // 400 KB more: does not
            Fill.fill(small);
            Fill.fill(big);
            CheckpointStore store = CheckpointStore.open(comm, ckpt, options.async(AsyncMode.BACKGROUND));
            store.begin(1).put("a", small).commit();
            // "a" fits beside step 1's (in h5 it is checkpoint.h5's first dataset), "b" does not (in h5, added to that file)
            CollectiveIOException sync = assertThrows(CollectiveIOException.class, () -> store.begin(2).put("a", small).put("b", big).commit());
            assertTrue(sync.getMessage().contains("No space left on device"), sync.getMessage());
            CompletableFuture<CheckpointInfo> f = store.begin(3).put("a", small).put("b", big).commitAsync();
            ExecutionException async = assertThrows(ExecutionException.class, f::get);
            assertInstanceOf(CollectiveIOException.class, async.getCause());
            assertTrue(async.getCause().getMessage().contains("No space left on device"), async.getCause().getMessage());
            assertThrows(CollectiveIOException.class, store::close, "closing reports the asynchronous failure too");
            CheckpointStore inline = CheckpointStore.open(comm, ckpt, options.async(AsyncMode.INLINE));
            CompletableFuture<CheckpointInfo> g = inline.begin(4).put("a", big).commitAsync();
            assertTrue(g.isDone(), "an inline commit has failed by the time commitAsync returns");
            ExecutionException inl = assertThrows(ExecutionException.class, g::get, "inline, the failure is the future's too");
            assertInstanceOf(CollectiveIOException.class, inl.getCause());
            assertTrue(inl.getCause().getMessage().contains("No space left on device"), inl.getCause().getMessage());
            assertThrows(CollectiveIOException.class, inline::close, "and closing reports it");
        });
        List<CheckpointInfo> left = Catalog.of(ckpt).list();
        assertEquals(List.of(1L), left.stream().map(CheckpointInfo::step).toList(), left.toString());
        assertTrue(left.get(0).valid());
        assertEquals(format, left.get(0).manifest().array("a").format());
        assertEquals(left.get(0).bytes(), Catalog.of(ckpt).verify(left.get(0)));
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, options)) {
                Fill.check(store.restart().load("a"), "the previous checkpoint after the full disk");
                DistributedArray next = DistributedArray.create(comm, ElementType.LONG, 20_000);
                Fill.fill(next);
                store.begin(5).put("a", next).commit();                                   // the store is usable: the next one that fits commits
            }
        });
        assertEquals(List.of(1L, 5L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        assertEquals(Catalog.of(ckpt).list().size(), Catalog.of(ckpt).valid().size(), "nothing but the valid checkpoints: " + Catalog.of(ckpt).list());
        Catalog.of(ckpt).verify(Catalog.of(ckpt).latestValid().orElseThrow());
    }
}
