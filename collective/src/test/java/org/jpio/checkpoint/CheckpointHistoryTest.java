package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which checkpoints a directory keeps: keep-last-K, restart truncation, leftovers of dead writers, aborted ones, damaged bytes. */
class CheckpointHistoryTest {
    @TempDir Path dir;

    interface Steps { void run(CheckpointStore store, DistributedArray a) throws Exception; }

    /** Runs {@code body} on a fresh store over {@code ckpt} on 2 ranks with a filled 6x5 long array. */
    static void withStore(Path ckpt, CheckpointOptions o, Steps body) throws Exception {
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.LONG, 6, 5);
            Fill.fill(a);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o)) {
                body.run(store, a);
            }
        });
    }

    static List<Long> steps(Path ckpt, CheckpointInfo.State state) throws Exception {
        return Catalog.of(ckpt).list().stream().filter(c -> c.state() == state).map(CheckpointInfo::step).toList();
    }

    @Test
    void keepLastRemovesOnlyOlderOnesAfterANewerCommit() throws Exception {
        Path ckpt = dir.resolve("k");
        withStore(ckpt, CheckpointOptions.defaults().keepLast(2), (store, a) -> {
            assertTrue(store.latestStep().isEmpty(), "nothing committed yet");
            for (long s = 1; s <= 3; s++) store.begin(s).put("a", a).commit();
            assertEquals(3, store.latestStep().getAsLong());
            assertEquals(List.of(2L, 3L), store.list().stream().map(CheckpointInfo::step).toList(), "as any rank sees the directory");
            assertEquals(List.of(2L, 3L), steps(ckpt, CheckpointInfo.State.VALID));
            Checkpoint c = store.begin(4).put("a", a);
            assertEquals(List.of(2L, 3L), steps(ckpt, CheckpointInfo.State.VALID), "nothing is removed before the newer one is committed");
            c.commitAsync().get();
        });
        assertEquals(List.of(3L, 4L), steps(ckpt, CheckpointInfo.State.VALID));
        assertEquals(List.of(), steps(ckpt, CheckpointInfo.State.PARTIAL), "removed ones leave nothing behind");
    }

    @Test
    void aRestartSupersedesTheStepsAfterItOnceItCommits() throws Exception {
        Path ckpt = dir.resolve("t");
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> {
            for (long s = 10; s <= 40; s += 10) store.begin(s).put("a", a).commit();
        });
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> {
            assertEquals(20, store.restart(20).step());
            assertEquals(List.of(10L, 20L, 30L, 40L), steps(ckpt, CheckpointInfo.State.VALID), "restarting alone changes nothing");
            CollectiveException early = assertThrows(CollectiveException.class, () -> store.begin(20));
            assertTrue(early.getMessage().contains("step must be later than step=20"), early.getMessage());
            store.begin(50).put("a", a).commit();                 // later than the abandoned 40, still of the new history
        });
        assertEquals(List.of(10L, 20L, 50L), steps(ckpt, CheckpointInfo.State.VALID));
        assertEquals(List.of(30L, 40L), steps(ckpt, CheckpointInfo.State.SUPERSEDED));
        CheckpointInfo s = Catalog.of(ckpt).list().stream().filter(c -> c.step() == 30).findFirst().orElseThrow();
        assertTrue(s.reason().startsWith("superseded: the run that restarted from step 20 committed step 50"), s.reason());
        assertEquals(50, Catalog.of(ckpt).valid().get(2).step());
        assertEquals(20, Catalog.of(ckpt).valid().get(2).manifest().restartedFrom());
        // negative control: a run that continues without restarting supersedes nothing earlier than its step
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> store.begin(60).put("a", a).commit());
        assertEquals(List.of(10L, 20L, 50L, 60L), steps(ckpt, CheckpointInfo.State.VALID));
        // and one that goes back to an earlier step without restarting takes over from there
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> store.begin(15).put("a", a).commit());
        assertEquals(List.of(10L, 15L), steps(ckpt, CheckpointInfo.State.VALID));
    }

    @Test
    void theNextWriterRemovesWhatDeadWritersLeftAndAReaderNeverTakesIt() throws Exception {
        Path ckpt = dir.resolve("l");
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> store.begin(1).put("a", a).commit());
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path partial = ckpt.resolve(".ckpt-000000000002.partial-" + gone.pid() + "-1f@" + Catalog.thisHost());
        Path deleting = ckpt.resolve(".ckpt-000000000000.deleting-2e");
        for (Path p : List.of(partial, deleting)) Files.createDirectories(p);
        Files.copy(ckpt.resolve("ckpt-000000000001").resolve(Manifest.FILE), partial.resolve(Manifest.FILE)); // even with a manifest
        CheckpointInfo p = Catalog.of(ckpt).list().stream().filter(c -> c.step() == 2).findFirst().orElseThrow();
        assertEquals(CheckpointInfo.State.PARTIAL, p.state());
        assertTrue(p.reason().contains("left by a writer that died (pid " + gone.pid() + ")"), p.reason());
        assertEquals(1, Catalog.of(ckpt).latestValid().orElseThrow().step());
        withStore(ckpt, CheckpointOptions.defaults(), (store, a) -> {
            assertTrue(Files.notExists(partial) && Files.notExists(deleting), "removed when the writer opened");
            Checkpoint begun = store.begin(3).put("a", a);
            assertEquals(1, Catalog.of(ckpt).list().stream().filter(c -> c.state() == CheckpointInfo.State.PARTIAL).count());
            store.comm().barrier();                                // every rank has looked before rank 0 removes it
            begun.abort();
            store.begin(4).put("a", a);                            // closing the store drops a checkpoint never committed
        });
        assertEquals(List.of(1L), Catalog.of(ckpt).list().stream().map(CheckpointInfo::step).toList());
    }

    @Test
    void aFlippedByteIsNamedByVerifyAndByRestart() throws Exception {
        Path ckpt = dir.resolve("f");
        withStore(ckpt, CheckpointOptions.defaults().blockBytes(64), (store, a) -> store.begin(7).put("a", a).commit());
        CheckpointInfo c = Catalog.of(ckpt).latestValid().orElseThrow();
        Path file = c.path().resolve("a.npy");
        long at = 128 + 8 * 13 + 2;                               // in element 13, block 3 of 64 bytes
        flip(file, at);
        ChecksumException e = assertThrows(ChecksumException.class, () -> Catalog.of(ckpt).verify(c));
        assertEquals("a", e.array());
        assertEquals(3, e.block());
        assertEquals(192, e.position());
        assertTrue(e.getMessage().contains("array=a file=a.npy block=3 offset=192 length=64 (bytes 192..255)"), e.getMessage());
        LocalComm.run(3, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                Restart r = store.restart();
                CollectiveIOException x = assertThrows(CollectiveIOException.class, () -> r.load("a"));
                assertTrue(x.getMessage().contains("array=a file=a.npy block=3 offset=192"), x.getMessage());
            }
        });
        flip(file, at);
        flip(file, 20);                                            // in the header: the block is named, not a parse error
        ChecksumException h = assertThrows(ChecksumException.class, () -> Catalog.of(ckpt).verify(c));
        assertEquals(0, h.block());
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt)) {
                CollectiveIOException x = assertThrows(CollectiveIOException.class, () -> store.restart().load("a"));
                assertTrue(x.getMessage().contains("block=0 offset=0 length=64"), x.getMessage());
            }
        });
    }

    static void flip(Path file, long at) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x10);
        }
    }
}
