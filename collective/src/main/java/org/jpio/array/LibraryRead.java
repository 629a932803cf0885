package org.jpio.array;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.StoredArray;
import org.jpio.view.Order;

/**
 * The read of an array that is not one contiguous block (an HDF5 dataset in chunks, compressed, compact):
 * every rank asks the format's library for its own elements, the product of the global indices it owns
 * along each dimension, in slabs of whole rows of its first dimension. Each MPI process reads in parallel
 * with the others; ranks that are threads of one JVM take turns inside a library whose calls run one at a
 * time (the HDF5 Java bindings' methods are all static synchronized), and the report says which happened.
 */
final class LibraryRead {
    /** Bytes per library call: large, so that a chunk is decompressed about once, not once per thin slab. */
    static final int SLAB_BYTES = 256 << 20;

    private LibraryRead() { }

    /** Collective: reads every rank's block; returns what happened, for {@code hints()}. */
    static String read(DistributedArray a, Path file, ArrayFormat format, StoredArray s, String op) throws IOException {
        Comm comm = a.comm();
        Throwable failed = null;
        long slabs = 0;
        try {
            slabs = readMine(a, file, format, s, SLAB_BYTES);
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        comm.agree(op, failed);
        int processes = processes(comm);
        long calls = comm.allreduce(slabs, Comm.Op.SUM);
        return "read through the " + format.name() + " library with hyperslab selections (" + s.storage() + "), " + calls + " call(s) over "
                + comm.size() + " rank(s): " + (processes == comm.size() ? "each process read its own part in parallel"
                : processes == 1 ? "ranks of one JVM took turns (the library's Java bindings run one call at a time)"
                : comm.size() + " ranks in " + processes + " processes; ranks sharing a process took turns");
    }

    /** This rank's elements, slab by slab; returns the number of library calls. */
    static long readMine(DistributedArray a, Path file, ArrayFormat format, StoredArray s, int slabBytes) throws IOException {
        if (a.localCount() == 0) return 0;
        Decomposition dec = a.decomposition();
        int[] coords = a.gridCoords(), local = a.localShape(), padded = a.allocatedShape();
        int n = local.length;
        long[][] indices = new long[n][];
        for (int d = 0; d < n; d++) {
            indices[d] = new long[local[d]];
            for (int i = 0; i < local[d]; i++) indices[d][i] = dec.toGlobal(d, coords[d], i);
        }
        long row = a.localCount() / local[0] * a.elementType().size();
        int rows = (int) Math.max(1, Math.min(local[0], slabBytes / row));
        long calls = 0;
        for (int r0 = 0; r0 < local[0]; r0 += rows) {
            int nr = Math.min(rows, local[0] - r0);
            long[][] part = indices.clone();
            part[0] = Arrays.copyOfRange(indices[0], r0, r0 + nr);
            ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(nr * row)).order(ByteOrder.nativeOrder());
            format.readSelection(file, s, part, buf);
            calls++;
            buf.flip();
            int[] lo = new int[n], shape = local.clone();
            Arrays.fill(lo, a.ghost());
            lo[0] += r0;
            shape[0] = nr;
            int count = Math.toIntExact(nr * (row / a.elementType().size()));
            Object tmp = a.elementType().newArray(count);
            a.elementType().get(buf, tmp, 0, count);
            new Box(padded, lo, shape, Order.C).copy(a.data(), 0, count, tmp, 0, false);
        }
        return calls;
    }

    /** How many processes the ranks run in (one for threads of a JVM, the size for MPI processes). */
    private static int processes(Comm comm) {
        byte[] me = (comm.hostName() + ":" + ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8);
        Set<String> all = new HashSet<>();
        for (byte[] b : comm.allgatherBytes(me)) all.add(new String(b, StandardCharsets.UTF_8));
        return all.size();
    }
}
