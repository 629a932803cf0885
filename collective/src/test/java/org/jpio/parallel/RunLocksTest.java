package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.driver.Independent;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which large runs of an independent write are locked. Two ranks share a file of 64 KiB blocks: rank 1
 * writes the odd blocks whole (runs of {@link Independent#LARGE_RUN}, written straight from its array), rank
 * 0 the even blocks either whole too or as 8-byte pieces, which it writes by data sieving: a read-modify-write
 * of windows that span rank 1's blocks. A collective call where no rank sieves locks nothing (the runs go
 * unlocked, as ROMIO's contiguous writes); one where rank 0 sieves locks rank 1's runs, so that rank 0's
 * windows cannot write back stale copies of them; independent writes always lock.
 */
class RunLocksTest {
    static final int BLOCK_INTS = (int) (Independent.LARGE_RUN / 4);
    static final int BLOCKS = 32;

    @TempDir Path dir;

    /** Rank r's view: blocks r, r+2, ...; {@code sieved}: only the first 2 ints of every 32 (8-byte runs). */
    private static FileView view(int rank, boolean sieved) {
        Datatype block = sieved
                ? Datatype.resized(0, Independent.LARGE_RUN, Datatype.vector(BLOCK_INTS / 32, 2, 32, Datatype.of(ElementType.INT)))
                : Datatype.contiguous(BLOCK_INTS, Datatype.of(ElementType.INT));
        return new FileView(rank * Independent.LARGE_RUN, ElementType.INT, Datatype.resized(0, 2 * Independent.LARGE_RUN, block), DataRep.NATIVE);
    }

    private static int ints(boolean sieved) { return BLOCKS / 2 * (sieved ? BLOCK_INTS / 16 : BLOCK_INTS); }

    /**
     * Both ranks write {@code round * 10 + rank + 1} through their views, {@code rounds} times, collectively
     * (independent I/O chosen) or with writeAt; returns the lock calls of the last round.
     */
    private List<RecordingEngine.Call> write(Path file, boolean rank0Sieves, boolean collective, int rounds) throws Exception {
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        LocalComm.run(2, comm -> {
            // sieving windows of 4 blocks: each spans pieces of rank 0 and a whole block of rank 1 between them
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "disable", Hints.IND_WR_BUFFER_SIZE, Long.toString(4 * Independent.LARGE_RUN)), rec)) {
                boolean sieved = comm.rank() == 0 && rank0Sieves;
                f.setView(view(comm.rank(), sieved));
                int[] mine = new int[ints(sieved)];
                for (int round = 0; round < rounds; round++) {
                    java.util.Arrays.fill(mine, round * 10 + comm.rank() + 1);
                    comm.barrier();
                    if (comm.rank() == 0) rec.clear();
                    comm.barrier();
                    if (collective) f.writeAtAll(0, Elements.ofArray(mine, 0, mine.length));
                    else f.writeAt(0, Elements.ofArray(mine, 0, mine.length));
                    comm.barrier();
                    int[] back = new int[BLOCK_INTS];
                    try (var raw = org.jpio.file.ArrayFile.open(file)) { // rank 1's blocks hold this round's value
                        for (int b = 1; b < BLOCKS; b += 2) {
                            raw.readArray(b * Independent.LARGE_RUN, back);
                            for (int v : back) assertEquals(round * 10 + 2, v, "round " + round + " block " + b + ": rank 1's run undone");
                        }
                    }
                    comm.barrier();
                }
            }
        });
        return rec.calls("lock");
    }

    private static long locksOnRank1Runs(List<RecordingEngine.Call> locks) {
        return locks.stream().filter(c -> c.length() == Independent.LARGE_RUN && c.position() / Independent.LARGE_RUN % 2 == 1).count();
    }

    @Test
    void collectiveCallWhereNoRankSievesLocksNothing() throws Exception {
        Path file = dir.resolve("large.bin");
        List<RecordingEngine.Call> locks = write(file, false, true, 1);
        assertEquals(List.of(), locks);
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        for (int i = 0; i < BLOCKS * BLOCK_INTS; i++) assertEquals(i / BLOCK_INTS % 2 + 1, b.getInt(i * 4), "int " + i);
    }

    @Test
    void collectiveCallWhereOneRankSievesLocksTheOthersRuns() throws Exception {
        List<RecordingEngine.Call> locks = write(dir.resolve("mixed.bin"), true, true, 1);
        assertEquals(BLOCKS / 2, locksOnRank1Runs(locks), "each of rank 1's runs locked: " + locks);
    }

    @Test
    void independentWritesLockTheirRuns() throws Exception {
        List<RecordingEngine.Call> locks = write(dir.resolve("ind.bin"), false, false, 1);
        assertEquals(BLOCKS, locks.size(), "every run of both ranks locked: " + locks);
    }

    /** Rounds of the mixed collective write: rank 0's sieving windows never bring back rank 1's old values. */
    @Test
    void sievingWindowsNeverUndoTheOtherRanksRuns() throws Exception {
        write(dir.resolve("race.bin"), true, true, 40);
    }
}
