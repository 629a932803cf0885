package org.jpio.array;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.Fingerprint;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.Order;

/**
 * A global N-d array distributed over the ranks of a {@link Comm}, and this rank's part of it.
 *
 * <p>The description (element type, global shape, process grid, a {@link Dist} per dimension, ghost
 * width) is immutable and must be the same on every rank; the grid defaults to MPI_Dims_create's
 * balanced choice and the distribution to BLOCK. Each rank holds its local block as one flat primitive
 * array in C order ({@link #data()}), with {@code ghost} extra cells on both sides of every dimension
 * when asked (the layout stencil codes use: local index -ghost..localShape+ghost-1).
 *
 * <pre>{@code
 * DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 64, 64, 64);
 * double[] mine = a.doubles();                  // a.localShape(), a.globalStart(), a.index(i, j, k)
 * a.write(Path.of("field.npy"));                // collective; numpy.load opens it
 * DistributedArray b = DistributedArray.create(other, ElementType.DOUBLE, 64, 64, 64);
 * b.read(Path.of("field.npy"));                 // any number of ranks, any distribution
 * }</pre>
 *
 * <p>{@code write} and {@code read} are collective over the communicator and go through
 * {@link org.jpio.parallel.ParallelFile} with a darray file view, so they use its two-phase I/O and hints.
 */
public final class DistributedArray {
    private final Comm comm;
    private final ElementType type;
    private final Decomposition dec;
    private final int ghost;
    private final int[] coords, localShape, padded;
    private final long localCount;
    private final Object data;
    private volatile Map<String, String> lastChoice = Map.of();

