package org.jpio.array;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.npy.NpyFile;
import org.jpio.npy.NpyHeader;
import org.jpio.parallel.AccessMode;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;
import org.jpio.view.Order;

/**
 * Collective reads and writes of a {@link DistributedArray}: a ParallelFile with a darray file view of
 * this rank's block (after the .npy header for NPY), and the local block as the memory side. A block
 * without ghost cells moves in one collective call straight from or into the local array; with ghosts
 * (or a Fortran-order file) the elements go through a bounded temporary, chunk by chunk, every rank
 * making the same number of collective calls.
 */
final class ArrayIo {
    private ArrayIo() { }

    static void write(DistributedArray a, Path path, Format format, Hints hints, int chunkBytes) throws IOException {
        Comm comm = a.comm();
        String op = "write path=" + path + " format=" + format;
        agreeOnCall(a, op, path, format, hints);
        ElementType type = a.elementType();
        NpyHeader header = format == Format.NPY ? NpyHeader.of(type, ByteOrder.nativeOrder(), false, longs(a.globalShape())) : null;
        long displacement = header == null ? 0 : header.dataOffset();
        long total = displacement + a.globalCount() * type.size();
        try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(AccessMode.CREATE, AccessMode.RDWR), hints)) {
            f.setSize(total);                                     // drops what an older, larger file left behind
            if (header != null) {
                IOException bad = null;
                if (comm.rank() == 0) {
                    try {
                        byte[] h = header.encode();
                        f.writeAt(0, h, 0, h.length);
                    } catch (IOException e) {
                        bad = e;
                    }
                }
                comm.agree(op + " header", bad);
            }
            f.setView(new FileView(displacement, type, a.decomposition().datatype(comm.rank(), type, Order.C), DataRep.NATIVE));
            transfer(a, f, Order.C, true, chunkBytes);
        }
    }

    static void read(DistributedArray a, Path path, Format format, Hints hints, int chunkBytes) throws IOException {
        Comm comm = a.comm();
        String op = "read path=" + path + " format=" + format;
        agreeOnCall(a, op, path, format, hints);
        ElementType type = a.elementType();
        Order order = Order.C;
        DataRep rep = DataRep.NATIVE;
        long displacement = 0;
        if (format == Format.NPY) {
            NpyHeader h = headerFromRoot(comm, path, op);
            requireMatch(a, h, path);
            order = h.fortranOrder() ? Order.FORTRAN : Order.C;
            rep = representation(h, path);
            displacement = h.dataOffset();
        }
        try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(AccessMode.RDONLY), hints)) {
            if (format == Format.RAW) {
                long size = f.size(), need = a.globalCount() * type.size();
                IllegalArgumentException bad = size == need ? null : new IllegalArgumentException("RAW file size does not match the array: file path="
                        + path + " size=" + size + " bytes; array type=" + type + " shape=" + Arrays.toString(a.globalShape()) + " needs " + need + " bytes");
                comm.agree(op, bad);
            }
            f.setView(new FileView(displacement, type, a.decomposition().datatype(comm.rank(), type, order), rep));
            transfer(a, f, order, false, chunkBytes);
        }
    }

    /**
     * Moves this rank's block. The darray view hands out the block's elements in {@code order}; the
     * local array is C order with ghosts, so only a ghost-free C-order block is contiguous in memory.
     */
    private static void transfer(DistributedArray a, ParallelFile f, Order order, boolean write, int chunkBytes) throws IOException {
        Object data = a.data();
        if (a.ghost() == 0 && order == Order.C) {                  // the same branch on every rank: ghost and order are agreed
            int n = (int) a.localCount();
            if (write) f.writeAll(data, 0, n); else f.readAll(data, 0, n);
            return;
        }
        Box box = a.interior(order);
        int per = Chunks.elements(a.elementType(), chunkBytes);
        long rounds = a.comm().allreduce(Chunks.rounds(box.count(), per), Comm.Op.MAX);
        Chunks.walk(box, a.elementType(), per, rounds, (tmp, from, n) -> {
            if (write) f.writeAll(tmp, 0, n); else f.readAll(tmp, 0, n);
        }, write, data);
    }

    /** Arguments MPI requires to be equal everywhere; a difference is named on every rank before any byte moves. */
    private static void agreeOnCall(DistributedArray a, String op, Path path, Format format, Hints hints) {
        Comm comm = a.comm();
        IllegalArgumentException bad = path == null || format == null || hints == null
                ? new IllegalArgumentException(op + ": path, format and hints must not be null rank=" + comm.rank()) : null;
        comm.agree(op, bad);
        comm.requireSame(op, "array", a.description());
        comm.requireSame(op, "format", format.name());
    }

    /** Rank 0 reads and checks the header, every rank gets it (one reader, not M, for a parallel file system's sake). */
    private static NpyHeader headerFromRoot(Comm comm, Path path, String op) {
        long[] packed = null;
        Exception bad = null;
        if (comm.rank() == 0) {
            try {
                packed = pack(NpyFile.readHeader(path));
            } catch (IOException | IllegalArgumentException e) {
                bad = e;
            }
        }
        comm.agree(op, bad);
        int[] len = {packed == null ? 0 : packed.length};
        comm.bcast(len, 0, 1, 0);
        if (packed == null) packed = new long[len[0]];
        comm.bcast(packed, 0, len[0], 0);
        return unpack(packed);
    }

    private static long[] pack(NpyHeader h) {
        long[] shape = h.shape();
        long[] p = new long[5 + shape.length];
        p[0] = h.type().ordinal();
        p[1] = h.order() == ByteOrder.BIG_ENDIAN ? 1 : 0;
        p[2] = h.fortranOrder() ? 1 : 0;
        p[3] = h.dataOffset();
        p[4] = h.version();
        System.arraycopy(shape, 0, p, 5, shape.length);
        return p;
    }

    private static NpyHeader unpack(long[] p) {
        return new NpyHeader(ElementType.values()[(int) p[0]], p[1] == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN,
                p[2] == 1, Arrays.copyOfRange(p, 5, p.length), (int) p[3], (int) p[4]);
    }

    /** The same answer on every rank (same header, same description), so a mismatch fails everywhere alike. */
    private static void requireMatch(DistributedArray a, NpyHeader h, Path path) {
        long[] want = longs(a.globalShape());
        if (h.type() != a.elementType() || !Arrays.equals(h.shape(), want))
            throw new IllegalArgumentException("file and array do not match: file path=" + path + " has dtype '" + h.descr() + "' shape="
                    + tuple(h.shape()) + "; array has element type=" + a.elementType() + " (dtype '"
                    + NpyHeader.of(a.elementType(), h.order(), false, want).descr() + "') shape=" + tuple(want));
    }

    /** The view's data representation for the file's byte order. */
    private static DataRep representation(NpyHeader h, Path path) {
        if (h.type().size() == 1 || h.order().equals(ByteOrder.nativeOrder())) return DataRep.NATIVE;
        if (h.order().equals(ByteOrder.BIG_ENDIAN)) return DataRep.BIG_ENDIAN;
        throw new IllegalArgumentException("little-endian dtype '" + h.descr() + "' on a big-endian machine has no data representation: file path=" + path);
    }

    private static long[] longs(int[] a) {
        long[] l = new long[a.length];
        for (int i = 0; i < a.length; i++) l[i] = a[i];
        return l;
    }

    private static String tuple(long[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < s.length; i++) b.append(i > 0 ? ", " : "").append(s[i]);
        return b.append(s.length == 1 ? ",)" : ")").toString();
    }
}
