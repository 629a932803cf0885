package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_create_hindexed: like {@link Indexed} with byte displacements. */
public final class Hindexed extends Layout implements Datatype {
    private final int[] blocklengths;
    private final long[] displacements;
    private final Datatype oldType;
    private final Blocks.List blocks;

    Hindexed(int[] blocklengths, long[] displacements, Datatype oldType) {
        this(blocklengths.clone(), displacements.clone(), oldType, copies("hindexed", blocklengths, displacements.length, oldType));
    }

    private Hindexed(int[] bl, long[] d, Datatype old, long[] copies) {
        super(Blocks.generalShape("hindexed", copies, d, Layout.of(old)));
        this.blocklengths = bl;
        this.displacements = d;
        this.oldType = old;
        this.blocks = Blocks.general(copies, d, old.size());
    }

    /** Validates the block lengths (non-negative, as many as displacements) and widens them. */
    static long[] copies(String kind, int[] blocklengths, int ndispls, Datatype old) {
        if (old == null) throw bad(kind, "oldtype is null");
        if (blocklengths.length != ndispls)
            throw bad(kind, "blocklengths.length=" + blocklengths.length + " != displacements.length=" + ndispls);
        long[] out = new long[blocklengths.length];
        for (int i = 0; i < out.length; i++) {
            if (blocklengths[i] < 0) throw bad(kind, "blocklengths[" + i + "]=" + blocklengths[i] + " must be >= 0");
            out[i] = blocklengths[i];
        }
        return out;
    }

    static List<Integer> list(int[] a) { return java.util.Arrays.stream(a).boxed().toList(); }

    public int[] blocklengths() { return blocklengths.clone(); }
    /** Displacements in bytes. */
    public long[] displacements() { return displacements.clone(); }
    public Datatype oldType() { return oldType; }

    @Override List<Object> params() { return List.of(list(blocklengths), java.util.Arrays.stream(displacements).boxed().toList(), oldType); }

    @Override RunCursor raw(long base, long skip) { return Blocks.cursor(blocks, Layout.of(oldType), size(), base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "hindexed"; }
}
