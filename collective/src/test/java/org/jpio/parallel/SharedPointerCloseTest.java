package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.concurrent.CountDownLatch;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing a file does not move its shared file pointer under a rank that is still in its last
 * read_shared: ROMIO's shared_fp.c pattern (read_shared, then close) with rank 0 already inside close,
 * waiting for rank 1, when rank 1 takes its block. Found by the port of shared_fp.c, whose sum check
 * failed on in-JVM ranks when rank 0's close reset the pointer to 0 before the others had taken theirs.
 */
class SharedPointerCloseTest {
    @TempDir Path dir;

    @Test
    void aRankStillReadingSharedTakesTheNextBlockWhileRankZeroCloses() throws Exception {
        Path file = dir.resolve("shared.bin");
        CountDownLatch rankZeroClosing = new CountDownLatch(1);
        int[][] got = new int[2][];
        LocalComm.run(2, comm -> {
            ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.of(Hints.JPIO_BACKEND, "independent"));
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            f.writeAt(4L * comm.rank(), Elements.of(new int[] {comm.rank(), comm.rank(), comm.rank(), comm.rank()}));
            comm.barrier();
            int[] block = new int[4];
            if (comm.rank() == 0) {
                assertEquals(4, f.readShared(Elements.of(block)));
                rankZeroClosing.countDown();
            } else {
                rankZeroClosing.await();
                Thread.sleep(300); // rank 0 is in close now, waiting for this rank
                assertEquals(4, f.readShared(Elements.of(block)));
            }
            got[comm.rank()] = block;
            f.close();
        });
        assertArrayEquals(new int[] {0, 0, 0, 0}, got[0]);
        assertArrayEquals(new int[] {1, 1, 1, 1}, got[1], "rank 1 took the block after rank 0's, not the start again");
    }
}
