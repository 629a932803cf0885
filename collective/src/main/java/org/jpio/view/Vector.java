package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_vector: {@code count} blocks of {@code blocklength} old types, block starts {@code stride} old extents apart. */
public final class Vector extends Layout implements Datatype {
    private final int count;
    private final int blocklength;
    private final int stride;
    private final Datatype oldType;
    private final Blocks.List blocks;

    Vector(int count, int blocklength, int stride, Datatype oldType) {
        super(Blocks.uniformShape("vector", check(count, blocklength, oldType), blocklength, strideBytes(stride, oldType), Layout.of(oldType)));
        this.count = count;
        this.blocklength = blocklength;
        this.stride = stride;
        this.oldType = oldType;
        this.blocks = Blocks.uniform(count, blocklength, strideBytes(stride, oldType), oldType.size());
    }

    static long check(int count, int blocklength, Datatype old) {
        if (old == null) throw bad("vector", "oldtype is null");
        if (count < 0 || blocklength < 0) throw bad("vector", "count=" + count + " blocklength=" + blocklength + " must be >= 0");
        return count;
    }

    private static long strideBytes(int stride, Datatype old) { return (long) stride * old.extent(); }

    public int count() { return count; }
    public int blocklength() { return blocklength; }
    /** Stride in extents of the old type. */
    public int stride() { return stride; }
    public Datatype oldType() { return oldType; }

    @Override List<Object> params() { return List.of(count, blocklength, stride, oldType); }

    @Override RunCursor raw(long base, long skip) { return Blocks.cursor(blocks, Layout.of(oldType), size(), base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "vector"; }
}