    private DistributedArray(Comm comm, ElementType type, Decomposition dec, int ghost) {
        this.comm = comm;
        this.type = type;
        this.dec = dec;
        this.ghost = ghost;
        int n = dec.ndims();
        this.coords = dec.coords(comm.rank());
        this.localShape = new int[n];
        this.padded = new int[n];
        long count = 1, alloc = 1;
        for (int d = 0; d < n; d++) {
            localShape[d] = dec.localSize(d, coords[d]);
            padded[d] = localShape[d] + 2 * ghost;
            count *= localShape[d];
            alloc *= padded[d];
        }
        if (alloc > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException("local block of rank=" + comm.rank() + " with ghosts has " + alloc
                    + " elements, more than one Java array holds: " + dec);
        this.localCount = count;
        this.data = type.newArray((int) alloc);
    }

    /** A BLOCK-distributed array on MPI_Dims_create's grid, without ghost cells. Not collective. */
    public static DistributedArray create(Comm comm, ElementType type, int... globalShape) {
        return builder(comm, type, globalShape).create();
    }

    /**
     * The full form. Not collective (nothing is exchanged), but every rank must pass the same arguments.
     *
     * @param processGrid  ranks per dimension (product = comm size); null or zeros for MPI_Dims_create's choice
     * @param distribution one per dimension; null for BLOCK everywhere
     * @param ghost        ghost cells on each side of each dimension (0 for none)
     */
    public static DistributedArray create(Comm comm, ElementType type, int[] globalShape, int[] processGrid, Dist[] distribution, int ghost) {
        if (comm == null || type == null || globalShape == null)
            throw new IllegalArgumentException("comm, element type and global shape must not be null");
        int n = globalShape.length;
        if (n < 1) throw new IllegalArgumentException("global shape must have at least one dimension");
        if (ghost < 0) throw new IllegalArgumentException("ghost width=" + ghost + " must be >= 0");
        Dist[] dists = distribution != null ? distribution.clone() : new Dist[n];
        if (distribution == null) Arrays.fill(dists, Dist.BLOCK);
        int[] grid = processGrid != null ? processGrid.clone() : new int[n];
        if (grid.length == n && dists.length == n)
            for (int d = 0; d < n; d++) if (grid[d] == 0 && dists[d].distribution() == Distribution.NONE) grid[d] = 1;
        if (grid.length == n && Arrays.stream(grid).anyMatch(x -> x == 0)) {
            try {
                grid = Dims.create(comm.size(), grid);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("process grid " + Arrays.toString(grid) + " cannot be completed for communicator size="
                        + comm.size() + ": " + e.getMessage(), e);
            }
        }
        Decomposition dec = new Decomposition(globalShape, grid, dists);
        if (dec.ranks() != comm.size())
            throw new IllegalArgumentException("process grid " + Arrays.toString(grid) + " has " + dec.ranks() + " ranks but the communicator has size=" + comm.size());
        WarmUp.start(); // the write path loads while the program fills its arrays
        return new DistributedArray(comm, type, dec, ghost);
    }

    /** Starts a description: {@code builder(comm, DOUBLE, 100, 80).processGrid(2, 2).distribution(BLOCK, cyclic(4)).ghost(1).create()}. */
    public static DistributedArrayBuilder builder(Comm comm, ElementType type, int... globalShape) {
        return new DistributedArrayBuilder(comm, type, globalShape);
    }

    /** An array of the same description on another communicator (possibly another number of ranks), BLOCK on the default grid. */
    public DistributedArray like(Comm other) {
        return create(other, type, dec.gsizes());
    }

    // ---- the description ----------------------------------------------------------------------------

    public Comm comm() { return comm; }
    public ElementType elementType() { return type; }
    public int ndims() { return dec.ndims(); }
    public int[] globalShape() { return dec.gsizes(); }
    public int[] processGrid() { return dec.psizes(); }
    public Dist[] distribution() { return dec.dists(); }
    public int ghost() { return ghost; }

    /** Elements of the global array. */
    public long globalCount() {
        long n = 1;
        for (int s : dec.gsizes()) n *= s;
        return n;
    }

    /** This rank's coordinates in the process grid (row-major rank order). */
    public int[] gridCoords() { return coords.clone(); }

    /** Elements this rank owns along each dimension (without ghosts; may be 0 when ranks outnumber elements). */
    public int[] localShape() { return localShape.clone(); }

    /** Shape of {@link #data()}: the local shape plus 2 x ghost in every dimension. */
    public int[] allocatedShape() { return padded.clone(); }

    /** Elements this rank owns (without ghosts). */
    public long localCount() { return localCount; }

    /**
     * Global index of this rank's first element along each dimension: for BLOCK and NONE its block is
     * {@code [globalStart, globalStart + localShape)}; for CYCLIC it is where its first block starts.
     */
    public int[] globalStart() {
        int[] s = new int[ndims()];
        for (int d = 0; d < s.length; d++) s[d] = dec.toGlobal(d, coords[d], 0);
        return s;
    }

    @Override public String toString() {
        return "DistributedArray[type=" + type + " " + dec + " ghost=" + ghost + " rank=" + comm.rank() + "/" + comm.size()
                + " localShape=" + Arrays.toString(localShape) + "]";
    }

    /** What every rank must agree on: element type, shape, grid, distribution, ghost width. */
    String description() {
        String d = description;
        if (d == null) description = d = type + " " + dec + " ghost=" + ghost;
        return d;
    }

    /** {@link #description()}'s digest: every call compares it across ranks, and neither changes. */
    long descriptionDigest() {
        long f = descriptionDigest;
        if (f == 0) descriptionDigest = f = Fingerprint.of(description()) | 1; // never 0, the mark of "not made yet"
        return f;
    }

    private String description;
    private long descriptionDigest;

    Decomposition decomposition() { return dec; }

    // ---- local data -------------------------------------------------------------------------------------

    /** The local block with its ghost cells, C order over {@link #allocatedShape()}: the array itself, not a copy. */
    public Object data() { return data; }

    public double[] doubles() { return typed(double[].class); }
    public float[] floats() { return typed(float[].class); }
    public long[] longs() { return typed(long[].class); }
    public int[] ints() { return typed(int[].class); }
    public short[] shorts() { return typed(short[].class); }
    public char[] chars() { return typed(char[].class); }
    public byte[] bytes() { return typed(byte[].class); }
    public boolean[] booleans() { return typed(boolean[].class); }

    private <T> T typed(Class<T> c) {
        if (c != type.arrayClass()) throw new IllegalArgumentException("array element type=" + type + " is not " + c.getComponentType());
        return c.cast(data);
    }

    /** The owned elements (no ghosts), C order, in a new buffer of the given byte order. */
    public ByteBuffer interiorBytes(ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(localCount * type.size())).order(order);
        getInterior(0, (int) localCount, b);
        return b.flip();
    }

