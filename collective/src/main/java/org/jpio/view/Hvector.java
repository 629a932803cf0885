package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_create_hvector: like {@link Vector} with the stride in bytes. */
public final class Hvector extends Layout implements Datatype {
    private final int count;
    private final int blocklength;
    private final long stride;
    private final Datatype oldType;
    private final Blocks.List blocks;

    Hvector(int count, int blocklength, long stride, Datatype oldType) {
        super(Blocks.uniformShape("hvector", Vector.check(count, blocklength, oldType), blocklength, stride, Layout.of(oldType)));
        this.count = count;
        this.blocklength = blocklength;
        this.stride = stride;
        this.oldType = oldType;
        this.blocks = Blocks.uniform(count, blocklength, stride, oldType.size());
    }

    public int count() { return count; }
    public int blocklength() { return blocklength; }
    /** Stride in bytes. */
    public long stride() { return stride; }
    public Datatype oldType() { return oldType; }

    @Override List<Object> params() { return List.of(count, blocklength, stride, oldType); }

    @Override RunCursor raw(long base, long skip) { return Blocks.cursor(blocks, Layout.of(oldType), size(), base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "hvector"; }
}
