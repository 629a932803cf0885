package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store on in-JVM ranks: commit and restart on another rank count, async, attributes, what a listing shows, the writer lock. */
class CheckpointStoreTest {
    @TempDir Path dir;

    static DistributedArray field(org.jpio.comm.Comm comm) {
        return DistributedArray.builder(comm, ElementType.DOUBLE, 9, 7, 5).ghost(1).create();
    }

    static DistributedArray counts(org.jpio.comm.Comm comm) {
        return DistributedArray.builder(comm, ElementType.INT, 11, 6).distribution(Dist.cyclic(2), Dist.BLOCK).create();
    }

    @Test
    void writtenByThreeRanksRestartedOnTwo() throws Exception {
        Path ckpt = dir.resolve("ckpt");
        LocalComm.run(3, comm -> {
            DistributedArray u = field(comm), c = counts(comm);
            Fill.fill(u);
            Fill.fill(c);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, CheckpointOptions.defaults().blockBytes(100))) {
                CheckpointInfo info = store.begin(10).put("u", u).put("c", c).attribute("time", 0.25).attribute("note", "first").commit();
                assertEquals(10, info.step());
                assertTrue(info.valid());
                Fill.check(u, "after the commit");                       // committing leaves the arrays alone
            }
        });
        List<CheckpointInfo> all = Catalog.of(ckpt).list();
        assertEquals(1, all.size(), all.toString());
        CheckpointInfo c = all.get(0);
        assertTrue(c.valid(), c.toString());
        assertEquals(0.25, c.time());
        assertEquals(Catalog.of(ckpt).verify(c), c.bytes());
        Manifest m = c.manifest();
        assertEquals(3, m.writer().ranks());
        assertEquals(List.of("u", "c"), m.arrays().stream().map(Manifest.Entry::name).toList());
        assertEquals("<f8", m.array("u").dtype());
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                Restart r = store.restart();
                assertEquals(10, r.step());
                assertEquals("first", r.attributes().getString("note"));
                assertEquals(0.25, r.attributes().getDouble("time"));
                DistributedArray u = DistributedArray.builder(comm, ElementType.DOUBLE, 9, 7, 5).distribution(Dist.cyclic(2), Dist.NONE, Dist.BLOCK).ghost(2).create();
                Fill.clear(u);
                r.read("u", u);
                Fill.check(u, "restarted on 2 ranks");
                DistributedArray cc = r.load("c");
                Fill.check(cc, "loaded on 2 ranks");
            }
        });
    }

    @Test
    void asynchronousCommitsInOrderWithBoundedStaging() throws Exception {
        Path ckpt = dir.resolve("async");
        LocalComm.run(4, comm -> {
            DistributedArray u = field(comm);
            CheckpointOptions o = CheckpointOptions.defaults().stagingBytes(64).chunkBytes(64)  // 8 doubles a piece: the copy waits for the writer
                    .async(AsyncMode.BACKGROUND);                            // forced: 4 ranks on any machine of up to 4 cores would run inline
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o)) {
                assertFalse(store.asyncChoice().inline(), store.asyncChoice().toString());
                StagingReport reserved = store.reserveStaging(1 << 20);     // at most the bound
                assertEquals(64, reserved.heldBytes(), reserved.toString());
                assertEquals(0, reserved.peakBytes());
                CompletableFuture<CheckpointInfo> f1, f2;
                Fill.fill(u);
                f1 = store.begin(1).put("u", u).attribute("time", 1.0).commitAsync();
                Fill.clear(u);                                           // changed at once: the copy is what is written
                f2 = store.begin(2).put("u", u).attribute("time", 2.0).commitAsync();
                assertEquals(1, f1.get().step());
                assertEquals(2, f2.get().step());
                StagingReport s = store.staging();
                assertEquals(64, s.peakBytes(), s.toString());
                assertEquals(64, s.heldBytes(), "never more than the bound: " + s);
                assertTrue(s.stagedBytes() > 0, s.toString());
                assertTrue(s.copyNanos() > 0, "the copy into staging is timed: " + s);
            }
        });
        assertEquals(List.of(1L, 2L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        LocalComm.run(3, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                DistributedArray u = field(comm);
                Fill.clear(u);
                store.restart(1).read("u", u);
                Fill.check(u, "step 1, staged before the array changed");
            }
        });
    }

    @Test
    void aCheckpointWrittenWithODirectVerifiesAndRestarts() throws Exception {
        String fs = Files.getFileStore(dir).type();
        org.junit.jupiter.api.Assumptions.assumeTrue(List.of("ext4", "xfs", "btrfs").contains(fs), "O_DIRECT needs a disk file system, not " + fs);
        Path ckpt = dir.resolve("direct");
        CheckpointOptions o = CheckpointOptions.defaults().hints(org.jpio.parallel.Hints.of(org.jpio.parallel.Hints.DIRECT_WRITE, "true")).async(AsyncMode.BACKGROUND);
        LocalComm.run(3, comm -> {
            DistributedArray u = field(comm), c = counts(comm);
            Fill.fill(u);
            Fill.fill(c);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o)) {
                store.begin(1).put("u", u).put("c", c).commit();
                var f = store.begin(2).put("u", u).put("c", c).commitAsync();
                Fill.clear(u);
                f.get();
            }
        });
        for (CheckpointInfo i : Catalog.of(ckpt).valid()) assertEquals(i.bytes(), Catalog.of(ckpt).verify(i), i.toString());
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, CheckpointOptions.defaults().readOnly())) {
                Fill.check(store.restart(2).load("u"), "written with O_DIRECT, read back on 2 ranks");
                Fill.check(store.restart(1).load("c"), "written with O_DIRECT, read back on 2 ranks");
            }
        });
    }

    @Test
    void aBadArgumentOnOneRankFailsEveryRankBeforeAnythingIsWritten() throws Exception {
        Path ckpt = dir.resolve("bad");
        LocalComm.run(3, comm -> {
            DistributedArray u = field(comm);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                CollectiveException e = assertThrows(CollectiveException.class, () -> store.begin(comm.rank() == 1 ? 6 : 5));
                assertTrue(e.getMessage().contains("rank=1 step=6 but rank=0 step=5"), e.getMessage());
                Checkpoint c = store.begin(5).put("u", u).attribute("time", comm.rank() == 2 ? 1.5 : 1.0);
                e = assertThrows(CollectiveException.class, c::commit);
                assertTrue(e.getMessage().contains("rank=2 attributes="), e.getMessage());
                assertThrows(IllegalStateException.class, c::commit);
                Checkpoint d = store.begin(6).put(comm.rank() == 2 ? "../u" : "u", u);
                e = assertThrows(CollectiveException.class, d::commit);
                assertTrue(e.getMessage().contains("rank=2: IllegalArgumentException: checkpoint step=6 put: name=../u must be"), e.getMessage());
            }
        });
        try (Stream<Path> s = Files.list(ckpt)) {
            assertEquals(List.of(WriterLock.FILE), s.map(p -> p.getFileName().toString()).toList(), "no checkpoint, no partial left");
        }
    }

    @Test
    void oneWriterPerDirectory() throws Exception {
        Path ckpt = dir.resolve("locked");
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                assertThrows(CollectiveIOException.class, () -> LocalComm.run(1, c -> CheckpointStore.open(c, ckpt).close()));
                assertThrows(java.io.IOException.class, () -> Catalog.of(ckpt).prune(1));
            }
        });
        assertFalse(Catalog.of(ckpt).list().iterator().hasNext());
    }

    /** Any format of the registry: a RAW file says nothing of itself, the manifest says it all. */
    @Test
    void rawFilesAreDescribedByTheManifest() throws Exception {
        Path ckpt = dir.resolve("raw");
        LocalComm.run(3, comm -> {
            DistributedArray c = counts(comm);
            Fill.fill(c);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, CheckpointOptions.defaults().format(org.jpio.format.ArrayFormats.RAW).blockBytes(50))) {
                store.begin(3).put("c", c).commit();
            }
        });
        CheckpointInfo info = Catalog.of(ckpt).latestValid().orElseThrow();
        Manifest.Entry e = info.manifest().array("c");
        assertEquals("raw", e.format());
        assertEquals("c.raw", e.file());
        assertEquals(0, e.dataPosition());
        assertEquals(11 * 6 * 4, Files.size(info.path().resolve("c.raw")));
        assertEquals(e.fileSize(), Catalog.of(ckpt).verify(info));
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                Fill.check(store.restart().load("c"), "raw restarted on 2 ranks");
            }
        });
    }

    @Test
    void theRestartedArraysAreWhatWasCommittedBitForBit() throws Exception {
        Path ckpt = dir.resolve("bits");
        double[] special = {Double.longBitsToDouble(0x7ff8000000000123L), -0.0, Double.MIN_VALUE, Double.NEGATIVE_INFINITY};
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 4);
            for (int i = 0; i < a.localCount(); i++) a.doubles()[i] = special[a.toGlobal(i)[0]];
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                store.begin(0).put("s", a).attribute("nan", special[0]).attribute("n", -7L).attribute("flag", true).commit();
            }
        });
        LocalComm.run(1, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                Restart r = store.restart();
                double[] got = r.load("s").doubles();
                for (int i = 0; i < 4; i++) assertEquals(Double.doubleToRawLongBits(special[i]), Double.doubleToRawLongBits(got[i]), "element " + i);
                assertEquals(Double.doubleToRawLongBits(special[0]), Double.doubleToRawLongBits(r.attributes().getDouble("nan")));
                assertEquals(-7L, r.attributes().getLong("n"));
                assertTrue(r.attributes().getBoolean("flag"));
                assertArrayEquals(new long[] {4}, r.manifest().array("s").shape());
            }
        });
    }
}
