package org.jpio.view;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.jpio.io.ElementType;

/**
 * Shared implementation of every {@link Datatype}: the cached {@link Shape}, the public accessors and
 * value semantics over the constructor's parameters. Subclasses supply the raw (unmerged) run cursor.
 */
abstract class Layout {
    final Shape shape;

    Layout(Shape shape) { this.shape = shape; }

    public final long size() { return shape.size(); }
    public final long lb() { return shape.lb(); }
    public final long extent() { return shape.ub() - shape.lb(); }
    public final long ub() { return shape.ub(); }
    public final long trueLb() { return shape.trueLb(); }
    public final long trueExtent() { return shape.trueUb() - shape.trueLb(); }

    public final RunCursor runs(long displacement) { return Cursors.merge(raw(displacement, 0)); }

    public final Set<ElementType> elementTypes() {
        EnumSet<ElementType> out = EnumSet.noneOf(ElementType.class);
        leaves(out);
        return out;
    }

    /**
     * Runs of one instance placed at {@code base}, skipping the first {@code skip} data bytes
     * (0 <= skip <= size; the first run may start inside a block). Not merged.
     */
    abstract RunCursor raw(long base, long skip);

    /** Adds the element types this type is built from. */
    abstract void leaves(Set<ElementType> out);

    /** Constructor name as in MPI, for toString and error messages. */
    abstract String kind();

    /** The constructor's parameters (arrays as lists), for equality, hashing and printing. */
    abstract List<Object> params();

    static Layout of(Datatype t) { return (Layout) t; }

    /** The hash, computed at first use: the value never changes, and the parameter lists cost allocations. */
    private int hash;

    @Override public final boolean equals(Object o) {
        return this == o || o instanceof Layout l && l.getClass() == getClass() && l.hashCode() == hashCode() && l.params().equals(params());
    }

    @Override public final int hashCode() {
        int h = hash;
        if (h == 0) hash = h = Objects.hash(kind(), params());
        return h;
    }

    @Override public String toString() {
        String p = params().toString();
        return kind() + "(" + p.substring(1, p.length() - 1) + ")";
    }

    static IllegalArgumentException bad(String kind, String message) {
        return new IllegalArgumentException(kind + ": " + message);
    }
}
