package org.jpio.file;

import java.nio.file.Path;

/** Validation and arithmetic of noncontiguous piece lists: parallel arrays of byte offsets and lengths. */
final class Pieces {
    private Pieces() { }

    /**
     * Checks the lists and returns their total length; every problem is an IllegalArgumentException that
     * names the piece, raised before any byte moves.
     */
    static long check(Path path, String op, long[] offsets, long[] lengths, int elementSize, long expectedBytes) {
        if (offsets == null || lengths == null) throw new IllegalArgumentException(op + ": offsets and lengths must not be null: path=" + path);
        if (offsets.length != lengths.length)
            throw new IllegalArgumentException(op + ": offsets.length=" + offsets.length + " != lengths.length=" + lengths.length + " path=" + path);
        long total = 0;
        for (int i = 0; i < offsets.length; i++) {
            long o = offsets[i], l = lengths[i];
            if (o < 0 || l < 0 || o > Long.MAX_VALUE - l)
                throw new IllegalArgumentException(op + ": bad piece " + i + ": path=" + path + " offset=" + o + " length=" + l);
            if (l % elementSize != 0)
                throw new IllegalArgumentException(op + ": piece " + i + " length=" + l + " is not a multiple of the element size " + elementSize + ": path=" + path);
            total = Math.addExact(total, l);
        }
        if (total != expectedBytes)
            throw new IllegalArgumentException(op + ": pieces hold " + total + " bytes but the array range holds " + expectedBytes + ": path=" + path);
        if (total > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException(op + ": noncontiguous transfer of " + total + " bytes exceeds 2 GiB in one call: path=" + path);
        return total;
    }

    /** One past the last byte any piece touches (0 for no pieces). */
    static long end(long[] offsets, long[] lengths) {
        long end = 0;
        for (int i = 0; i < offsets.length; i++) if (lengths[i] > 0) end = Math.max(end, offsets[i] + lengths[i]);
        return end;
    }

    /** True when non-empty pieces come in increasing offset order without overlapping (sieving needs it). */
    static boolean monotonic(long[] offsets, long[] lengths) {
        long prevEnd = 0;
        for (int i = 0; i < offsets.length; i++) {
            if (lengths[i] == 0) continue;
            if (offsets[i] < prevEnd) return false;
            prevEnd = offsets[i] + lengths[i];
        }
        return true;
    }
}
