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
}
