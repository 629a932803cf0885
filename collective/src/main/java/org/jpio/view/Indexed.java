package org.jpio.view;

import java.util.List;
import java.util.Set;
import org.jpio.io.ElementType;

/** MPI_Type_indexed: block i holds {@code blocklengths[i]} old types from {@code displacements[i]} old extents. */
public final class Indexed extends Layout implements Datatype {
    private final int[] blocklengths;
    private final int[] displacements;
    private final Datatype oldType;
    private final Blocks.List blocks;

    Indexed(int[] blocklengths, int[] displacements, Datatype oldType) {
        this(blocklengths.clone(), displacements.clone(), oldType, Hindexed.copies("indexed", blocklengths, displacements.length, oldType),
                bytes(displacements, oldType));
    }

    private Indexed(int[] bl, int[] d, Datatype old, long[] copies, long[] disps) {
        super(Blocks.generalShape("indexed", copies, disps, Layout.of(old)));
        this.blocklengths = bl;
        this.displacements = d;
        this.oldType = old;
        this.blocks = Blocks.general(copies, disps, old.size());
    }

    private static long[] bytes(int[] displacements, Datatype old) {
        long[] out = new long[displacements.length];
        for (int i = 0; i < out.length; i++) out[i] = (long) displacements[i] * old.extent();
        return out;
    }

    public int[] blocklengths() { return blocklengths.clone(); }
    /** Displacements in extents of the old type. */
    public int[] displacements() { return displacements.clone(); }
    public Datatype oldType() { return oldType; }

    @Override List<Object> params() { return List.of(Hindexed.list(blocklengths), Hindexed.list(displacements), oldType); }

    @Override RunCursor raw(long base, long skip) { return Blocks.cursor(blocks, Layout.of(oldType), size(), base, skip); }
    @Override void leaves(Set<ElementType> out) { Layout.of(oldType).leaves(out); }
    @Override String kind() { return "indexed"; }
}