    /** Sets the owned elements from {@code src} (C order, its byte order), which must hold exactly {@link #localCount()} elements. */
    public void setInterior(ByteBuffer src) {
        long have = src.remaining() / type.size();
        if (src.remaining() % type.size() != 0 || have != localCount)
            throw new IllegalArgumentException("buffer holds remaining=" + src.remaining() + " bytes, local block needs " + localCount * type.size()
                    + " (count=" + localCount + " type=" + type + ") rank=" + comm.rank());
        setInterior(0, (int) localCount, src);
    }

    /**
     * Copies owned elements {@code [from, from + count)} (C order of the local block, ghosts excluded) into
     * {@code dst} at its position, in its byte order: a piece of {@link #interiorBytes}, for code that moves
     * a block in bounded chunks (the memory side of an MPI_Pack of the block).
     */
    public void getInterior(long from, int count, ByteBuffer dst) {
        checkInteriorRange(from, count, dst);
        interior(Order.C).runs(from, count, (base, step, done, run) -> type.put(dst, data, base, run)); // C order: step 1
    }

    /** The reverse of {@link #getInterior(long, int, ByteBuffer)}: owned elements {@code [from, from + count)} from {@code src}. */
    public void setInterior(long from, int count, ByteBuffer src) {
        checkInteriorRange(from, count, src);
        interior(Order.C).runs(from, count, (base, step, done, run) -> type.get(src, data, base, run));
    }

    private void checkInteriorRange(long from, int count, ByteBuffer b) {
        if (from < 0 || count < 0 || from > localCount - count)
            throw new IndexOutOfBoundsException("owned elements from=" + from + " count=" + count + " outside localCount=" + localCount + " rank=" + comm.rank());
        if (b.remaining() < (long) count * type.size())
            throw new IllegalArgumentException("buffer has remaining=" + b.remaining() + " bytes for count=" + count + " elements of type=" + type + " rank=" + comm.rank());
    }

    /**
     * Where this rank's owned elements lie in a C-order file of the global array, in the order of
     * {@link #getInterior}: MPI_Type_create_darray's filetype of this rank, a file view's filetype.
     */
    public Datatype fileType() { return dec.datatype(comm.rank(), type, Order.C); }

    /**
     * Whether the ranks' blocks interleave in the array's C-order file (some rank's elements are more than
     * one contiguous run of it, as when the process grid splits any dimension but the first): the writes
     * then start at many places in the file, which decides where a format places the data
     * ({@link org.jpio.format.NewArray#alignment}).
     */
    public boolean blocksInterleave() { return dec.interleaves(); }

    /** The owned elements as a box of the padded block, walked in {@code order}. */
    Box interior(Order order) {
        int[] lo = new int[ndims()];
        Arrays.fill(lo, ghost);
        return new Box(padded, lo, localShape, order);
    }

    // ---- indices ------------------------------------------------------------------------------------

    /** Index into {@link #data()} of local coordinates (each from -ghost to localShape + ghost - 1). */
    public int index(int... local) {
        checkRank(local);
        int i = 0;
        for (int d = 0; d < local.length; d++) {
            if (local[d] < -ghost || local[d] >= localShape[d] + ghost)
                throw new IndexOutOfBoundsException("local index " + Arrays.toString(local) + " outside localShape=" + Arrays.toString(localShape)
                        + " ghost=" + ghost + " rank=" + comm.rank());
            i = i * padded[d] + local[d] + ghost;
        }
        return i;
    }

