package org.jpio.romio;

import org.jpio.io.ElementType;
import org.jpio.view.Distribution;
import org.jpio.view.Order;

/**
 * An MPI datatype owned by Java: its handle, and whether this object must free it. The factories are
 * MPI's type constructors with MPI's names and arguments (counts and displacements in elements of
 * {@code old}, the {@code h} forms in bytes); they return uncommitted types, {@link #commit()} makes one
 * usable for a transfer or a view. Predefined types (the eight primitives, MPI_BYTE) are never freed.
 *
 * <p>Not thread-safe; MPI allows freeing a type used to build another, so builders free intermediate
 * types right after use.
 */
public final class MpiDatatype implements AutoCloseable {
    /** {@link #darray}'s distribution argument meaning MPI_DISTRIBUTE_DFLT_DARG (as {@link org.jpio.view.Darray#DFLT_DARG}). */
    public static final int DFLT_DARG = org.jpio.view.Darray.DFLT_DARG;

    private final long handle;
    private final boolean predefined;
    private boolean freed;

    private MpiDatatype(long handle, boolean predefined) {
        this.handle = handle;
        this.predefined = predefined;
    }

    /** The MPI type of one element of a Java primitive array. */
    public static MpiDatatype of(ElementType t) {
        RomioBackend.require();
        return new MpiDatatype(RomioNative.elementType(t.ordinal()), true);
    }

    /** MPI_BYTE. */
    public static MpiDatatype bytes() {
        RomioBackend.require();
        return new MpiDatatype(RomioNative.byteType(), true);
    }

    private static MpiDatatype derived(long r, String op) {
        return new MpiDatatype(RomioErrors.checkType(r, op), false);
    }

    public static MpiDatatype contiguous(int count, MpiDatatype old) {
        return derived(RomioNative.typeContiguous(count, old.handle()), "MPI_Type_contiguous");
    }

    public static MpiDatatype vector(int count, int blocklength, int stride, MpiDatatype old) {
        return derived(RomioNative.typeVector(count, blocklength, stride, old.handle()), "MPI_Type_vector");
    }

    public static MpiDatatype hvector(int count, int blocklength, long strideBytes, MpiDatatype old) {
        return derived(RomioNative.typeHvector(count, blocklength, strideBytes, old.handle()), "MPI_Type_create_hvector");
    }

    public static MpiDatatype indexed(int[] blocklengths, int[] displacements, MpiDatatype old) {
        sameLength(blocklengths.length, displacements.length, "MPI_Type_indexed");
        return derived(RomioNative.typeIndexed(blocklengths, displacements, old.handle()), "MPI_Type_indexed");
    }

    public static MpiDatatype hindexed(int[] blocklengths, long[] displacementsBytes, MpiDatatype old) {
        sameLength(blocklengths.length, displacementsBytes.length, "MPI_Type_create_hindexed");
        return derived(RomioNative.typeHindexed(blocklengths, displacementsBytes, old.handle()), "MPI_Type_create_hindexed");
    }

    public static MpiDatatype subarray(int[] sizes, int[] subsizes, int[] starts, Order order, MpiDatatype old) {
        sameLength(sizes.length, subsizes.length, "MPI_Type_create_subarray");
        sameLength(sizes.length, starts.length, "MPI_Type_create_subarray");
        return derived(RomioNative.typeSubarray(sizes, subsizes, starts, order == Order.FORTRAN, old.handle()), "MPI_Type_create_subarray");
    }

    /** {@code dargs[i]} = {@link #DFLT_DARG} for MPI_DISTRIBUTE_DFLT_DARG. */
    public static MpiDatatype darray(int size, int rank, int[] gsizes, Distribution[] distribs, int[] dargs,
                                     int[] psizes, Order order, MpiDatatype old) {
        int n = gsizes.length;
        sameLength(n, distribs.length, "MPI_Type_create_darray");
        sameLength(n, dargs.length, "MPI_Type_create_darray");
        sameLength(n, psizes.length, "MPI_Type_create_darray");
        int[] d = new int[n];
        for (int i = 0; i < n; i++) d[i] = bridgeCode(distribs[i]);
        return derived(RomioNative.typeDarray(size, rank, gsizes, d, dargs, psizes, order == Order.FORTRAN, old.handle()),
            "MPI_Type_create_darray");
    }

    /** The bridge's distribution codes: 0 MPI_DISTRIBUTE_NONE, 1 BLOCK, 2 CYCLIC (romio_type.c). */
    private static int bridgeCode(Distribution d) {
        return switch (d) {
            case NONE -> 0;
            case BLOCK -> 1;
            case CYCLIC -> 2;
        };
    }

    public static MpiDatatype resized(MpiDatatype old, long lbBytes, long extentBytes) {
        return derived(RomioNative.typeResized(old.handle(), lbBytes, extentBytes), "MPI_Type_create_resized");
    }

    private static void sameLength(int a, int b, String op) {
        if (a != b) throw new IllegalArgumentException(op + ": array lengths differ: " + a + " and " + b);
    }

    /** MPI_Type_commit; returns this. */
    public MpiDatatype commit() {
        if (!predefined) RomioErrors.checkType(RomioNative.typeCommit(handle()), "MPI_Type_commit");
        return this;
    }

    /** The Fortran handle the bridge passes around; IllegalStateException after {@link #close()}. */
    public long handle() {
        if (freed) throw new IllegalStateException("MPI datatype already freed: handle=" + handle);
        return handle;
    }

    public boolean isPredefined() { return predefined; }

    /** MPI_Type_size: bytes of data (holes excluded). */
    public long size() { return RomioErrors.checkType(RomioNative.typeSize(handle()), "MPI_Type_size"); }

    /** MPI_Type_get_extent: {lb, extent} in bytes. */
    public long[] lbExtent() {
        long[] out = new long[2];
        RomioErrors.checkType(-RomioNative.typeExtent(handle(), out), "MPI_Type_get_extent");
        return out;
    }

    /** MPI_Type_free for derived types; predefined ones stay. Idempotent. */
    @Override public void close() {
        if (freed || predefined) return;
        freed = true;
        RomioErrors.checkType(-RomioNative.typeFree(handle), "MPI_Type_free");
    }

    @Override public String toString() {
        return "MpiDatatype[handle=" + handle + (predefined ? " predefined" : "") + (freed ? " freed" : "") + "]";
    }
}
