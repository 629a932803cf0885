package org.jpio.romio;

import org.jpio.view.Basic;
import org.jpio.view.Contiguous;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Hindexed;
import org.jpio.view.Hvector;
import org.jpio.view.Indexed;
import org.jpio.view.Resized;
import org.jpio.view.Subarray;
import org.jpio.view.Vector;

/**
 * jpio's datatype description ({@link Datatype}, a sealed interface) into the same MPI datatype, built
 * bottom-up with MPI's constructor for each node. Intermediate types are freed as soon as their parent
 * exists (MPI keeps what it needs), so only the returned type must be freed.
 */
public final class RomioTypes {
    private RomioTypes() { }

    /** The committed MPI datatype for {@code type}; the caller owns (closes) it. */
    public static MpiDatatype toMpi(Datatype type) {
        return build(type).commit();
    }

    private static MpiDatatype build(Datatype t) {
        if (t instanceof Basic b) return MpiDatatype.of(b.type());
        try (MpiDatatype old = build(oldType(t))) {
            if (t instanceof Contiguous c) return MpiDatatype.contiguous(c.count(), old);
            if (t instanceof Vector v) return MpiDatatype.vector(v.count(), v.blocklength(), v.stride(), old);
            if (t instanceof Hvector h) return MpiDatatype.hvector(h.count(), h.blocklength(), h.stride(), old);
            if (t instanceof Indexed i) return MpiDatatype.indexed(i.blocklengths(), i.displacements(), old);
            if (t instanceof Hindexed h) return MpiDatatype.hindexed(h.blocklengths(), h.displacements(), old);
            if (t instanceof Subarray s) return MpiDatatype.subarray(s.sizes(), s.subsizes(), s.starts(), s.order(), old);
            if (t instanceof Darray d)
                return MpiDatatype.darray(d.commSize(), d.rank(), d.gsizes(), d.distribs(), d.dargs(), d.psizes(), d.order(), old);
            Resized r = (Resized) t;
            return MpiDatatype.resized(old, r.newLb(), r.newExtent());
        }
    }

    private static Datatype oldType(Datatype t) {
        if (t instanceof Contiguous c) return c.oldType();
        if (t instanceof Vector v) return v.oldType();
        if (t instanceof Hvector h) return h.oldType();
        if (t instanceof Indexed i) return i.oldType();
        if (t instanceof Hindexed h) return h.oldType();
        if (t instanceof Subarray s) return s.oldType();
        if (t instanceof Darray d) return d.oldType();
        if (t instanceof Resized r) return r.oldType();
        throw new IllegalArgumentException("unknown datatype: " + t.getClass().getName());
    }
}
