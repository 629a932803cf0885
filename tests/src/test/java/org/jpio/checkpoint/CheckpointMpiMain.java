package org.jpio.checkpoint;

import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.io.ElementType;

/**
 * Checkpoints of eight arrays (one per element type) on whatever communicator runs it: MPI processes under
 * mpirun ({@code write DIR [h5]} / {@code read DIR}), or in-JVM ranks ({@link #check}). Step 1 is committed
 * synchronously, step 2 asynchronously with a copy (the arrays are overwritten at once), step 3
 * asynchronously without one; readers use other distributions and ghost widths. Every element holds a value
 * computed from its global position, so each rank checks its own part alone.
 */
public final class CheckpointMpiMain {
    private CheckpointMpiMain() { }

    static final Dist[][] WRITE = {{Dist.BLOCK}, {Dist.CYCLIC, Dist.BLOCK}, {Dist.cyclic(2), Dist.NONE}};
    static final Dist[][] READ = {{Dist.cyclic(3)}, {Dist.NONE, Dist.CYCLIC}, {Dist.BLOCK, Dist.BLOCK}};
    static final int[][] SHAPES = {{37}, {9, 8}, {6, 7}};

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        Path dir = Path.of(args[1]);
        if (args[0].equals("write")) write(world, dir, args.length > 2 ? ArrayFormats.get(args[2]) : ArrayFormats.NPY);
        else for (long step = 1; step <= 3; step++) check(world, dir, step);
        System.out.println(args[0] + " ok: rank=" + world.rank() + " size=" + world.size());
    }

    static DistributedArray array(Comm comm, int i, Dist[][] dists, int ghost) {
        int k = i % SHAPES.length;
        return DistributedArray.create(comm, ElementType.values()[i], SHAPES[k], null, dists[k], ghost);
    }

    /** Steps 1 to 3 into {@code dir}, in {@code format} (.npy files, or one HDF5 file per checkpoint). */
    static void write(Comm comm, Path dir, ArrayFormat format) throws Exception {
        try (CheckpointStore store = CheckpointStore.open(comm, dir, CheckpointOptions.defaults().format(format).chunkBytes(64).blockBytes(100).async(AsyncMode.BACKGROUND))) {
            for (long step = 1; step <= 3; step++) {
                Checkpoint c = store.begin(step).attribute("step", step);
                DistributedArray[] a = new DistributedArray[ElementType.values().length];
                for (int i = 0; i < a.length; i++) {
                    a[i] = array(comm, i, WRITE, 1);
                    fill(a[i], step, false);
                    c.put("a" + i, a[i]);
                }
                if (step == 1) c.commit();
                else if (step == 2) {
                    CompletableFuture<CheckpointInfo> f = c.commitAsync();
                    for (DistributedArray x : a) fill(x, step + 100, false);
                    f.get();
                } else c.commitAsyncWithoutCopy().get();
            }
        }
    }

    /** Restarts step {@code step} of {@code dir} on {@code comm} and checks every owned element. */
    public static void check(Comm comm, Path dir, long step) throws Exception {
        try (CheckpointStore store = CheckpointStore.open(comm, dir, CheckpointOptions.defaults().readOnly())) {
            Restart r = store.restart(step);
            if (r.attributes().getLong("step") != step) throw new AssertionError("attribute step=" + r.attributes().getLong("step"));
            for (int i = 0; i < ElementType.values().length; i++) {
                DistributedArray b = array(comm, i, READ, 2);
                r.read("a" + i, b);
                fill(b, step, true);
            }
        }
    }

    /** Sets (or, with {@code check}, compares) every owned element to the value of its global position and {@code salt}. */
    static void fill(DistributedArray a, long salt, boolean check) {
        int[] shape = a.globalShape(), local = a.localShape();
        if (a.localCount() == 0) return;
        int[] at = new int[local.length];
        while (true) {
            int[] g = a.toGlobal(at);
            long p = 0;
            for (int d = 0; d < g.length; d++) p = p * shape[d] + g[d];
            Object want = value(a.elementType(), p * 31 + salt);
            int idx = a.index(at);
            if (!check) Array.set(a.data(), idx, want);
            else if (!Array.get(a.data(), idx).equals(want))
                throw new AssertionError(a + " global " + Arrays.toString(g) + " holds " + Array.get(a.data(), idx) + ", expected " + want);
            int d = local.length - 1;
            while (d >= 0 && ++at[d] == local[d]) at[d--] = 0;
            if (d < 0) return;
        }
    }

    static Object value(ElementType t, long v) {
        return switch (t) {
            case BOOLEAN -> v % 3 == 1;
            case BYTE -> (byte) v;
            case CHAR -> (char) (v * 7);
            case SHORT -> (short) -v;
            case INT -> (int) (v * 1001);
            case LONG -> v * 1_000_000_007L;
            case FLOAT -> (float) (v * 0.5);
            case DOUBLE -> -v * 0.25;
        };
    }
}
