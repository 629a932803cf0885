package org.jpio.checkpoint;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.jpio.view.Distribution;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every N-to-M restart for N, M in 1..5: N ranks commit a checkpoint of eight arrays (one per element type)
 * synchronously, asynchronously with a copy and asynchronously without one; M ranks restart each of the three
 * into arrays of other grids, distributions and ghost widths, and check every element and ghost. Across
 * the 25 pairs every element type meets every distribution (BLOCK, CYCLIC(1), CYCLIC(2), NONE) on both
 * sides. Chunks of 24 bytes, checksum blocks of 40 bytes and 48 bytes of staging make every array take
 * several collective writes, blocks span ranks, and the copy wait for the writer.
 */
class CheckpointNtoMTest {
    @TempDir Path dir;

    static final Dist[] DISTS = {Dist.BLOCK, Dist.CYCLIC, Dist.cyclic(2), Dist.NONE};
    static final int[][] SHAPES = {{5, 4, 3}, {7, 6}, {11}, {1, 5, 2}, {3, 1, 4}, {2, 9}, {6, 2, 2}, {13}};
    static final ElementType[] TYPES = ElementType.values();

    static Stream<Arguments> pairs() {
        List<Arguments> out = new ArrayList<>();
        for (int n = 1; n <= 5; n++) for (int m = 1; m <= 5; m++) out.add(Arguments.of(n, m));
        return out.stream();
    }

    /** Array {@code i} of a side: shape and distributions rotate with the pair and the side, so the product is covered. */
    static DistributedArray array(Comm comm, int i, int rotation) {
        int[] shape = SHAPES[i];
        Dist[] d = new Dist[shape.length];
        for (int k = 0; k < d.length; k++) d[k] = DISTS[(i + rotation + k) % DISTS.length];
        if (comm.size() > 1 && java.util.Arrays.stream(d).allMatch(x -> x.distribution() == Distribution.NONE)) d[0] = Dist.BLOCK;
        return DistributedArray.create(comm, TYPES[i], shape, null, d, (i + rotation) % 3);
    }

    @ParameterizedTest(name = "N={0} M={1}")
    @MethodSource("pairs")
    void writtenByNRestartedOnM(int n, int m) throws Exception {
        Path ckpt = dir.resolve("n" + n + "m" + m);
        CheckpointOptions o = CheckpointOptions.defaults().chunkBytes(24).stagingBytes(48).blockBytes(40).hints(Hints.of(Hints.CB_BUFFER_SIZE, "64"))
                .async(AsyncMode.BACKGROUND);                               // the staged copy and the background writer, on any core count
        LocalComm.run(n, comm -> {
            DistributedArray[] a = new DistributedArray[TYPES.length];
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o)) {
                for (int mode = 0; mode < 3; mode++) {
                    Checkpoint c = store.begin(mode).attribute("mode", mode);
                    for (int i = 0; i < a.length; i++) {
                        a[i] = array(comm, i, n + mode);
                        Fill.fill(a[i]);
                        c.put(TYPES[i].name().toLowerCase(), a[i]);
                    }
                    if (mode == 0) c.commit();
                    else if (mode == 1) {
                        var f = c.commitAsync();
                        for (DistributedArray x : a) Fill.clear(x);         // the copy is what gets written
                        f.get();
                    } else c.commitAsyncWithoutCopy().get();
                }
            }
        });
        LocalComm.run(m, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o.readOnly())) {
                for (int mode = 0; mode < 3; mode++) {
                    Restart r = store.restart(mode);
                    for (int i = 0; i < TYPES.length; i++) {
                        DistributedArray b = array(comm, i, m + mode + 1);
                        Fill.clear(b);
                        r.read(TYPES[i].name().toLowerCase(), b);
                        Fill.check(b, "N=" + n + " M=" + m + " mode=" + mode + " array " + i + " " + b);
                    }
                }
            }
        });
    }
}
