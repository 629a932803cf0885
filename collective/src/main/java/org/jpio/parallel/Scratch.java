package org.jpio.parallel;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import org.jpio.io.ElementType;

/**
 * The two-phase engine's memory, kept by a ParallelFile from one collective call to the next: two cycle
 * buffers and one exchange array per element type, each at most one cycle ({@code cb_buffer_size}) long,
 * so memory stays bounded by the hints and repeated calls allocate (and zero) nothing. Allocating afresh
 * cost more than the copies of a 64 MiB collective read.
 */
final class Scratch {
    private final ByteBuffer[] buffers = new ByteBuffer[2];
    private final Map<ElementType, Object> arrays = new EnumMap<>(ElementType.class);

    /** Cycle buffer {@code slot} (0 or 1) of at least {@code bytes}, cleared, in {@code order}. */
    ByteBuffer buffer(int slot, int bytes, ByteOrder order) {
        ByteBuffer b = buffers[slot];
        if (b == null || b.capacity() < bytes) buffers[slot] = b = ByteBuffer.allocateDirect(bytes);
        b.clear();
        return b.order(order);
    }

    /** An array of {@code type} with at least {@code n} elements (contents undefined). */
    Object array(ElementType type, int n) {
        Object a = arrays.get(type);
        if (a == null || type.length(a) < n) arrays.put(type, a = type.newArray(n));
        return a;
    }
}
