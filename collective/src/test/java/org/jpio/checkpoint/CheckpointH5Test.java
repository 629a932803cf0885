package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints in one HDF5 file ({@code checkpoint.h5}, a dataset per array, the attributes on the root
 * group): committed sync and async on 3 in-JVM ranks with keep-last, restarted on 2 and 5 with other
 * distributions and ghosts, verified; h5py reads every dataset (values as Fill's) and attribute, h5dump
 * accepts the file; a flipped byte inside a dataset's data is named by verify and restart (checkpoint,
 * array, file, block, byte range), one in the metadata by the shared file's checksum.
 */
class CheckpointH5Test {
    @TempDir Path dir;

    static final ElementType[] TYPES = {ElementType.DOUBLE, ElementType.BYTE, ElementType.CHAR, ElementType.BOOLEAN, ElementType.FLOAT, ElementType.LONG};
    static final int[][] SHAPES = {{6, 5, 4}, {11}, {3, 7}, {5, 2}, {9}, {2, 3, 2, 2}};

    static DistributedArray[] arrays(Comm comm, boolean reading) {
        DistributedArray[] a = new DistributedArray[TYPES.length];
        for (int i = 0; i < a.length; i++) {
            Dist[] d = new Dist[SHAPES[i].length];
            for (int k = 0; k < d.length; k++) d[k] = (i + k + (reading ? 1 : 0)) % 3 == 0 ? Dist.BLOCK : (i + k) % 3 == 1 ? Dist.CYCLIC : Dist.cyclic(2);
            a[i] = DistributedArray.create(comm, TYPES[i], SHAPES[i], null, d, reading ? 2 : i % 2);
        }
        return a;
    }

    static String name(int i) { return "a" + i + "_" + TYPES[i].toString().toLowerCase(); }

    static CheckpointOptions h5() { return CheckpointOptions.defaults().format(ArrayFormats.H5).blockBytes(100).chunkBytes(48).keepLast(2); }

    /** Steps 1 (sync), 2 (async, arrays overwritten at once), 3 (async without a copy) on 3 ranks; returns the latest checkpoint. */
    Path write(Path store) throws Exception {
        LocalComm.run(3, comm -> {
            DistributedArray[] a = arrays(comm, false);
            try (CheckpointStore s = CheckpointStore.open(comm, store, h5())) {
                for (long step = 1; step <= 3; step++) {
                    for (DistributedArray x : a) Fill.fill(x);
                    Checkpoint c = s.begin(step);
                    for (int i = 0; i < a.length; i++) c.put(name(i), a[i]);
                    c.attribute("time", step * 0.5).attribute("note", "run \"h5\"").attribute("count", -3L).attribute("flag", true)
                            .attribute("nan", Double.longBitsToDouble(0x7ff80000000000abL)).attribute("step", step);
                    if (step == 1) c.commit();
                    else if (step == 2) {
                        var f = c.commitAsync();
                        for (DistributedArray x : a) Fill.clear(x);
                        f.get();
                    } else c.commitAsyncWithoutCopy().get();
                }
            }
        });
        return store.resolve(Catalog.committedName(3));
    }

    static void restart(Path store, int ranks) throws Exception {
        LocalComm.run(ranks, comm -> {
            try (CheckpointStore s = CheckpointStore.open(comm, store, CheckpointOptions.defaults().readOnly())) {
                Restart r = s.restart();
                assertEquals(3, r.step());
                assertEquals(1.5, r.attributes().getDouble("time"));
                DistributedArray[] b = arrays(comm, true);
                for (int i = 0; i < b.length; i++) {
                    Fill.clear(b[i]);
                    r.read(name(i), b[i]);
                    Fill.check(b[i], "restarted " + name(i) + " on " + ranks + " ranks");
                }
            }
        });
    }

