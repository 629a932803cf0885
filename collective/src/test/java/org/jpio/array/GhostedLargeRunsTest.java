package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ghosted blocks whose file runs are large go through the independent path, which writes a run's
 * scattered interior as the array's stretches (a vectored write from the array, in batches) and reads it
 * through a bounded staging buffer: one run per rank, two runs per rank, and runs longer than the staging
 * buffer (each of them more than one vectored call), each written ghosted and read back into a block
 * without ghosts and into a ghosted one.
 */
class GhostedLargeRunsTest {
    @TempDir Path dir;

    private void roundTrip(int[] shape, int... grid) throws Exception {
        Path file = dir.resolve("g-" + shape[1] + "-" + grid[1] + ".npy");
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, shape, grid, null, 1);
            Fill.fill(a);
            a.write(file);
            assertTrue(a.hints().getOrDefault("jpio_cb_write_choice", "").startsWith("independent"), a.hints().toString());
            DistributedArray plain = DistributedArray.create(comm, ElementType.DOUBLE, shape, grid, null, 0);
            plain.read(file);
            Fill.check(plain, "read without ghosts");
            DistributedArray ghosted = DistributedArray.create(comm, ElementType.DOUBLE, shape, grid, null, 2);
            Fill.clear(ghosted); // ghosts hold sentinels: a read must leave them alone
            ghosted.read(file);
            Fill.check(ghosted, "read with ghosts");
        });
    }

    @Test void oneRunPerRank() throws Exception { roundTrip(new int[] {4, 64, 64}, 2, 1, 1); }

    @Test void twoRunsPerRank() throws Exception { roundTrip(new int[] {2, 256, 64}, 1, 2, 1); }

    @Test void runsLongerThanTheStagingBuffer() throws Exception { roundTrip(new int[] {2, 4096, 384}, 1, 2, 1); }
}
