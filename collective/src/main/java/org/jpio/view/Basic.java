package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** An elementary type: one element of a Java primitive type (MPI_INT, MPI_DOUBLE, ...; BYTE is MPI_BYTE). */
public final class Basic extends Layout implements Datatype {
    private final ElementType type;

    Basic(ElementType type) {
        super(Shape.basic(type.size()));
        this.type = type;
    }

    public ElementType type() { return type; }

    @Override RunCursor raw(long base, long skip) { return Cursors.single(base + skip, size() - skip); }
    @Override void leaves(Set<ElementType> out) { out.add(type); }
    @Override String kind() { return "basic"; }
    @Override List<Object> params() { return List.of(type); }
    @Override public String toString() { return type.name().toLowerCase(java.util.Locale.ROOT); }
}