    /** Global coordinates of owned local coordinates. */
    public int[] toGlobal(int... local) {
        checkRank(local);
        int[] g = new int[local.length];
        for (int d = 0; d < g.length; d++) {
            if (local[d] < 0 || local[d] >= localShape[d])
                throw new IndexOutOfBoundsException("local index " + Arrays.toString(local) + " outside localShape=" + Arrays.toString(localShape) + " rank=" + comm.rank());
            g[d] = dec.toGlobal(d, coords[d], local[d]);
        }
        return g;
    }

    /** Whether this rank owns the element at global coordinates. */
    public boolean owns(int... global) {
        return ownerOf(global) == comm.rank();
    }

    /** The rank owning the element at global coordinates. */
    public int ownerOf(int... global) {
        checkGlobal(global);
        int[] c = new int[global.length];
        for (int d = 0; d < c.length; d++) c[d] = dec.owner(d, global[d]);
        return dec.rankAt(c);
    }

    /** Local coordinates of a global element this rank owns; IllegalArgumentException naming the owner otherwise. */
    public int[] toLocal(int... global) {
        int owner = ownerOf(global);
        if (owner != comm.rank())
            throw new IllegalArgumentException("global index " + Arrays.toString(global) + " is owned by rank=" + owner + ", not rank=" + comm.rank());
        int[] l = new int[global.length];
        for (int d = 0; d < l.length; d++) l[d] = dec.toLocal(d, global[d]);
        return l;
    }

    private void checkRank(int[] idx) {
        if (idx.length != ndims())
            throw new IllegalArgumentException("index " + Arrays.toString(idx) + " has " + idx.length + " coordinates, array has ndims=" + ndims());
    }

    private void checkGlobal(int[] global) {
        checkRank(global);
        for (int d = 0; d < global.length; d++)
            if (global[d] < 0 || global[d] >= dec.gsize(d))
                throw new IndexOutOfBoundsException("global index " + Arrays.toString(global) + " outside shape=" + Arrays.toString(dec.gsizes()));
    }

    // ---- collective operations ----------------------------------------------------------------------

    /** Collective: fills the ghost cells from the neighbours' edges (BLOCK/NONE dimensions; the global boundary's ghosts are left alone). */
    public void exchangeGhosts() {
        Ghosts.exchange(this);
    }

    /** Collective write in the format of the file name's ending ({@link ArrayFormats#of}), replacing the file, hints from the environment. */
    public void write(Path path) throws IOException { write(path, ArrayFormats.of(path), Hints.fromEnvironment(), WriteMode.REPLACE); }

    public void write(Path path, ArrayFormat format) throws IOException { write(path, format, Hints.fromEnvironment(), WriteMode.REPLACE); }

    public void write(Path path, ArrayFormat format, Hints hints) throws IOException { write(path, format, hints, WriteMode.REPLACE); }

    /**
     * Collective write of the global array, C order, native byte order. {@link WriteMode#REPLACE} (the
     * default) writes a temporary file beside {@code path} and renames it over the old file once every rank
     * has succeeded and the data is on the device: a crash or a full disk leaves the old file or the new one,
     * never a mixture, and a failure removes what it wrote. The format's own marks of a complete file (a
     * .npy header) are written last.
     */
    public void write(Path path, ArrayFormat format, Hints hints, WriteMode mode) throws IOException {
        write(ArrayPath.of(path), format, hints, mode, Attributes.empty());
    }

    /** Collective write to a dataset ({@code file.h5:/group/name}) in the format of the file name's ending, replacing the file. */
    public void write(ArrayPath target) throws IOException {
        write(target, ArrayFormats.of(target.file()), Hints.fromEnvironment(), WriteMode.REPLACE, Attributes.empty());
    }

    /**
     * The full form: the array goes to dataset {@code target.dataset()} of the file (for formats that hold
     * several, such as h5; "" is the format's default), with {@code attributes} on it. {@link WriteMode#ADD}
     * keeps the file's other datasets and gives this one its name only once it is complete.
     */
    public void write(ArrayPath target, ArrayFormat format, Hints hints, WriteMode mode, Attributes attributes) throws IOException {
        try (org.jpio.comm.Call.Scope call = comm.during("write path=" + target, watchdogMillis(hints))) {
            ArrayIo.write(this, target, format, hints, mode, attributes);
        }
    }

