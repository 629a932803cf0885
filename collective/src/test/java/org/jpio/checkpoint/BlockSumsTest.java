package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.zip.CRC32C;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The block checksums assembled from pieces in several hands are the JDK's CRC32C of each whole block, for
 * any file size, block size and cut into pieces; and the shift is what makes it so.
 */
class BlockSumsTest {

    static int crc(byte[] b, int from, int to) {
        CRC32C c = new CRC32C();
        c.update(b, from, to - from);
        return (int) c.getValue();
    }

    @Property(tries = 300)
    void piecesInAnyHandsMakeEachBlocksCrc(@ForAll @IntRange(min = 0, max = 6000) int size, @ForAll @IntRange(min = 1, max = 900) int block,
                                           @ForAll @IntRange(min = 1, max = 5) int hands, @ForAll @LongRange(min = 0, max = 1000) long seed) {
        Random r = new Random(seed);
        byte[] file = new byte[size];
        r.nextBytes(file);
        BlockSums[] h = new BlockSums[hands];
        for (int i = 0; i < hands; i++) h[i] = new BlockSums(size, block);
        for (int at = 0; at < size; ) {
            int n = Math.min(size - at, 1 + r.nextInt(r.nextBoolean() ? 8 : 400));   // tiny and large pieces, crossing blocks
            h[r.nextInt(hands)].add(at, file, at, n);
            at += n;
        }
        int[] sum = new int[BlockSums.blocks(size, block)];
        for (BlockSums s : h) sum = FileSums.xor(sum, s.contributions(size));
        int[] want = new int[sum.length];
        for (int k = 0; k < want.length; k++) want[k] = crc(file, k * block, Math.min(size, (k + 1) * block));
        assertArrayEquals(want, sum, "size=" + size + " block=" + block + " hands=" + hands);
    }

    @Test
    void concatenationIsAShiftAndAnXor() {
        byte[] b = new byte[1000];
        new Random(7).nextBytes(b);
        for (int cut : new int[] {0, 1, 3, 500, 999, 1000})
            assertEquals(crc(b, 0, 1000), BlockSums.multiply(BlockSums.xToThe(8L * (1000 - cut)), crc(b, 0, cut)) ^ crc(b, cut, 1000), "cut=" + cut);
    }

    /** Negative control: XOR of the pieces' CRCs without the shift by the bytes after each piece is not the block's CRC. */
    @Test
    void withoutTheShiftThePiecesDoNotAddUp() {
        byte[] b = new byte[64];
        new Random(3).nextBytes(b);
        assertNotEquals(crc(b, 0, 64), crc(b, 0, 20) ^ crc(b, 20, 64));
        BlockSums one = new BlockSums(64, 64);
        one.add(0, b, 0, 20);
        one.add(20, b, 20, 44);
        assertEquals(crc(b, 0, 64), one.contributions(64)[0]);
    }

    @Test
    void piecesOfOneHandMustComeInFileOrder() {
        BlockSums s = new BlockSums(100, 50);
        s.add(10, new byte[5], 0, 5);
        assertThrows(IllegalStateException.class, () -> s.add(0, new byte[5], 0, 5));
        assertThrows(IllegalArgumentException.class, () -> s.add(98, new byte[5], 0, 5));
    }
}
