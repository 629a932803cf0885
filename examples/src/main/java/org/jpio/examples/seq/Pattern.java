package org.jpio.examples.seq;

/**
 * The bytes every row writes and the checksum every row computes, byte by byte, as the article's loops do:
 * byte i of round {@code salt} is {@code (byte) (i + salt)}, and the checksum adds each byte times its
 * position in its 256-byte cycle plus one. The article summed the bytes alone; weighting them makes the sum
 * depend on the salt, so a file left by an earlier round (or a read that moved nothing) fails the check.
 */
final class Pattern {
    /** The article's page-sized buffer. */
    static final int PAGE = 4096;

    private Pattern() { }

    static byte at(long i, int salt) { return (byte) (i + salt); }

    static long weight(long i) { return (i & 0xFF) + 1; }

    /** Fills {@code buf[0..n)} with bytes {@code first..first+n} of the pattern; returns their checksum. */
    static long fill(byte[] buf, int n, long first, int salt) {
        long sum = 0;
        for (int k = 0; k < n; k++) {
            long i = first + k;
            byte b = (byte) (i + salt);
            sum += b * ((i & 0xFF) + 1);
            buf[k] = b;
        }
        return sum;
    }

    /** The checksum of {@code buf[0..n)} read as bytes {@code first..first+n} of a file. */
    static long sum(byte[] buf, int n, long first) {
        long sum = 0;
        for (int k = 0; k < n; k++) sum += buf[k] * (((first + k) & 0xFF) + 1);
        return sum;
    }

    /** The checksum of the whole file of {@code size} bytes written in round {@code salt}, computed per cycle. */
    static long expected(long size, int salt) {
        long cycle = 0, tail = 0, rest = size & 0xFF;
        for (int j = 0; j < 256; j++) {
            long v = at(j, salt) * (long) (j + 1);
            cycle += v;
            if (j < rest) tail += v;
        }
        return (size >>> 8) * cycle + tail;
    }
}