    /** The watchdog limit of an array call: the file's hint, else the default (bad hints are refused later, by name). */
    private static long watchdogMillis(Hints hints) { return hints == null ? org.jpio.comm.Watchdog.defaultMillis() : hints.watchdogMillis(); }

    /** Collective read, in the format of the file name's ending, hints from the environment. */
    public void read(Path path) throws IOException { read(path, ArrayFormats.of(path), Hints.fromEnvironment()); }

    public void read(Path path, Hints hints) throws IOException { read(path, ArrayFormats.of(path), hints); }

    public void read(Path path, ArrayFormat format, Hints hints) throws IOException { read(ArrayPath.of(path), format, hints); }

    /** Collective read of a dataset ({@code file.h5:/group/name}), in the format of the file name's ending. */
    public void read(ArrayPath source) throws IOException { read(source, ArrayFormats.of(source.file()), Hints.fromEnvironment()); }

    /**
     * Collective read of the global array (dataset {@code source.dataset()}, "" for the file's only one) into
     * every rank's local block (ghost cells untouched), whatever number of ranks and distribution wrote it.
     * A self-describing format's element type and shape must be this array's (any byte order, C or Fortran
     * order); a RAW file's size must be the array's. A contiguous array is read with collective I/O at its
     * offset, one stored otherwise (a chunked HDF5 dataset) through the format's library: see {@link #hints()}.
     */
    public void read(ArrayPath source, ArrayFormat format, Hints hints) throws IOException {
        try (org.jpio.comm.Call.Scope call = comm.during("read path=" + source, watchdogMillis(hints))) {
            ArrayIo.read(this, source, format, hints);
        }
    }

    /**
     * What the last write or read of this array chose, on this rank: the file's hints in effect (the
     * collective buffering choices of {@code ParallelFile.hints()}), and {@code jpio_array_format},
     * {@code jpio_array_stored} (the array as the file holds it) and {@code jpio_array_data} (how the data
     * moved: collective I/O at an offset, or the format's library). Empty before the first.
     */
    public Map<String, String> hints() { return lastChoice; }

    void chose(Map<String, String> hints) { lastChoice = hints; }

    /**
     * Collective: what a file holds (element type, shape, byte order, where the data starts), read by one
     * rank and returned on every rank, as numpy.load learns it from the header. Use it to describe a
     * distributed array of any distribution before reading the file into it.
     */
    public static StoredArray inspect(Comm comm, Path path) throws IOException { return inspect(comm, ArrayPath.of(path)); }

    /** Collective: what a dataset holds ({@code file.h5:/group/name}; "" for the file's only array). */
    public static StoredArray inspect(Comm comm, ArrayPath source) throws IOException {
        try (org.jpio.comm.Call.Scope call = comm.during("inspect path=" + source, org.jpio.comm.Watchdog.defaultMillis())) {
            return ArrayIo.inspect(comm, source, ArrayFormats.of(source.file()));
        }
    }

    /**
     * Collective: a BLOCK-distributed array of the element type and shape the file holds, read from it,
     * without being told either (numpy.load for a distributed array). The format comes from the file name.
     */
    public static DistributedArray load(Comm comm, Path path) throws IOException { return load(comm, path, Hints.fromEnvironment()); }

    public static DistributedArray load(Comm comm, Path path, Hints hints) throws IOException { return load(comm, ArrayPath.of(path), hints); }

    /** Collective: a BLOCK-distributed array of what a dataset holds, read from it. */
    public static DistributedArray load(Comm comm, ArrayPath source, Hints hints) throws IOException {
        try (org.jpio.comm.Call.Scope call = comm.during("load path=" + source, watchdogMillis(hints))) {
            ArrayFormat format = ArrayFormats.of(source.file());
            StoredArray s = ArrayIo.inspect(comm, source, format);
            DistributedArray a = create(comm, s.type(), s.shapeAsInts());
            a.read(new ArrayPath(source.file(), s.dataset()), format, hints); // the dataset as inspect found it
            return a;
        }
    }
}
