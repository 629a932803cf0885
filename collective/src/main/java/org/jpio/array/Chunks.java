package org.jpio.array;

import org.jpio.io.ElementType;

/**
 * Moves the elements of a {@link Box} through a bounded contiguous temporary, a chunk at a time: the
 * memory side of reads and writes of blocks with ghost cells (or of Fortran-order files), where the
 * elements a file view expects are not contiguous in the local array. The temporary holds at most
 * {@link #DEFAULT_BYTES}, so a transfer costs one extra copy but never a second full-size array.
 */
final class Chunks {
    /** Size of the temporary: large enough that per-call overhead of collective transfers is negligible. */
    static final int DEFAULT_BYTES = 8 << 20;

    private Chunks() { }

    /** One chunk: {@code n} elements, box elements {@code [from, from + n)}, in {@code tmp[0..n)}. */
    interface Step<E extends Exception> {
        void apply(Object tmp, long from, int n) throws E;
    }

    /** Elements per chunk for a temporary of {@code bytes}. */
    static int elements(ElementType type, int bytes) {
        return Math.max(1, bytes / type.size());
    }

    /** Chunks needed for {@code count} elements. */
    static long rounds(long count, int perChunk) {
        return (count + perChunk - 1) / perChunk;
    }

    /** Walks the whole box with the default temporary, in as many chunks as it needs. */
    static <E extends Exception> void walk(Box box, ElementType type, Step<E> step, boolean fromArray, Object array) throws E {
        int per = elements(type, DEFAULT_BYTES);
        walk(box, type, per, rounds(box.count(), per), step, fromArray, array);
    }

    /**
     * Walks the box in {@code rounds} chunks of up to {@code per} elements; chunks past the box's end are
     * empty but still passed to {@code step} (collective transfers need the same number of calls on every
     * rank). With {@code fromArray} each chunk is copied out of {@code array} before the step, otherwise
     * the step fills the temporary and it is copied into {@code array}.
     */
    static <E extends Exception> void walk(Box box, ElementType type, int per, long rounds, Step<E> step, boolean fromArray, Object array) throws E {
        long count = box.count();
        Object tmp = type.newArray((int) Math.min(per, Math.max(count, 0)));
        for (long r = 0; r < rounds; r++) {
            long from = Math.min(count, r * per);
            int n = (int) Math.min(per, count - from);
            if (fromArray) box.copy(array, from, n, tmp, 0, true);
            step.apply(tmp, from, n);
            if (!fromArray) box.copy(array, from, n, tmp, 0, false);
        }
    }
}
