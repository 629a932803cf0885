package org.jpio.file;

import java.nio.file.Path;

/** Validation and arithmetic of noncontiguous piece lists: parallel arrays of byte positions and lengths. */
final class Pieces {
    private Pieces() { }

    /**
     * Checks the lists and returns their total length; every problem is an IllegalArgumentException that
     * names the piece, raised before any byte moves.
     */
    static long check(Path path, String op, long[] positions, long[] lengths, int elementSize, long expectedBytes) {
        if (positions == null || lengths == null) throw new IllegalArgumentException(op + ": positions and lengths must not be null: path=" + path);
        if (positions.length != lengths.length)
            throw new IllegalArgumentException(op + ": positions.length=" + positions.length + " != lengths.length=" + lengths.length + " path=" + path);
        long total = 0;
        for (int i = 0; i < positions.length; i++) {
            long o = positions[i], l = lengths[i];
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
    static long end(long[] positions, long[] lengths) {
        long end = 0;
        for (int i = 0; i < positions.length; i++) if (lengths[i] > 0) end = Math.max(end, positions[i] + lengths[i]);
        return end;
    }

    /** True when non-empty pieces come in increasing position order without overlapping (sieving needs it). */
    static boolean monotonic(long[] positions, long[] lengths) {
        long prevEnd = 0;
        for (int i = 0; i < positions.length; i++) {
            if (lengths[i] == 0) continue;
            if (positions[i] < prevEnd) return false;
            prevEnd = positions[i] + lengths[i];
        }
        return true;
    }
}
