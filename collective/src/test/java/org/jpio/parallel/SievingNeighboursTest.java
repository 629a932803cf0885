package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collective write on the independent path where some ranks data-sieve (read-modify-write of windows with
 * holes) and one rank writes a single run inside their windows: that run is written under a byte-range lock,
 * or a sieving rank's write-back of its window could put the run's old bytes back (a lost update that
 * CollectiveMatrixTest under mpirun met about one run in four before the lock).
 */
class SievingNeighboursTest {
    @TempDir Path dir;

    @Test
    void aSingleRunAmongSievingRanksIsWrittenUnderALock() throws Exception {
        Path file = dir.resolve("cyclic.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        // 13 longs, CYCLIC(2) over 4 ranks: ranks 0-2 own two or three blocks (they sieve), rank 3 one block
        int n = 13, p = 4;
        LocalComm.run(p, comm -> {
            Datatype ft = Datatype.darray(p, comm.rank(), new int[] {n}, new Distribution[] {Distribution.CYCLIC}, new int[] {2},
                    new int[] {p}, Order.C, Datatype.of(ElementType.LONG));
            int count = (int) (ft.size() / 8);
            long[] mine = new long[count];
            int k = 0;
            for (int b = comm.rank(); b * 2 < n; b += p) for (int e = b * 2; e < Math.min(n, b * 2 + 2); e++) mine[k++] = 1000 + e;
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "disable", Hints.ROMIO_DS_WRITE, "enable"), rec)) {
                f.setView(new FileView(0, ElementType.LONG, ft, DataRep.NATIVE));
                comm.barrier();
                if (comm.rank() == 0) rec.clear();
                comm.barrier();
                f.writeAll(Elements.ofArray(mine));
            }
        });
        List<RecordingEngine.Call> rank3 = rec.calls().stream().filter(c -> c.thread().equals("jpio-rank-3")).toList();
        int write = -1, lock = -1;
        for (int i = 0; i < rank3.size(); i++) {
            if (rank3.get(i).isWrite() && write < 0) write = i;
            if (rank3.get(i).op().equals("lock") && lock < 0) lock = i;
        }
        assertTrue(write >= 0, "rank 3 wrote: " + rank3);
        assertTrue(lock >= 0 && lock < write, "rank 3's single run is locked before it is written: " + rank3);
        ByteBuffer back = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        for (int e = 0; e < n; e++) assertEquals(1000 + e, back.getLong(8 * e), "element " + e);
    }

    /**
     * Where no other rank of the call sieves, nobody can undo a run: one rank alone, or ranks that each
     * write one contiguous run (however short), write without a byte-range lock (a lock and an unlock, two
     * fcntl calls, were a quarter of a 1 KiB writeAtAll on one rank).
     */
    @Test
    void runsAmongRanksThatDoNotSieveTakeNoLock() throws Exception {
        for (int p : new int[] {1, 3}) {
            Path file = dir.resolve("contiguous-" + p + ".bin");
            RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
            LocalComm.run(p, comm -> {
                try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                        Hints.of(Hints.ROMIO_CB_WRITE, "disable", Hints.ROMIO_DS_WRITE, "enable"), rec)) {
                    f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                    int[] mine = new int[256];
                    java.util.Arrays.fill(mine, comm.rank() + 1);
                    for (int i = 0; i < 3; i++) f.writeAtAll(256L * comm.rank(), Elements.of(mine));
                }
            });
            List<RecordingEngine.Call> locks = rec.calls().stream().filter(c -> c.op().equals("lock")).toList();
            assertEquals(List.of(), locks, p + " rank(s), one run each");
            ByteBuffer back = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
            for (int e = 0; e < 256 * p; e++) assertEquals(e / 256 + 1, back.getInt(4 * e), "element " + e);
        }
    }
}
