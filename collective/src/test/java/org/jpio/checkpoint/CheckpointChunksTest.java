package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import org.jpio.array.Dist;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits whose chunks are packed and checksummed while the chunk before is written (ChunkPipeline), for
 * awkward sizes: blocks not a multiple of the chunk, an array smaller than one chunk, ranks with fewer
 * chunks than others, several arrays and element types; synchronous, staged and without copy. Each file's
 * block checksums in the manifest are recomputed here from the file's bytes, one CRC32C per block as a
 * serial writer would make them, and the arrays read back equal what was written.
 */
class CheckpointChunksTest {
    @TempDir Path dir;

    private static DistributedArray[] arrays(org.jpio.comm.Comm comm) {
        DistributedArray big = DistributedArray.builder(comm, ElementType.DOUBLE, 13, 11, 7).ghost(1).create();      // 1001 doubles, 3-5 chunks a rank
        DistributedArray tiny = DistributedArray.builder(comm, ElementType.SHORT, 5).create();                       // under one chunk on every rank
        DistributedArray odd = DistributedArray.builder(comm, ElementType.INT, 37, 9).distribution(Dist.cyclic(3), Dist.BLOCK).create();
        for (DistributedArray a : new DistributedArray[] {big, tiny, odd}) Fill.fill(a);
        return new DistributedArray[] {big, tiny, odd};
    }

    @Test
    void pipelinedChunksGiveTheSerialChecksumsAndData() throws Exception {
        // 200-byte chunks (25 doubles, 100 shorts, 50 ints) against 300-byte checksum blocks: a block spans chunks, a chunk spans blocks
        CheckpointOptions o = CheckpointOptions.defaults().chunkBytes(200).blockBytes(300).stagingBytes(400).async(AsyncMode.BACKGROUND);
        Path ckpt = dir.resolve("ckpt");
        LocalComm.run(3, comm -> {
            DistributedArray[] a = arrays(comm);
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, o)) {
                store.begin(1).put("big", a[0]).put("tiny", a[1]).put("odd", a[2]).commit();
                store.begin(2).put("big", a[0]).put("tiny", a[1]).put("odd", a[2]).commitAsync().get();          // staged, 2 pieces of bound
                store.begin(3).put("big", a[0]).put("tiny", a[1]).put("odd", a[2]).commitAsyncWithoutCopy().get();
            }
        });
        List<CheckpointInfo> valid = Catalog.of(ckpt).valid();
        assertEquals(3, valid.size(), valid.toString());
        List<List<int[]>> sums = new ArrayList<>();
        for (CheckpointInfo c : valid) {
            List<int[]> mine = new ArrayList<>();
            for (Manifest.Entry e : c.manifest().arrays()) {
                int[] serial = blockSums(Files.readAllBytes(c.path().resolve(e.file())), e.blockSize());
                assertArrayEquals(serial, e.crc32c(), "step=" + c.step() + " array=" + e.name() + ": the manifest's block checksums");
                mine.add(serial);
            }
            sums.add(mine);
        }
        for (int s = 1; s < 3; s++)
            for (int k = 0; k < 3; k++) assertArrayEquals(sums.get(0).get(k), sums.get(s).get(k), "step " + (s + 1) + " array " + k + " against the synchronous commit");
        LocalComm.run(2, comm -> {
            try (CheckpointStore store = CheckpointStore.open(comm, ckpt, CheckpointOptions.defaults().readOnly())) {
                for (long step = 1; step <= 3; step++) {
                    Restart r = store.restart(step);
                    for (String name : List.of("big", "tiny", "odd")) Fill.check(r.load(name), "step " + step + " array " + name + " read on 2 ranks");
                }
            }
        });
    }

    /** CRC32C of each {@code block}-byte block of {@code file}, computed in one pass. */
    private static int[] blockSums(byte[] file, int block) {
        int[] out = new int[(file.length + block - 1) / block];
        CRC32C crc = new CRC32C();
        for (int k = 0; k < out.length; k++) {
            crc.reset();
            crc.update(file, k * block, Math.min(block, file.length - k * block));
            out[k] = (int) crc.getValue();
        }
        return out;
    }
}
