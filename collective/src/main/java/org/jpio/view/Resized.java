package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_create_resized: the same data with new lb and extent (how tiles of a filetype are spaced). */
public final class Resized extends Layout implements Datatype {
    private final long lb;
    private final long extent;
    private final Datatype oldType;

    Resized(long lb, long extent, Datatype oldType) {
        super(shape(lb, extent, oldType));
        this.lb = lb;
        this.extent = extent;
        this.oldType = oldType;
    }

    private static Shape shape(long lb, long extent, Datatype old) {
        if (old == null) throw bad("resized", "oldtype is null");
        if (extent < 0) throw bad("resized", "extent=" + extent + " must be >= 0 (jpio does not model negative extents)");
        Shape o = Layout.of(old).shape;
        long ub;
        try { ub = Math.addExact(lb, extent); } catch (ArithmeticException e) { throw bad("resized", "lb=" + lb + " extent=" + extent + " overflows"); }
        boolean dense = o.dense() && lb == o.lb() && ub == o.ub();
        return new Shape(o.size(), lb, ub, o.trueLb(), o.trueUb(), dense, o.monotone());
    }

    public long newLb() { return lb; }
    public long newExtent() { return extent; }
    public Datatype oldType() { return oldType; }

    @Override RunCursor raw(long base, long skip) { return Layout.of(oldType).raw(base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "resized"; }
    @Override List<Object> params() { return List.of(lb, extent, oldType); }
}
