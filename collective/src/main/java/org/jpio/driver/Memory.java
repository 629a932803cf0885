package org.jpio.driver;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.jpio.io.ElementType;
import org.jpio.view.Datatype;
import org.jpio.view.RunCursor;

/**
 * Where a transfer's elements lie in its Java array, in the order they go to the file: one contiguous
 * range (the common case), or what a memory datatype describes (MPI's {@code buf, count, datatype}: the
 * interior of a ghosted block, a strided slice, a Fortran-order walk). Element k of the transfer is at
 * array index {@link #arrayIndex}; drivers copy between the array and their buffers run by run, so no
 * temporary holds the whole transfer.
 */
public final class Memory {
    private final int index;
    /** For a datatype: run r covers elements [first[r], first[r] + len[r]) of the transfer at array index start[r]. */
    private final int[] start, len;
    private final long[] first;
    private final Datatype type;
    private final int instances;

    private Memory(int index, int[] start, int[] len, long[] first, Datatype type, int instances) {
        this.index = index;
        this.start = start;
        this.len = len;
        this.first = first;
        this.type = type;
        this.instances = instances;
    }

    /** Elements from array index {@code index} on, one after another. */
    public static Memory contiguous(int index) { return new Memory(index, null, null, null, null, 0); }

    /**
     * {@code count} copies of {@code type}, the i-th at i times its extent from the array's first element
     * (MPI's rule), its data taken in type order. IllegalArgumentException when the type is not built from
     * {@code elementType}, splits an element, or reaches outside an array of {@code length} elements.
     */
    public static Memory of(Datatype type, int count, ElementType elementType, int length) {
        Key key = new Key(type, count, elementType, length);
        Memory m = RECENT.get(key);
        if (m != null) return m;
        m = flatten(type, count, elementType, length);
        if (m.start != null && m.start.length <= CACHED_RUNS) {
            if (RECENT.size() >= CACHED) RECENT.clear(); // a program that keeps changing its memory types: start over
            RECENT.put(key, m);
        }
        return m;
    }

    /**
     * The placements of the memory datatypes used lately, by value (equal types built again share one), as
     * ROMIO keeps a datatype's flattened form with the type: a ghosted block written every step is
     * flattened once, not at every call (the interior of a 128x128x256 double block, 16384 runs: 1.2-3.5 ms
     * per call on the EPYC VM). Failed placements are never kept, so a bad type fails every time.
     */
    private static final ConcurrentHashMap<Key, Memory> RECENT = new ConcurrentHashMap<>();
    private static final int CACHED = 16;
    /** Larger placements are flattened per call: 16 bytes a run, so at most 16 MiB each is kept. */
    private static final int CACHED_RUNS = 1 << 20;

    private record Key(Datatype type, int count, ElementType elementType, int length) { }

    private static Memory flatten(Datatype type, int count, ElementType elementType, int length) {
        int esz = elementType.size();
        if (!type.elementTypes().isEmpty() && !type.elementTypes().equals(java.util.Set.of(elementType)))
            throw new IllegalArgumentException("memory datatype is built from " + type.elementTypes() + ", not the buffer's " + elementType + ": " + type);
        int[] s = new int[16], l = new int[16];
        long[] f = new long[16];
        int n = 0;
        long done = 0;
        for (int i = 0; i < count; i++) {
            RunCursor c = type.runs(i * type.extent());
            while (c.next()) {
                long off = c.offset(), bytes = c.length();
                if (bytes == 0) continue;
                if (off % esz != 0 || bytes % esz != 0)
                    throw new IllegalArgumentException("memory datatype run at byte " + off + " of " + bytes + " bytes splits a " + elementType + ": " + type);
                long from = off / esz, to = from + bytes / esz;
                if (from < 0 || to > length)
                    throw new IllegalArgumentException("memory datatype reaches elements [" + from + ", " + to + ") of an array of length=" + length + ": " + type
                            + " count=" + count);
                if (n > 0 && s[n - 1] + l[n - 1] == from) { l[n - 1] += (int) (to - from); done += to - from; continue; }
                if (n == s.length) { s = Arrays.copyOf(s, 2 * n); l = Arrays.copyOf(l, 2 * n); f = Arrays.copyOf(f, 2 * n); }
                s[n] = (int) from;
                l[n] = (int) (to - from);
                f[n] = done;
                done += to - from;
                n++;
            }
        }
        if (n == 0) return contiguous(0); // no data at all: nothing to place
        if (n == 1 && f[0] == 0) return contiguous(s[0]);
        return new Memory(0, Arrays.copyOf(s, n), Arrays.copyOf(l, n), Arrays.copyOf(f, n), type, count);
    }

    public boolean isContiguous() { return start == null; }

    /** The array index of the first element (of a contiguous memory). */
    public int index() {
        if (!isContiguous()) throw new IllegalStateException("memory of a datatype has no single index: " + this);
        return index;
    }

    /** The memory datatype and its count, or null for contiguous memory. */
    public Datatype datatype() { return type; }

    public int instances() { return instances; }

    /** Elements the memory holds (of a datatype; unbounded for contiguous memory). */
    public long elements() { return isContiguous() ? Long.MAX_VALUE : first[first.length - 1] + len[len.length - 1]; }

    /** Array index of transfer element {@code k}. */
    public int arrayIndex(long k) {
        if (isContiguous()) return Math.toIntExact(index + k);
        int r = run(k);
        return (int) (start[r] + (k - first[r]));
    }

    /** Receives one stretch of contiguous array elements: array index and element count. */
    public interface Sink<E extends Exception> { void run(int arrayIndex, int count) throws E; }

    /** Transfer elements [from, from + n) as stretches of the array, in order. */
    public <E extends Exception> void forEach(long from, long n, Sink<E> sink) throws E {
        if (n <= 0) return;
        if (isContiguous()) {
            sink.run(Math.toIntExact(index + from), Math.toIntExact(n));
            return;
        }
        long k = from, end = from + n;
        for (int r = run(from); k < end; r++) {
            long skip = k - first[r], take = Math.min(len[r] - skip, end - k);
            sink.run((int) (start[r] + skip), (int) take);
            k += take;
        }
    }

    /** How many stretches {@link #forEach} gives for transfer elements [from, from + n). */
    public int stretches(long from, long n) {
        if (n <= 0) return 0;
        return isContiguous() ? 1 : run(from + n - 1) - run(from) + 1;
    }

    /** Copies transfer elements [from, from + n) of {@code array} into {@code dst} at its position. */
    public void put(ElementType t, ByteBuffer dst, Object array, long from, int n) {
        forEach(from, n, (at, count) -> t.put(dst, array, at, count));
    }

    /** Copies {@code n} elements from {@code src} at its position into transfer elements [from, from + n) of {@code array}. */
    public void get(ElementType t, ByteBuffer src, Object array, long from, int n) {
        forEach(from, n, (at, count) -> t.get(src, array, at, count));
    }

    private int run(long k) {
        int r = Arrays.binarySearch(first, k);
        return r >= 0 ? r : -r - 2;
    }

    @Override public String toString() {
        return isContiguous() ? "Memory[from index " + index + "]" : "Memory[" + instances + " x " + type + ", " + start.length + " runs]";
    }
}