    @Test
    void oneHdf5FileRestartedOnOtherRankCountsAndReadByH5pyAndH5dump() throws Exception {
        Path store = dir.resolve("store"), ckpt = write(store);
        assertEquals(List.of(2L, 3L), Catalog.of(store).valid().stream().map(CheckpointInfo::step).toList(), "keep last 2");
        try (Stream<Path> s = Files.list(ckpt)) {
            assertEquals(List.of("checkpoint.h5", "manifest.json"), s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        Manifest m = Catalog.of(store).latestValid().orElseThrow().manifest();
        assertEquals(2, m.version());
        assertEquals("/" + name(0), m.array(name(0)).dataset());
        assertEquals(Files.size(ckpt.resolve("checkpoint.h5")), m.bytes());
        assertEquals(m.bytes(), Catalog.of(store).verify(Catalog.of(store).latestValid().orElseThrow()));
        restart(store, 2);
        restart(store, 5);

        assertEquals("ok " + String.join(" ", names()), ManifestFixtureTest.run("/usr/bin/python3", ManifestFixtureTest.resource("verify_checkpoint.py").toString(), ckpt.toString()).trim());
        StringBuilder py = new StringBuilder(Fill.NUMPY_VALUES).append("import h5py\nwith h5py.File(sys.argv[1], 'r') as f:\n");
        for (int i = 0; i < TYPES.length; i++) {
            String code = "" + TYPES[i].numpyKind() + TYPES[i].size();
            py.append("    assert np.array_equal(f['/").append(name(i)).append("'][()], values('").append(code).append("', ").append(tuple(SHAPES[i])).append(")), '")
                    .append(name(i)).append("'\n");
        }
        py.append("    a = f.attrs\n    assert a['step'] == 3 and a['time'] == 1.5 and a['note'] == 'run \"h5\"' and a['count'] == -3 and a['flag'] == True, dict(a)\n");
        py.append("    assert np.float64(a['nan']).view(np.int64) == 0x7ff80000000000ab, a['nan']\n    print('h5py ok', len(f.keys()))\n");
        assertEquals("h5py ok " + TYPES.length, ManifestFixtureTest.run("/usr/bin/python3", "-c", py.toString(), ckpt.resolve("checkpoint.h5").toString()).trim());
        String dump = ManifestFixtureTest.run("h5dump", ckpt.resolve("checkpoint.h5").toString());
        assertTrue(dump.contains("ATTRIBUTE \"step\"") && dump.contains("DATASET \"" + name(0) + "\"") && !dump.contains("h5dump error"), dump);
    }

    static List<String> names() {
        List<String> n = new ArrayList<>();
        for (int i = 0; i < TYPES.length; i++) n.add(name(i));
        return n;
    }

    static String tuple(int[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int x : s) b.append(x).append(", ");
        return b.append(")").toString();
    }

    static void flip(Path file, long at) throws Exception {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1);
            c.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x10)).rewind();
            c.write(b, at);
        }
    }

    @Test
    void aFlippedByteInsideADatasetIsNamedByVerifyAndRestart() throws Exception {
        Path store = dir.resolve("store"), ckpt = write(store);
        Manifest.Entry e = Catalog.of(store).latestValid().orElseThrow().manifest().array(name(0));  // 120 doubles: blocks 0..9 of 100 bytes
        long at = e.dataPosition() + 3 * 100 + 17;
        flip(ckpt.resolve("checkpoint.h5"), at);
        CheckpointInfo c = Catalog.of(store).latestValid().orElseThrow();
        ChecksumException x = assertThrows(ChecksumException.class, () -> Catalog.of(store).verify(c));
        String where = "array=" + name(0) + " file=checkpoint.h5 block=3 offset=" + (e.dataPosition() + 300) + " length=100";
        assertTrue(x.getMessage().contains("checkpoint=" + ckpt) && x.getMessage().contains(where), x.getMessage());
        assertEquals(e.dataPosition() + 300, x.position());
        CollectiveIOException r = assertThrows(CollectiveIOException.class, () -> restart(store, 4));
        assertTrue(r.getMessage().contains(where), r.getMessage());
        flip(ckpt.resolve("checkpoint.h5"), at);                      // undone: everything verifies and restarts again
        Catalog.of(store).verify(c);
        restart(store, 4);
    }

    @Test
    void aFlippedByteInTheMetadataIsNamedByTheSharedFilesChecksum() throws Exception {
        Path store = dir.resolve("store"), ckpt = write(store);
        Path h5 = ckpt.resolve("checkpoint.h5");
        int at = new String(Files.readAllBytes(h5), StandardCharsets.ISO_8859_1).indexOf("run \"h5\"");   // the note attribute's value
        assertTrue(at > 0, "the note's bytes are in the file");
        flip(h5, at + 2);
        CheckpointInfo c = Catalog.of(store).latestValid().orElseThrow();
        ChecksumException x = assertThrows(ChecksumException.class, () -> Catalog.of(store).verify(c));
        assertTrue(x.getMessage().contains("file=checkpoint.h5 metadata") && x.getMessage().contains("checkpoint=" + ckpt), x.getMessage());
        CollectiveIOException r = assertThrows(CollectiveIOException.class, () -> restart(store, 2));
        assertTrue(r.getMessage().contains("file=checkpoint.h5 metadata"), r.getMessage());
    }

    @Test
    void aStepAttributeOtherThanTheStepIsRefusedBeforeAnyByteMoves() throws Exception {
        Path store = dir.resolve("store");
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.INT, 4, 4);
            try (CheckpointStore s = CheckpointStore.open(comm, store, h5())) {
                s.begin(5).put("u", a).attribute("step", 4L).commit();
            }
        }));
        assertTrue(e.getMessage().contains("attribute step=4") && e.getMessage().contains("checkpoint's step"), e.getMessage());
        assertEquals(List.of(), Catalog.of(store).list());
        try (Stream<Path> s = Files.list(store)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().contains("ckpt-")), "nothing of the refused checkpoint is left");
        }
    }
}
