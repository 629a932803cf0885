package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MPI_File_set_atomicity: in atomic mode, concurrent overlapping independent writes through a
 * noncontiguous view (the data-sieving path) leave each element range all from one writer, never a mix.
 */
class AtomicModeTest {
    @TempDir Path dir;

    @RepeatedTest(5)
    void overlappingWritesInAtomicModeAreAllOrNothing() throws Exception {
        Path file = dir.resolve("atomic.bin");
        int pieces = 4096;
        LocalComm.run(3, comm -> {
            // small sieving windows: without atomic mode each rank's write is many separately locked windows,
            // which other ranks' windows interleave with
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.of(Hints.IND_WR_BUFFER_SIZE, "4096"))) {
                f.setAtomicity(true);
                assertTrue(f.atomicity());
                // every rank writes the same strided pieces (2 ints every 3), all overlapping, through sieving
                Datatype ft = Datatype.resized(0, 12, Datatype.contiguous(2, Datatype.of(ElementType.INT)));
                f.setView(new FileView(0, ElementType.INT, ft, DataRep.NATIVE));
                int[] mine = new int[2 * pieces];
                java.util.Arrays.fill(mine, comm.rank() + 1);
                comm.barrier();
                f.writeAt(0, Elements.ofArray(mine, 0, mine.length));
            }
        });
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        int first = b.getInt(0);
        assertTrue(first >= 1 && first <= 3, "some rank's value: " + first);
        for (int p = 0; p < pieces; p++)
            for (int k = 0; k < 2; k++) assertEquals(first, b.getInt(p * 12 + k * 4), "piece " + p + ": one writer's data throughout");
    }

    @Test
    void collectiveTransfersInAtomicModeRunIndependentlyUnderLocks() throws Exception {
        Path file = dir.resolve("coll.bin");
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.CB_BUFFER_SIZE, "64"))) {
                f.setAtomicity(true);
                Datatype ft = Datatype.resized(0, 8, Datatype.of(ElementType.INT));
                f.setView(new FileView(comm.rank() * 4L, ElementType.INT, ft, DataRep.NATIVE));
                int[] mine = new int[256];
                java.util.Arrays.fill(mine, comm.rank() + 5);
                f.writeAll(Elements.ofArray(mine));
                assertTrue(f.hints().get("jpio_cb_write_choice").startsWith("independent (atomic mode"), f.hints().toString());
                int[] back = new int[256];
                f.seek(0);
                f.readAll(Elements.ofArray(back));
                assertEquals(java.util.Arrays.toString(mine), java.util.Arrays.toString(back));
            }
        });
    }

    @Test
    void atomicityFlagMustBeEqualOnAllRanks() throws Exception {
        Path file = dir.resolve("flag.bin");
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.fromEnvironment())) {
                CollectiveException e = assertThrows(CollectiveException.class, () -> f.setAtomicity(comm.rank() == 0));
                assertTrue(e.getMessage().contains("flag"), e.getMessage());
            }
        });
    }
}
