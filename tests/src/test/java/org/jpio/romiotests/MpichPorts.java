package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.parallel.Request;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * MPICH's test/mpi/io programs that add to ROMIO's: ordered and shared-pointer routines with the
 * individual pointer and set_view beside them (rdwrord, i_rdwrord, setviewcur, i_setviewcur),
 * set_info (setinfo), zero-length transfers and their counts (rdwrzero, zero_count),
 * get_type_extent (getextent), external32 through a derived type (external32_derived_dtype), many
 * nonblocking writes at once (async_any). They run on MPICH's own harness, so only the ports run.
 */
final class MpichPorts {
    private MpichPorts() { }

    private static final EnumSet<Amode> SCRATCH = EnumSet.of(Amode.RDWR, Amode.CREATE, Amode.DELETE_ON_CLOSE);

    /** async_any.c: 10 iwrite of the same 64 KiB, MPI_Waitall; reopened, 10 iread into one buffer, MPI_Waitall. */
    static String asyncAny(Comm comm, Path file, Hints h) throws Exception {
        int nints = 65536 / 4, ops = 10;
        int[] buf = new int[nints];
        for (int i = 0; i < nints; i++) buf[i] = comm.rank() * 100000 + i;
        Path mine = Ports.perRank(file, comm.rank());
        try (Comm self = Ports.self(comm)) {
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                Request[] r = new Request[ops];
                for (int i = 0; i < ops; i++) r[i] = f.iwrite(Elements.of(buf));
                for (int n : Request.waitAll(r)) assertEquals(nints, n);
            }
            assertEquals((long) ops * 65536, Files.size(mine), "ten writes one after another at the moving pointer");
            int[] back = new int[nints];
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                Request[] r = new Request[ops];
                for (int i = 0; i < ops; i++) r[i] = f.iread(Elements.of(back));
                for (int n : Request.waitAll(r)) assertEquals(nints, n);
            }
            assertArrayEquals(buf, back, "async_any: process " + comm.rank());
        }
        return null;
    }

    /** rdwrord.c (blocking read_all) and i_rdwrord.c (iread_all): write_ordered one int each, read_all them all, read_ordered one's own. */
    static String rdwrord(Comm comm, Path file, Hints h, boolean nonblocking) throws Exception {
        int size = comm.size(), rank = comm.rank();
        try (ParallelFile f = ParallelFile.open(comm, file, SCRATCH, h)) {
            assertEquals(1, f.writeOrdered(Elements.of(new int[] {rank})));
            comm.barrier();
            f.seek(0);
            int[] buf = new int[size];
            assertEquals(size, nonblocking ? f.ireadAll(Elements.of(buf)).waitFor() : f.readAll(Elements.of(buf)));
            for (int i = 0; i < size; i++) assertEquals(i, buf[i], "int " + i + " written in rank order");
            f.seekShared(0);
            java.util.Arrays.fill(buf, -1);
            f.readOrdered(Elements.of(buf, 0, 1));
            assertEquals(rank, buf[0]);
        }
        comm.barrier();
        assertFalse(Files.exists(file), "DELETE_ON_CLOSE");
        return null;
    }

    /**
     * setviewcur.c and i_setviewcur.c: a header int (write_all / iwrite_all under the default view), the
     * ranks' ints after it with write_ordered at the shared pointer seeked to the individual one; reopened
     * RDONLY|SEQUENTIAL|DELETE_ON_CLOSE, rank 0 reads the header with read_shared, and the view set at the
     * current shared position (MPI_DISPLACEMENT_CURRENT) makes read_ordered give each rank its int.
     */
    static String setviewcur(Comm comm, Path file, Hints h, boolean nonblocking) throws Exception {
        int size = comm.size(), rank = comm.rank();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY, Amode.CREATE), h)) {
            Elements header = Elements.of(new int[] {size});
            if (nonblocking) f.iwriteAll(header).waitFor();
            else f.writeAll(header);
            assertEquals(4, f.pointer(), "get_position after one int under the byte view");
            f.seekShared(f.pointer());
            f.writeOrdered(Elements.of(new int[] {rank}));
        }
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY, Amode.SEQUENTIAL, Amode.DELETE_ON_CLOSE), h)) {
            int[] buf = {-1};
            if (rank == 0) {
                assertEquals(1, f.readShared(Elements.of(buf)));
                assertEquals(size, buf[0], "the header");
            }
            comm.barrier();
            // MPI_DISPLACEMENT_CURRENT: jpio's views take a byte displacement; the current one is the shared pointer's byte offset
            f.setView(FileView.contiguous(f.positionOf(f.positionShared()), ElementType.INT, DataRep.NATIVE));
            assertEquals(0, f.positionShared(), "set_view resets the shared pointer");
            buf[0] = -1;
            f.readOrdered(Elements.of(buf));
            assertEquals(rank, buf[0]);
        }
        comm.barrier();
        assertFalse(Files.exists(file), "DELETE_ON_CLOSE");
        return null;
    }

    /** setinfo.c: access_style at open, changed with set_info between ordered write and read; get_info has either value. */
    static String setinfo(Comm comm, Path file, Hints h) throws Exception {
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h.with("access_style", "write_once,random"))) {
            assertEquals(1, f.writeOrdered(Elements.of(new int[] {comm.rank()})));
            f.seekShared(0);
            f.setInfo(Map.of("access_style", "read_once"));
            int[] buf = {-1};
            assertEquals(1, f.readOrdered(Elements.of(buf)), "MPI_Get_count of read_ordered");
            assertEquals(comm.rank(), buf[0]);
            String style = f.hints().get("access_style");
            if (style != null) assertTrue(style.equals("read_once") || style.equals("write_once,random"), style);
        }
        comm.barrier();
        if (comm.rank() == 0) ParallelFile.delete(file, h);
        comm.barrier();
        return null;
    }

    /** getextent.c: get_type_extent of MPI_INT in the default (native) representation is MPI_INT's extent. */
    static String getextent(Comm comm, Path file, Hints h) throws Exception {
        try (ParallelFile f = ParallelFile.open(comm, file, SCRATCH, h)) {
            assertEquals(Datatype.of(ElementType.INT).extent(), f.typeExtent(ElementType.INT));
        }
        return null;
    }

    /** rdwrzero.c: read, write, read_shared and write_shared of nothing count 0 and leave the pointers; ordered data reads back. */
    static String rdwrzero(Comm comm, Path file, Hints h) throws Exception {
        int size = comm.size(), rank = comm.rank();
        try (ParallelFile f = ParallelFile.open(comm, file, SCRATCH, h)) {
            int[] buf = new int[size];
            buf[0] = rank;
            assertEquals(1, f.writeOrdered(Elements.of(buf, 0, 1)));
            f.seek(0);
            assertEquals(0, f.read(Elements.of(buf, 0, 0)));
            assertEquals(0, f.write(Elements.of(buf, 0, 0)));
            assertEquals(0, f.pointer());
            f.seekShared(0);
            assertEquals(0, f.readShared(Elements.of(buf, 0, 0)));
            assertEquals(0, f.writeShared(Elements.of(buf, 0, 0)));
            comm.barrier();
            assertEquals(0, f.positionShared());
            f.seekShared(0);
            java.util.Arrays.fill(buf, -1);
            f.readOrdered(Elements.of(buf, 0, 1));
            assertEquals(rank, buf[0]);
        }
        return null;
    }

    /** zero_count.c: a collective read of 10 bytes on rank 0 and none elsewhere counts 10 and 0. */
    static String zeroCount(Comm comm, Path file, Hints h) throws Exception {
        if (comm.rank() == 0) Files.write(file, new byte[64]);
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY, Amode.DELETE_ON_CLOSE), h)) {
            int len = comm.rank() == 0 ? 10 : 0;
            assertEquals(len, f.readAll(Elements.of(new byte[10], 0, len)));
        }
        return null;
    }

    /**
     * external32_derived_dtype.c: an indexed type of two chars (displacements 0 and 1) as the view, in
     * external32, written at_all at offset rank and read back at_all. jpio's etypes are the primitive
     * types, so the etype is MPI_BYTE and rank r's copy of the 2-byte type is at byte 2r.
     */
    static String external32DerivedDtype(Comm comm, Path file, Hints h) throws Exception {
        Datatype dt = Datatype.indexed(new int[] {1, 1}, new int[] {0, 1}, Datatype.BYTE);
        byte[] buf = {'a', 0};
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY, Amode.CREATE), h)) {
            f.setSize(0);
            f.setView(new FileView(0, ElementType.BYTE, dt, DataRep.EXTERNAL32));
            assertEquals(2, f.writeAtAll(2L * comm.rank(), Elements.of(buf, dt, 1)));
        }
        byte[] back = new byte[2];
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), h)) {
            f.setView(new FileView(0, ElementType.BYTE, dt, DataRep.EXTERNAL32));
            assertEquals(2, f.readAtAll(2L * comm.rank(), Elements.of(back, dt, 1)));
        }
        assertArrayEquals(buf, back);
        assertEquals(2L * comm.size(), Files.size(file));
        return null;
    }
}
