package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code striping_unit} in the store's hints, every dataset of an h5 checkpoint starts on a multiple of
 * the stripe (H5Pset_alignment, as DistributedArray's h5 writes): h5py's {@code id.get_offset()} of every
 * dataset and the manifest's data positions agree and are multiples of 65536, and the checkpoint verifies
 * (Java and Python) and restarts on another rank count. Without the hint (the negative control) the same
 * checkpoint packs its datasets, so not every offset is a multiple.
 */
class CheckpointH5AlignmentTest {
    static final long STRIPE = 65536;
    /** Every array at least 4 KiB: HDF5 aligns objects of that size or more, and packs smaller metadata. */
    static final ElementType[] TYPES = {ElementType.DOUBLE, ElementType.LONG, ElementType.FLOAT, ElementType.INT, ElementType.BYTE};
    static final int[][] SHAPES = {{24, 30}, {700}, {20, 12, 5}, {2000}, {64, 65}};

    @TempDir Path dir;

    static DistributedArray[] arrays(Comm comm, boolean reading) {
        DistributedArray[] a = new DistributedArray[TYPES.length];
        for (int i = 0; i < a.length; i++) {
            Dist[] d = new Dist[SHAPES[i].length];
            for (int k = 0; k < d.length; k++) d[k] = (i + k + (reading ? 1 : 0)) % 2 == 0 ? Dist.BLOCK : Dist.cyclic(3);
            a[i] = DistributedArray.create(comm, TYPES[i], SHAPES[i], null, d, reading ? 1 : 0);
        }
        return a;
    }

    static String name(int i) { return "f" + i; }

    /** One h5 checkpoint of step 1 on 3 ranks with {@code hints}; returns its directory. */
    static Path write(Path store, Hints hints) throws Exception {
        LocalComm.run(3, comm -> {
            DistributedArray[] a = arrays(comm, false);
            try (CheckpointStore s = CheckpointStore.open(comm, store, CheckpointOptions.defaults().format(ArrayFormats.H5).hints(hints).blockBytes(4096))) {
                Checkpoint c = s.begin(1);
                for (int i = 0; i < a.length; i++) {
                    Fill.fill(a[i]);
                    c.put(name(i), a[i]);
                }
                c.attribute("time", 0.25).commit();
            }
        });
        return store.resolve(Catalog.committedName(1));
    }

    /** Each dataset's offset as h5py reports it, in the order of {@link #name}. */
    static long[] h5pyOffsets(Path ckpt) throws Exception {
        String py = "import sys, h5py\nwith h5py.File(sys.argv[1], 'r') as f:\n"
                + "    print(' '.join(str(f['f%d' % i].id.get_offset()) for i in range(int(sys.argv[2]))))\n";
        String out = ManifestFixtureTest.run("/usr/bin/python3", "-c", py, ckpt.resolve("checkpoint.h5").toString(), Integer.toString(TYPES.length)).trim();
        return Arrays.stream(out.split(" ")).mapToLong(Long::parseLong).toArray();
    }

    static long[] manifestOffsets(Path store) throws java.io.IOException {
        Manifest m = Catalog.of(store).latestValid().orElseThrow().manifest();
        long[] o = new long[TYPES.length];
        for (int i = 0; i < o.length; i++) o[i] = m.array(name(i)).dataPosition();
        return o;
    }

    static boolean allAligned(long[] offsets) {
        return Arrays.stream(offsets).allMatch(o -> o % STRIPE == 0);
    }

    @Test
    void withStripingUnitEveryDatasetStartsOnAStripeAndTheCheckpointVerifiesAndRestarts() throws Exception {
        Path store = dir.resolve("aligned"), ckpt = write(store, Hints.of(Hints.STRIPING_UNIT, Long.toString(STRIPE)));
        long[] h5py = h5pyOffsets(ckpt);
        assertEquals(Arrays.toString(h5py), Arrays.toString(manifestOffsets(store)), "the manifest's data positions are the datasets' offsets");
        assertTrue(allAligned(h5py), "offsets " + Arrays.toString(h5py) + " are multiples of " + STRIPE);
        assertEquals(TYPES.length, Arrays.stream(h5py).distinct().count(), "every dataset has a place of its own");

        CheckpointInfo c = Catalog.of(store).latestValid().orElseThrow();
        assertEquals(c.manifest().bytes(), Catalog.of(store).verify(c));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < TYPES.length; i++) names.add(name(i));
        assertEquals("ok " + String.join(" ", names),
                ManifestFixtureTest.run("/usr/bin/python3", ManifestFixtureTest.resource("verify_checkpoint.py").toString(), ckpt.toString()).trim());
        LocalComm.run(2, comm -> {
            try (CheckpointStore s = CheckpointStore.open(comm, store, CheckpointOptions.defaults().readOnly())) {
                Restart r = s.restart();
                assertEquals(0.25, r.attributes().getDouble("time"));
                DistributedArray[] b = arrays(comm, true);
                for (int i = 0; i < b.length; i++) {
                    Fill.clear(b[i]);
                    r.read(name(i), b[i]);
                    Fill.check(b[i], "restarted " + name(i) + " from an aligned checkpoint on 2 ranks");
                }
            }
        });
    }

    @Test
    void withoutTheHintALargeArrayOfInterleavedBlocksStartsAtOneMebibyte() throws Exception {  // NewArray.alignment, as DistributedArray's h5 writes
        Path store = dir.resolve("large");
        int[] shape = {256, 128, 128}; // 16 MiB of ints on coll_perf's 2x2x1 grid
        LocalComm.run(4, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, shape).processGrid(2, 2, 1).create();
            assertTrue(a.blocksInterleave());
            Fill.fill(a);
            try (CheckpointStore s = CheckpointStore.open(comm, store, CheckpointOptions.defaults().format(ArrayFormats.H5))) {
                s.begin(1).put("big", a).commit();
            }
        });
        Path ckpt = store.resolve(Catalog.committedName(1));
        String py = "import sys, h5py\nwith h5py.File(sys.argv[1], 'r') as f:\n    print(f['big'].id.get_offset())\n";
        long h5py = Long.parseLong(ManifestFixtureTest.run("/usr/bin/python3", "-c", py, ckpt.resolve("checkpoint.h5").toString()).trim());
        CheckpointInfo c = Catalog.of(store).latestValid().orElseThrow();
        assertEquals(1 << 20, c.manifest().array("big").dataPosition());
        assertEquals(1 << 20, h5py);
        assertEquals(c.manifest().bytes(), Catalog.of(store).verify(c));
    }

    @Test
    void withoutTheHintTheDatasetsArePacked() throws Exception {  // negative control: the alignment comes from the hint
        Path store = dir.resolve("packed"), ckpt = write(store, Hints.defaults());
        long[] h5py = h5pyOffsets(ckpt);
        assertEquals(Arrays.toString(h5py), Arrays.toString(manifestOffsets(store)));
        assertFalse(allAligned(h5py), "offsets " + Arrays.toString(h5py) + " without striping_unit");
        CheckpointInfo c = Catalog.of(store).latestValid().orElseThrow();
        assertEquals(c.manifest().bytes(), Catalog.of(store).verify(c));
    }
}
