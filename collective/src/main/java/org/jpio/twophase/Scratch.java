package org.jpio.twophase;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import org.jpio.engine.Staging;
import org.jpio.io.ElementType;

/**
 * The two-phase engine's memory, kept per rank thread from one collective call to the next (and from one
 * file to the next, as applications open a file per checkpoint): two cycle buffers and one exchange array
 * per element type, each at most one cycle ({@code cb_buffer_size}) long, so memory stays bounded by the
 * hints and repeated calls allocate (and zero) nothing. Allocating afresh cost more than the copies of a
 * 64 MiB collective read. Held softly: the JVM may reclaim it under memory pressure.
 */
final class Scratch {
    private static final ThreadLocal<java.lang.ref.SoftReference<Scratch>> MINE = new ThreadLocal<>();

    /** This thread's scratch memory. */
    static Scratch forThisThread() {
        java.lang.ref.SoftReference<Scratch> ref = MINE.get();
        Scratch s = ref == null ? null : ref.get();
        if (s == null) MINE.set(new java.lang.ref.SoftReference<>(s = new Scratch()));
        return s;
    }

    private final ByteBuffer[] buffers = new ByteBuffer[2];
    private final Map<ElementType, Object> arrays = new EnumMap<>(ElementType.class);

    /** Cycle buffer {@code slot} (0 or 1) of at least {@code bytes}, cleared, in {@code order}. */
    ByteBuffer buffer(int slot, int bytes, ByteOrder order) {
        ByteBuffer b = buffers[slot];
        if (b == null || b.capacity() < bytes) buffers[slot] = b = Staging.pageAligned(bytes);
        b.clear();
        return b.order(order);
    }

    private final Map<ElementType, Object> staged = new EnumMap<>(ElementType.class);

    /** A second array of {@code type}, for one cycle's slices of a memory datatype (contents undefined). */
    Object staged(ElementType type, int n) {
        Object a = staged.get(type);
        if (a == null || type.length(a) < n) staged.put(type, a = type.newArray(n));
        return a;
    }

    /** An array of {@code type} with at least {@code n} elements (contents undefined). */
    Object array(ElementType type, int n) {
        Object a = arrays.get(type);
        if (a == null || type.length(a) < n) arrays.put(type, a = type.newArray(n));
        return a;
    }
}
