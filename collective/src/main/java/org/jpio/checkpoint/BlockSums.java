package org.jpio.checkpoint;

import java.util.zip.CRC32C;

/**
 * CRC32C of the fixed-size blocks of one file, assembled from pieces in any number of hands: each rank
 * feeds the bytes it writes (or reads) at their file positions, and the blocks' checksums are the XOR of
 * every hand's {@link #contributions()}. So the checksums of a file do not depend on how many ranks wrote
 * it, and a reader on any number of ranks verifies them without a pass over bytes it does not read.
 *
 * <p>Why it works: CRC32C, like every CRC, is linear over GF(2), and the checksum of two strings one after
 * the other is {@code crc(A || B) = crc(A) * x^(8|B|) + crc(B)} (products and sums of polynomials modulo
 * the Castagnoli polynomial). Unrolled over the pieces of a block, each piece contributes its own CRC times
 * x^(8 * the bytes that follow it in the block); those terms are independent, so whoever holds a piece adds
 * its term and the sum over all hands is the block's CRC32C, bit for bit what {@link CRC32C} gives for the
 * whole block. Each piece costs one CRC32C of its bytes (hardware-assisted in the JDK) and one
 * multiplication of 32-bit polynomials; pieces of one hand must come in increasing file order.
 */
final class BlockSums {
    /** The Castagnoli polynomial, bit-reflected as CRC32C computes (bit 31 is the x^0 coefficient). */
    private static final int POLY = 0x82F63B78;
    /** x^(2^k) modulo the polynomial, k = 0..63: powers of x by repeated squaring. */
    private static final int[] X_TO_2_TO_K = new int[64];

    static {
        X_TO_2_TO_K[0] = 1 << 30;                  // x^1
        for (int k = 1; k < 64; k++) X_TO_2_TO_K[k] = multiply(X_TO_2_TO_K[k - 1], X_TO_2_TO_K[k - 1]);
    }

    private final long sizeBound;
    private final int blockSize;
    /** Per block: the sum so far of this hand's pieces, as if the block ended at {@code end[k]}. */
    private final int[] register;
    private final long[] end;
    private final CRC32C crc = new CRC32C();
    private long lastDistance = -1;
    private int lastPower;

    /** Sums of the blocks of {@code blockSize} bytes of a file whose pieces all lie below {@code sizeBound}. */
    BlockSums(long sizeBound, int blockSize) {
        if (blockSize < 1) throw new IllegalArgumentException("block size=" + blockSize + " must be >= 1");
        if (sizeBound < 0) throw new IllegalArgumentException("size bound=" + sizeBound + " must be >= 0");
        this.sizeBound = sizeBound;
        this.blockSize = blockSize;
        int n = blocks(sizeBound, blockSize);
        this.register = new int[n];
        this.end = new long[n];
        for (int k = 0; k < n; k++) end[k] = (long) k * blockSize;
    }

    /** Blocks of a file of {@code fileSize} bytes. */
    static int blocks(long fileSize, int blockSize) {
        long n = (fileSize + blockSize - 1) / blockSize;
        if (n > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException("file size=" + fileSize + " has more than 2^31 blocks of " + blockSize + " bytes");
        return (int) n;
    }

    /** Adds {@code length} bytes of {@code data} from {@code index}, which lie at file position {@code position}. */
    void add(long position, byte[] data, int index, int length) {
        if (position < 0 || length < 0 || position > sizeBound - length)
            throw new IllegalArgumentException("bytes at position=" + position + " length=" + length + " outside the file's " + sizeBound + " bytes");
        while (length > 0) {
            int k = (int) (position / blockSize);
            int piece = (int) Math.min(length, (long) (k + 1) * blockSize - position);
            if (position < end[k])
                throw new IllegalStateException("pieces of block " + k + " out of order: position=" + position + " before " + end[k]);
            crc.reset();
            crc.update(data, index, piece);
            long pieceEnd = position + piece;
            register[k] = multiply(power(pieceEnd - end[k]), register[k]) ^ (int) crc.getValue();
            end[k] = pieceEnd;
            position = pieceEnd;
            index += piece;
            length -= piece;
        }
    }

    /**
     * This hand's term of the CRC32C of every block of the file, now {@code fileSize} bytes long (at least
     * every piece's end): XOR the terms of all hands to get the checksums.
     */
    int[] contributions(long fileSize) {
        int[] out = new int[blocks(fileSize, blockSize)];
        for (int k = 0; k < Math.min(out.length, register.length); k++) {
            if (end[k] > fileSize) throw new IllegalArgumentException("a piece ends at " + end[k] + ", past the file size=" + fileSize);
            long blockEnd = Math.min(fileSize, (long) (k + 1) * blockSize);
            out[k] = multiply(power(blockEnd - end[k]), register[k]);
        }
        return out;
    }

    /** x^(8 * bytes) modulo the polynomial; the last one is kept, as the pieces of a regular layout repeat it. */
    private int power(long bytes) {
        if (bytes != lastDistance) {
            lastDistance = bytes;
            lastPower = xToThe(8 * bytes);
        }
        return lastPower;
    }

    /** x^n modulo the polynomial, from the table of x^(2^k). */
    static int xToThe(long n) {
        int p = 1 << 31;                           // x^0
        for (int k = 0; n != 0; k++, n >>>= 1) if ((n & 1) != 0) p = multiply(X_TO_2_TO_K[k], p);
        return p;
    }

    /** The product of two polynomials modulo the Castagnoli polynomial, in CRC32C's bit-reflected form. */
    static int multiply(int a, int b) {
        int product = 0;
        for (int i = 0; i < 32; i++) {
            product ^= b & -((a >>> (31 - i)) & 1); // coefficient of x^i in a times b
            b = (b >>> 1) ^ (POLY & -(b & 1));      // b times x
        }
        return product;
    }
}
