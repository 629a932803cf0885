package org.jpio.array;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.jpio.comm.Comm;
import org.jpio.comm.Fingerprint;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.NewArray;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.parallel.RenderedHints;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.jpio.view.Datatype;
import org.jpio.view.Order;

/**
 * Collective reads and writes of a {@link DistributedArray} in any {@link ArrayFormat}: one rank describes
 * or prepares the file, every rank gets the description, and the data moves through a ParallelFile whose
 * darray view of this rank's block starts where the format puts the data (an array that is not one block,
 * such as a chunked HDF5 dataset, is read through the format's library instead: {@link LibraryRead}). A block without ghost cells
 * moves in one collective call straight from or into the local array; with ghosts (or a Fortran-order
 * file) the elements go through a bounded temporary, chunk by chunk, every rank making the same number of
 * collective calls.
 */
final class ArrayIo {
    private ArrayIo() { }

    static void write(DistributedArray a, ArrayPath target, ArrayFormat format, Hints hints, WriteMode mode, Attributes attributes)
            throws IOException {
        Comm comm = a.comm();
        String op = "write path=" + target + " format=" + (format == null ? null : format.name());
        agreeOnCall(a, op, target, format, hints, writeProblem(format, mode, attributes));
        Path destination = target.file().toAbsolutePath().normalize();
        Path file = destination;
        boolean replace = mode != WriteMode.IN_PLACE;                   // ADD to a file that does not exist yet creates it as REPLACE does
        Throwable failed = null;
        StoredArray stored = null;
        byte[] preparation = null;
        if (comm.rank() == 0) {
            try {
                long[] shape = longs(a.globalShape());
                NewArray array = new NewArray(target.dataset(), a.elementType(), shape, attributes,
                        NewArray.alignment(hints.stripingUnit(), a.elementType(), shape, a.blocksInterleave()));
                if (mode == WriteMode.ADD && Files.exists(destination)) replace = false;
                else if (replace) file = Replacement.temporary(destination, comm.hostName());
                // in place: over the old file's blocks, which a truncation would free for the writes to take again
                stored = mode == WriteMode.IN_PLACE ? format.prepareInPlace(file, array, Replacement.scratch(destination, comm.hostName()))
                        : format.prepare(file, array);
                preparation = prepared(replace, file, stored);
            } catch (IOException | RuntimeException e) {
                failed = e;
                if (replace) Replacement.discard(file, e);
            }
        }
        // one broadcast carries what rank 0 decided and made (or its failure): whether it replaces, the file, the description
        byte[] outcome = comm.shareFromRoot(op, 0, preparation, failed);
        if (comm.rank() != 0) try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(outcome))) {
            replace = in.readBoolean();
            file = Path.of(in.readUTF());
            stored = StoredArray.decode(in.readAllBytes());
        }
        try {
            Map<String, String> chosen;
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY), hints)) {
                f.setView(new FileView(stored.dataPosition(), a.elementType(), a.decomposition().datatype(comm.rank(), a.elementType(), Order.C), DataRep.NATIVE));
                transfer(a, f, Order.C, true);
                f.sync(); // every rank's data is on the device before the file is made valid
                chosen = f.hintsWhenRead();
            }
            failed = null;
            if (comm.rank() == 0) {
                try {
                    format.finish(file, stored);
                    if (replace) Replacement.commit(file, destination);
                } catch (IOException | RuntimeException e) {
                    failed = e;
                }
            }
            comm.agree(op, failed);
            boolean replaced = replace;
            StoredArray made = stored;
            a.chose(report(chosen, format, made, () -> "written with collective I/O at offset " + made.dataPosition() + (replaced ? " of a temporary renamed over "
                    + destination : mode == WriteMode.ADD ? ", named once complete, in the existing " + destination : " of " + destination + " in place")));
        } catch (IOException | RuntimeException e) {
            if (comm.rank() == 0 && replace) Replacement.discard(file, e);
            else if (comm.rank() == 0 && mode == WriteMode.ADD) discard(format, file, stored, e);
            throw e;
        }
    }

    static void read(DistributedArray a, ArrayPath source, ArrayFormat format, Hints hints) throws IOException {
        Comm comm = a.comm();
        String op = "read path=" + source + " format=" + (format == null ? null : format.name());
        agreeOnCall(a, op, source, format, hints, null);
        StoredArray s = describe(comm, source, format, a, op);
        requireMatch(a, s, source);
        if (!s.contiguous()) {
            String how = LibraryRead.read(a, source.file(), format, s, op);
            a.chose(report(Map.of(), format, s, () -> how));
            return;
        }
        Order order = s.fortranOrder() ? Order.FORTRAN : Order.C;
        try (ParallelFile f = ParallelFile.open(comm, source.file(), EnumSet.of(Amode.RDONLY), hints)) {
            f.setView(new FileView(s.dataPosition(), a.elementType(), a.decomposition().datatype(comm.rank(), a.elementType(), order), representation(s, source)));
            transfer(a, f, order, false);
            a.chose(report(f.hintsWhenRead(), format, s, () -> "read with collective I/O at offset " + s.dataPosition()));
        }
    }

    /** What a file holds, read by rank 0 and known to all: collective. */
    static StoredArray inspect(Comm comm, ArrayPath source, ArrayFormat format) throws IOException {
        String op = "inspect path=" + source;
        comm.agreeOnArguments(op, source == null || format == null ? new IllegalArgumentException(op + ": path and format must not be null") : null);
        return describe(comm, source, format, null, op);
    }

    /** What rank 0 prepared for a write, for its broadcast. */
    private static byte[] prepared(boolean replace, Path file, StoredArray stored) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeBoolean(replace);
            out.writeUTF(file.toString());
            out.write(stored.encode());
        }
        return bytes.toByteArray();
    }

    /** Keys {@link DistributedArray#hints} adds to the file's hints: which format, which array, which path the data took. */
    static final String FORMAT = "jpio_array_format", STORED = "jpio_array_stored", DATA = "jpio_array_data";

    /** The report of one call, rendered when {@link DistributedArray#hints} is first read (most never are). */
    private static Map<String, String> report(Map<String, String> fileHints, ArrayFormat format, StoredArray s, Supplier<String> data) {
        return new RenderedHints(() -> {
            Map<String, String> m = new LinkedHashMap<>(fileHints);
            m.put(FORMAT, format.name());
            m.put(STORED, s.toString());
            m.put(DATA, data.get());
            return m;
        });
    }

    private static void discard(ArrayFormat format, Path file, StoredArray stored, Throwable failure) {
        try {
            format.discard(file, stored);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** Why a write cannot be made with these arguments, on every rank alike, or null. */
    private static String writeProblem(ArrayFormat format, WriteMode mode, Attributes attributes) {
        if (mode == null || attributes == null) return "write mode and attributes must not be null";
        if (format != null && !format.holdsSeveral() && mode == WriteMode.ADD)
            return "write mode ADD adds an array to a file of several; format " + format.name() + " holds one array per file (use h5, or REPLACE)";
        if (format != null && !format.holdsSeveral() && !attributes.isEmpty())
            return "format " + format.name() + " holds no attributes: cannot store " + attributes + " (use h5)";
        return null;
    }

    /**
     * Rank 0 reads the description (one reader, not M, for a parallel file system's sake); a RAW file is
     * described by the array it is read into, and its size must match.
     */
    private static StoredArray describe(Comm comm, ArrayPath source, ArrayFormat format, DistributedArray a, String op) throws IOException {
        StoredArray s = null;
        byte[] described = null;
        Throwable bad = null;
        if (comm.rank() == 0) {
            try {
                Path path = source.file();
                if (format.selfDescribing() || a == null) {
                    s = format.inspect(path, source.dataset());
                } else {
                    s = new StoredArray(format.name(), a.elementType(), longs(a.globalShape()), ByteOrder.nativeOrder(), false, 0);
                    long size = Files.size(path), need = a.globalCount() * a.elementType().size();
                    if (size != need)
                        throw new IllegalArgumentException("RAW file size does not match the array: file path=" + path + " size=" + size
                                + " bytes; array type=" + a.elementType() + " shape=" + Arrays.toString(a.globalShape()) + " needs " + need + " bytes");
                }
                described = s.encode();
            } catch (IOException | RuntimeException e) {
                bad = e;
            }
        }
        // one broadcast carries rank 0's description or its failure: no other rank did anything to agree on
        byte[] got = comm.shareFromRoot(op, 0, described, bad);
        return comm.rank() == 0 ? s : StoredArray.decode(got);
    }

    /**
     * Moves this rank's block in one collective call. The darray view hands out the block's elements in
     * {@code order}; the local array is C order with ghosts, so unless the block is ghost-free and in C
     * order its elements are described by a memory datatype (a subarray of the padded block, walked in
     * {@code order}) and move straight between their places in the array and the file, with no temporary.
     * A read checks that the whole block was there.
     */
    private static void transfer(DistributedArray a, ParallelFile f, Order order, boolean write) throws IOException {
        Object data = a.data();
        int n = (int) a.localCount();
        Elements e;
        if (n == 0 || a.ghost() == 0 && order == Order.C) e = Elements.ofArray(data, 0, n);
        else {
            e = Elements.of(data, interior(a, order), 1);
        }
        int moved = write ? f.writeAll(e) : f.readAll(e);
        if (moved != n)
            throw new EOFException((write ? "wrote " : "read ") + moved + " of the " + n + " elements of rank=" + a.comm().rank() + "'s block: path=" + f.path());
    }

    /**
     * The block's owned elements as a memory datatype of its padded C-order array, walked in {@code order}:
     * a subarray for C order; for Fortran order (the first index fastest over a C-order array, which no
     * subarray walks) nested hvectors, the innermost along dimension 0, placed at the first owned element.
     */
    static Datatype interior(DistributedArray a, Order order) {
        int[] padded = a.allocatedShape(), shape = a.localShape();
        int n = padded.length, g = a.ghost();
        Datatype element = Datatype.of(a.elementType());
        if (order == Order.C) {
            int[] lo = new int[n];
            Arrays.fill(lo, g);
            return Datatype.subarray(padded, shape, lo, Order.C, element);
        }
        long esz = a.elementType().size(), stride = esz, start = 0;
        long[] strides = new long[n];
        for (int d = n - 1; d >= 0; d--) {
            strides[d] = stride;
            start += g * stride;
            stride *= padded[d];
        }
        Datatype t = element;
        for (int d = 0; d < n; d++) t = Datatype.hvector(shape[d], 1, strides[d], t);
        return Datatype.hindexed(new int[] {1}, new long[] {start}, t);
    }

    /** Arguments MPI requires to be equal everywhere; a difference is named on every rank before any byte moves. */
    static void agreeOnCall(DistributedArray a, String op, ArrayPath path, ArrayFormat format, Hints hints, String problem) {
        Comm comm = a.comm();
        String why = path == null || format == null || hints == null ? "path, format and hints must not be null" : problem;
        if (why == null && format.unavailableReason().isPresent()) why = "format " + format.name() + " is unavailable: " + format.unavailableReason().get();
        RuntimeException bad = why == null ? null : new IllegalArgumentException(op + ": " + why + ": rank=" + comm.rank());
        String[] same = bad != null ? new String[0]
                : new String[] {"array", a.description(), "format", format.name(), "path", path.inFile(path.file().toAbsolutePath().normalize()).toString()};
        comm.agreeOnArgumentsAndSame(op, bad, bad != null ? 0 : Fingerprint.combine(a.descriptionDigest(), Fingerprint.of(same[3], same[5])), () -> same); // one allreduce unless something differs
    }

    /** The same answer on every rank (same description), so a mismatch fails everywhere alike. */
    private static void requireMatch(DistributedArray a, StoredArray s, ArrayPath path) {
        long[] want = longs(a.globalShape());
        if (s.type() != a.elementType() || !Arrays.equals(s.shape(), want))
            throw new IllegalArgumentException("file and array do not match: file path=" + path + " holds " + s.type() + " (dtype '" + dtype(s.type(), s.order())
                    + "') shape=" + tuple(s.shape()) + "; array has element type=" + a.elementType() + " (dtype '" + dtype(a.elementType(), s.order())
                    + "') shape=" + tuple(want));
    }

    /** The view's data representation for the file's byte order. */
    private static DataRep representation(StoredArray s, ArrayPath path) {
        if (s.type().size() == 1 || s.order().equals(ByteOrder.nativeOrder())) return DataRep.NATIVE;
        if (s.order().equals(ByteOrder.BIG_ENDIAN)) return DataRep.BIG_ENDIAN;
        throw new IllegalArgumentException("little-endian " + s.type() + " on a big-endian machine has no data representation: file path=" + path);
    }

    static long[] longs(int[] a) {
        long[] l = new long[a.length];
        for (int i = 0; i < a.length; i++) l[i] = a[i];
        return l;
    }

    /** numpy's name of an element type, as users of .npy files know it. */
    private static String dtype(ElementType t, ByteOrder order) { return org.jpio.npy.NpyHeader.of(t, order, false, 0).descr(); }

    private static String tuple(long[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) b.append(i > 0 ? ", " : "").append(s[i]);
        return b.append(s.length == 1 ? ",)" : ")").toString();
    }
}
