package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.RunCursor;

/** ROMIO's test/shared_fp.c, ordered_fp.c and split_coll.c: the shared file pointer and split collectives. */
final class SharedPointerPorts {
    private SharedPointerPorts() { }

    private static int[] pattern(int count, int rank) {
        int[] buf = new int[count];
        for (int i = 0; i < count; i++) buf[i] = count * rank + i;
        return buf;
    }

    /** The C tests' check: the ints all processes read back sum to those of 0 .. count * nprocs - 1. */
    private static void checkSum(Comm comm, int[] buf, int count, String test) {
        long sum = 0;
        for (int v : buf) sum += v;
        long all = comm.allreduce(sum, Comm.Op.SUM), n = (long) count * comm.size();
        assertEquals(n * (n - 1) / 2, all, test + ": the sum of what every process read back");
    }

    /**
     * shared_fp.c: every process writes 1024 ints with write_shared under the default (byte) view, in
     * whatever order the processes come; seek_shared(0) and read_shared give each process one whole
     * block of some process's ints back.
     */
    static String sharedFp(Comm comm, Path file, Hints h) throws Exception {
        int count = 1024;
        int[] buf = pattern(count, comm.rank());
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            assertEquals(count, f.writeShared(Elements.of(buf)));
            java.util.Arrays.fill(buf, 0);
            comm.barrier();
            f.seekShared(0);
            assertEquals(count, f.readShared(Elements.of(buf)));
        }
        int block = buf[0] / count;
        assertArrayEquals(pattern(count, block), buf, "shared_fp: process " + comm.rank() + " reads one whole block (of process " + block + ")");
        checkSum(comm, buf, count, "shared_fp");
        return null;
    }

    /** ordered_fp.c: write_ordered of 200 ints per process, seek_shared(0), read_ordered gives each its own back. */
    static String orderedFp(Comm comm, Path file, Hints h) throws Exception {
        int count = 200;
        int[] buf = pattern(count, comm.rank());
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            assertEquals(count, f.writeOrdered(Elements.of(buf)));
            java.util.Arrays.fill(buf, 0);
            comm.barrier();
            f.seekShared(0);
            assertEquals(count, f.readOrdered(Elements.of(buf)));
        }
        assertArrayEquals(pattern(count, comm.rank()), buf, "ordered_fp: process " + comm.rank() + " reads its own ints in rank order");
        checkSum(comm, buf, count, "ordered_fp");
        return null;
    }

    /**
     * split_coll.c: a 32 x 32 x 32 int array, BLOCK in every dimension over the MPI_Dims_create grid, C
     * order, each element holding its global index: written with write_all_begin/end through the darray
     * view, reopened, read with read_all_begin/end.
     */
    static String splitColl(Comm comm, Path file, Hints h) throws Exception {
        int[] gsizes = {32, 32, 32};
        Distribution[] block = {Distribution.BLOCK, Distribution.BLOCK, Distribution.BLOCK};
        int[] dargs = {org.jpio.view.Darray.DFLT_DARG, org.jpio.view.Darray.DFLT_DARG, org.jpio.view.Darray.DFLT_DARG};
        Datatype darray = Datatype.darray(comm.size(), comm.rank(), gsizes, block, dargs, Dims.create(comm.size(), new int[3]), Order.C, Ports.INT);
        int[] writebuf = globalIndices(darray);
        FileView view = new FileView(0, ElementType.INT, darray, DataRep.NATIVE);
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            f.setView(view);
            f.writeAllBegin(Elements.of(writebuf));
            assertEquals(writebuf.length, f.writeAllEnd());
        }
        int[] readbuf = new int[writebuf.length];
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            f.setView(view);
            f.readAllBegin(Elements.of(readbuf));
            assertEquals(readbuf.length, f.readAllEnd());
        }
        assertArrayEquals(writebuf, readbuf, "split_coll: process " + comm.rank() + " reads back what it wrote");
        return null;
    }

    /**
     * The global linear index of each element of an int type, in type order: what split_coll.c learns by
     * receiving ones through the type into a zeroed array and scanning it.
     */
    static int[] globalIndices(Datatype type) {
        int[] out = new int[Math.toIntExact(type.size() / 4)];
        int k = 0;
        RunCursor c = type.runs();
        while (c.next()) for (long b = 0; b < c.length(); b += 4) out[k++] = Math.toIntExact((c.offset() + b) / 4);
        return out;
    }
}
