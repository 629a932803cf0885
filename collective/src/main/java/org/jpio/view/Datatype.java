package org.jpio.view;

import java.util.Objects;
import java.util.Set;
import org.jpio.io.ElementType;

/**
 * An MPI datatype as an immutable value: a type map of elements at byte displacements, built by MPI's
 * constructors. Each permitted class keeps its constructor's parameters as accessors, so a backend can
 * rebuild the same MPI datatype, and two types built alike are equal.
 *
 * <p>Bounds follow MPI: {@link #lb()}/{@link #ub()} span every copy including resized markers,
 * {@link #extent()} = ub - lb is how far consecutive copies are placed, {@link #trueLb()} and
 * {@link #trueExtent()} cover the data alone. No alignment padding (the standard's epsilon) is added,
 * as MPICH and Open MPI add none for these constructors. Subarray and darray have lb 0 and the extent of
 * the whole array. Extents are never negative here.
 *
 * <p>{@link #runs(long)} flattens lazily: contiguous runs in type order, adjacent runs merged.
 */
public sealed interface Datatype permits Basic, Contiguous, Vector, Hvector, Indexed, Hindexed, Subarray, Darray, Resized {

    /** MPI_BYTE. */
    Basic BYTE = new Basic(ElementType.BYTE);

    /** Bytes of data (MPI_Type_size). */
    long size();

    long lb();

    long ub();

    /** ub - lb (MPI_Type_get_extent). */
    long extent();

    /** Lowest data byte (MPI_Type_get_true_extent); 0 for a type without data. */
    long trueLb();

    /** Span from the lowest to one past the highest data byte. */
    long trueExtent();

    /** The element types this type is built from. */
    Set<ElementType> elementTypes();

    /** Contiguous runs of one copy displaced by {@code displacement} bytes, in type order, merged. */
    RunCursor runs(long displacement);

    /** Runs of one copy at displacement 0. */
    default RunCursor runs() { return runs(0); }

    /**
     * True when the data is one run covering exactly [lb, ub): copies of the type then tile memory or a file
     * without gaps (MPI's notion of a contiguous type).
     */
    default boolean isContiguous() { return Layout.of(this).shape.dense(); }

    /**
     * True when the data runs in type order go strictly forward (nonnegative, monotonically nondecreasing
     * displacements without overlap), the condition MPI puts on filetypes and etypes.
     */
    default boolean isMonotone() { return Layout.of(this).shape.monotone(); }

    // ---- constructors, named as in MPI -----------------------------------------------------------------

    static Basic of(ElementType type) {
        return new Basic(Objects.requireNonNull(type, "type"));
    }

    static Contiguous contiguous(int count, Datatype oldType) { return new Contiguous(count, oldType); }

    static Vector vector(int count, int blocklength, int stride, Datatype oldType) {
        return new Vector(count, blocklength, stride, oldType);
    }

    static Hvector hvector(int count, int blocklength, long strideBytes, Datatype oldType) {
        return new Hvector(count, blocklength, strideBytes, oldType);
    }

    static Indexed indexed(int[] blocklengths, int[] displacements, Datatype oldType) {
        return new Indexed(nonNull("indexed", blocklengths, "blocklengths"), nonNull("indexed", displacements, "displacements"), oldType);
    }

    static Hindexed hindexed(int[] blocklengths, long[] displacementsBytes, Datatype oldType) {
        return new Hindexed(nonNull("hindexed", blocklengths, "blocklengths"), nonNull("hindexed", displacementsBytes, "displacements"), oldType);
    }

    static Subarray subarray(int[] sizes, int[] subsizes, int[] starts, Order order, Datatype oldType) {
        return new Subarray(nonNull("subarray", sizes, "sizes"), nonNull("subarray", subsizes, "subsizes"), nonNull("subarray", starts, "starts"), order, oldType);
    }

    static Darray darray(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs, int[] psizes, Order order, Datatype oldType) {
        return new Darray(size, rank, nonNull("darray", gsizes, "gsizes"), nonNull("darray", distribs, "distribs"),
                nonNull("darray", dargs, "dargs"), nonNull("darray", psizes, "psizes"), order, oldType);
    }

    static Resized resized(long lb, long extent, Datatype oldType) { return new Resized(lb, extent, oldType); }

    private static <T> T nonNull(String kind, T array, String name) {
        if (array == null) throw new IllegalArgumentException(kind + ": " + name + " is null");
        return array;
    }
}
