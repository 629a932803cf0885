package org.jpio.array;

import java.util.Arrays;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;

/**
 * The optional parts of a {@link DistributedArray}'s description, collected before it is made:
 * {@code DistributedArray.builder(comm, DOUBLE, 100, 80).processGrid(2, 2).distribution(BLOCK, cyclic(4)).ghost(1).create()}.
 * What is not given takes {@link DistributedArray#create(Comm, ElementType, int[], int[], Dist[], int)}'s defaults.
 */
public final class DistributedArrayBuilder {
    private final Comm comm;
    private final ElementType type;
    private final int[] shape;
    private int[] grid;
    private Dist[] dists;
    private int ghost;

    DistributedArrayBuilder(Comm comm, ElementType type, int[] shape) {
        this.comm = comm;
        this.type = type;
        this.shape = shape == null ? null : shape.clone();
    }

    /** Ranks per dimension; zeros are filled by MPI_Dims_create. */
    public DistributedArrayBuilder processGrid(int... ranksPerDimension) { grid = ranksPerDimension.clone(); return this; }

    /** One per dimension, or a single one for every dimension. */
    public DistributedArrayBuilder distribution(Dist... perDimension) {
        if (perDimension.length == 1 && shape != null && shape.length > 1) {
            dists = new Dist[shape.length];
            Arrays.fill(dists, perDimension[0]);
        } else {
            dists = perDimension.clone();
        }
        return this;
    }

    /** Ghost cells on every side of the local block, in every dimension. */
    public DistributedArrayBuilder ghost(int width) { ghost = width; return this; }

    /** The array (not collective, as {@code create}). */
    public DistributedArray create() { return DistributedArray.create(comm, type, shape, grid, dists, ghost); }
}
