package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_contiguous: {@code count} copies of the old type, spaced by its extent. */
public final class Contiguous extends Layout implements Datatype {
    private final int count;
    private final Datatype oldType;
    private final Blocks.List blocks;

    Contiguous(int count, Datatype oldType) {
        super(Blocks.uniformShape("contiguous", check(count, oldType), count, 0, Layout.of(oldType)));
        this.count = count;
        this.oldType = oldType;
        this.blocks = Blocks.uniform(1, count, 0, oldType.size());
    }

    private static long check(int count, Datatype old) {
        if (old == null) throw bad("contiguous", "oldtype is null");
        if (count < 0) throw bad("contiguous", "count=" + count + " must be >= 0");
        return count == 0 ? 0 : 1;
    }

    public int count() { return count; }
    public Datatype oldType() { return oldType; }

    @Override List<Object> params() { return List.of(count, oldType); }

    @Override RunCursor raw(long base, long skip) { return Blocks.cursor(blocks, Layout.of(oldType), size(), base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "contiguous"; }
}
