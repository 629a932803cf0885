package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CountingComm;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arguments every rank of a DistributedArray read or write must pass alike: compared in the one
 * allreduce that agrees on the checks, and a difference still named (which value, which rank, both values)
 * before any byte moves.
 */
class ArrayCallAgreementTest {
    @TempDir Path dir;

    @Test
    void ranksReadingDifferentFilesAreToldWhichRankAndWhichPaths() throws Exception {
        Path a = dir.resolve("a.npy"), b = dir.resolve("b.npy");
        LocalComm.run(2, c -> {
            DistributedArray x = DistributedArray.create(c, ElementType.INT, 4, 6);
            x.write(a);
            x.write(b);
        });
        List<String> messages = LocalComm.runAndCollect(2, c -> {
            DistributedArray x = DistributedArray.create(c, ElementType.INT, 4, 6);
            return assertThrows(CollectiveException.class, () -> x.read(c.rank() == 0 ? a : b)).getMessage();
        });
        for (String m : messages)
            assertTrue(m.contains("path must be equal on all ranks: rank=1 path=" + b.toAbsolutePath() + " but rank=0 path=" + a.toAbsolutePath()), m);
    }

    @Test
    void ranksWithDifferentArraysAreToldBeforeAnyByteMoves() throws Exception {
        Path f = dir.resolve("f.npy");
        LocalComm.run(2, c -> DistributedArray.create(c, ElementType.INT, 4, 6).write(f));
        List<String> messages = LocalComm.runAndCollect(2, c -> {
            DistributedArray x = DistributedArray.create(c, c.rank() == 0 ? ElementType.INT : ElementType.FLOAT, 4, 6);
            return assertThrows(CollectiveException.class, () -> x.read(f)).getMessage();
        });
        for (String m : messages) assertTrue(m.contains("array must be equal on all ranks: rank=1 array=FLOAT"), m);
    }

    @Test
    void theArgumentsOfAReadCostOneCollectiveWhenAllAgree() throws Exception {
        Path f = dir.resolve("c.npy");
        LocalComm.run(2, c -> DistributedArray.create(c, ElementType.INT, 4, 6).write(f));
        List<Long> first = LocalComm.runAndCollect(2, c -> {
            CountingComm k = CountingComm.of(c);
            DistributedArray x = DistributedArray.create(k, ElementType.INT, 4, 6);
            long before = k.counts().collectives();
            org.jpio.format.ArrayPath p = org.jpio.format.ArrayPath.of(f);
            ArrayIo.agreeOnCall(x, "read path=" + p, p, org.jpio.format.ArrayFormats.of(f), org.jpio.parallel.Hints.parse(List.of()), null);
            return k.counts().collectives() - before;
        });
        assertEquals(List.of(1L, 1L), first);
    }

    /**
     * What a whole read and write of a described file cost in collectives, pinned so a change that adds one is
     * seen: rank 0's description (or its preparation of the write) reaches the others in one broadcast with its
     * failure, not an agreement and a broadcast of the length and the bytes.
     */
    @Test
    void aReadAndAWriteOfAnNpyFileCostTheirPinnedCollectives() throws Exception {
        Path f = dir.resolve("d.npy");
        List<long[]> counts = LocalComm.runAndCollect(2, c -> {
            CountingComm k = CountingComm.of(c);
            DistributedArray x = DistributedArray.create(k, ElementType.INT, 4, 6);
            long before = k.counts().collectives();
            x.write(f, org.jpio.format.ArrayFormats.of(f), org.jpio.parallel.Hints.defaults(), WriteMode.IN_PLACE);
            long wrote = k.counts().collectives();
            x.read(f);
            return new long[] {wrote - before, k.counts().collectives() - wrote};
        });
        for (long[] c : counts) assertEquals("write " + WRITE_COLLECTIVES + ", read " + READ_COLLECTIVES, "write " + c[0] + ", read " + c[1]);
    }

    /**
     * The read: the arguments 1, the description 1, open 3 (arguments, stripe layout, every rank opened),
     * set_view 2, the transfer 2 (extents, outcome), close 1; 12 when the description took an agreement and
     * two broadcasts. The write: 18 when rank 0's preparation took an agreement and five broadcasts, and it
     * adds the sync and the agreement on finishing the file.
     */
    static final long WRITE_COLLECTIVES = 13, READ_COLLECTIVES = 10;
}
