package org.jpio.array;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.jpio.view.Datatype;
import org.jpio.view.Order;

/**
 * Collective reads and writes of a {@link DistributedArray} in any {@link ArrayFormat}: one rank describes
 * or prepares the file, every rank gets the description, and the data moves through a ParallelFile whose
 * darray view of this rank's block starts where the format puts the data. A block without ghost cells
 * moves in one collective call straight from or into the local array; with ghosts (or a Fortran-order
 * file) the elements go through a bounded temporary, chunk by chunk, every rank making the same number of
 * collective calls.
 */
final class ArrayIo {
    private ArrayIo() { }

    static void write(DistributedArray a, Path path, ArrayFormat format, Hints hints, WriteMode mode) throws IOException {
        Comm comm = a.comm();
        String op = "write path=" + path + " format=" + (format == null ? null : format.name());
        agreeOnCall(a, op, path, format, hints, mode == null ? "write mode is null" : null);
        Path target = path.toAbsolutePath().normalize();
        Path file = target;
        Throwable failed = null;
        StoredArray stored = null;
        if (comm.rank() == 0) {
            try {
                if (mode == WriteMode.REPLACE) file = Replacement.temporary(target, comm.hostName());
                else try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(target, java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.WRITE)) {
                    c.truncate(0); // in place: the old contents go first, so no reader mixes them with the new
                }
                stored = format.prepare(file, a.elementType(), longs(a.globalShape()));
            } catch (IOException | RuntimeException e) {
                failed = e;
                if (mode == WriteMode.REPLACE) Replacement.discard(file, e);
            }
        }
        comm.agree(op, failed);
        file = Path.of(new String(comm.bcastBytes(comm.rank() == 0 ? file.toString().getBytes(StandardCharsets.UTF_8) : null, 0), StandardCharsets.UTF_8));
        stored = broadcast(comm, stored);
        try {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY), hints)) {
                f.setView(new FileView(stored.dataPosition(), a.elementType(), a.decomposition().datatype(comm.rank(), a.elementType(), Order.C), DataRep.NATIVE));
                transfer(a, f, Order.C, true);
                f.sync(); // every rank's data is on the device before the file is made valid
            }
            failed = null;
            if (comm.rank() == 0) {
                try {
                    format.finish(file, stored);
                    if (mode == WriteMode.REPLACE) Replacement.commit(file, target);
                } catch (IOException | RuntimeException e) {
                    failed = e;
                }
            }
            comm.agree(op, failed);
        } catch (IOException | RuntimeException e) {
            if (comm.rank() == 0 && mode == WriteMode.REPLACE) Replacement.discard(file, e);
            throw e;
        }
    }

    static void read(DistributedArray a, Path path, ArrayFormat format, Hints hints) throws IOException {
        Comm comm = a.comm();
        String op = "read path=" + path + " format=" + (format == null ? null : format.name());
        agreeOnCall(a, op, path, format, hints, null);
        StoredArray s = describe(comm, path, format, a, op);
        requireMatch(a, s, path);
        Order order = s.fortranOrder() ? Order.FORTRAN : Order.C;
        try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(Amode.RDONLY), hints)) {
            f.setView(new FileView(s.dataPosition(), a.elementType(), a.decomposition().datatype(comm.rank(), a.elementType(), order), representation(s, path)));
            transfer(a, f, order, false);
        }
    }

    /** What a file holds, read by rank 0 and known to all: collective. */
    static StoredArray inspect(Comm comm, Path path, ArrayFormat format) throws IOException {
        String op = "inspect path=" + path;
        comm.agreeOnArguments(op, path == null || format == null ? new IllegalArgumentException(op + ": path and format must not be null") : null);
        return describe(comm, path, format, null, op);
    }

    /**
     * Rank 0 reads the description (one reader, not M, for a parallel file system's sake); a RAW file is
     * described by the array it is read into, and its size must match.
     */
    private static StoredArray describe(Comm comm, Path path, ArrayFormat format, DistributedArray a, String op) throws IOException {
        StoredArray s = null;
        Throwable bad = null;
        if (comm.rank() == 0) {
            try {
                if (format.selfDescribing() || a == null) {
                    s = format.inspect(path);
                } else {
                    s = new StoredArray(format.name(), a.elementType(), longs(a.globalShape()), ByteOrder.nativeOrder(), false, 0);
                    long size = Files.size(path), need = a.globalCount() * a.elementType().size();
                    if (size != need)
                        throw new IllegalArgumentException("RAW file size does not match the array: file path=" + path + " size=" + size
                                + " bytes; array type=" + a.elementType() + " shape=" + Arrays.toString(a.globalShape()) + " needs " + need + " bytes");
                }
            } catch (IOException | RuntimeException e) {
                bad = e;
            }
        }
        comm.agree(op, bad);
        return broadcast(comm, s);
    }

    private static StoredArray broadcast(Comm comm, StoredArray s) {
        long[] packed = comm.rank() == 0 ? s.pack(ArrayFormats.indexOf(ArrayFormats.get(s.format()))) : null;
        int[] len = {packed == null ? 0 : packed.length};
        comm.bcast(len, 0, 1, 0);
        if (packed == null) packed = new long[len[0]];
        comm.bcast(packed, 0, len[0], 0);
        return StoredArray.unpack(packed, ArrayFormats.at((int) packed[0]).name());
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
    private static void agreeOnCall(DistributedArray a, String op, Path path, ArrayFormat format, Hints hints, String problem) {
        Comm comm = a.comm();
        String why = path == null || format == null || hints == null ? "path, format and hints must not be null" : problem;
        if (why == null && format.unavailableReason().isPresent()) why = "format " + format.name() + " is unavailable: " + format.unavailableReason().get();
        comm.agreeOnArguments(op, why == null ? null : new IllegalArgumentException(op + ": " + why + ": rank=" + comm.rank()));
        comm.requireSame(op, "array", a.description(), "format", format.name(), "path", path.toAbsolutePath().normalize().toString());
    }

    /** The same answer on every rank (same description), so a mismatch fails everywhere alike. */
    private static void requireMatch(DistributedArray a, StoredArray s, Path path) {
        long[] want = longs(a.globalShape());
        if (s.type() != a.elementType() || !Arrays.equals(s.shape(), want))
            throw new IllegalArgumentException("file and array do not match: file path=" + path + " holds " + s.type() + " (dtype '" + dtype(s.type(), s.order())
                    + "') shape=" + tuple(s.shape()) + "; array has element type=" + a.elementType() + " (dtype '" + dtype(a.elementType(), s.order())
                    + "') shape=" + tuple(want));
    }

    /** The view's data representation for the file's byte order. */
    private static DataRep representation(StoredArray s, Path path) {
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
