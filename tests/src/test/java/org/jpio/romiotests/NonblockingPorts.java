package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.parallel.Request;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/** ROMIO's test/async.c and async-multiple.c: nonblocking transfers, waited for one by one and all at once (i_noncontig.c is in {@link NoncontigPorts}). */
final class NonblockingPorts {
    private NonblockingPorts() { }

    /** 64 KiB of ints per process. */
    private static final int NINTS = 65536 / 4;

    private static int[] pattern(int rank) {
        int[] buf = new int[NINTS];
        for (int i = 0; i < NINTS; i++) buf[i] = rank * 100000 + i;
        return buf;
    }

    /** async.c: each process, on MPI_COMM_SELF, writes its own file {@code name.rank} with iwrite, reopens it and reads it with iread. */
    static String async(Comm comm, Path file, Hints h) throws Exception {
        Path mine = Ports.perRank(file, comm.rank());
        int[] buf = pattern(comm.rank());
        try (Comm self = Ports.self(comm)) {
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                Request w = f.iwrite(Elements.of(buf));
                assertEquals(NINTS, w.waitFor(), "MPI_Wait's count for the iwrite");
            }
            int[] back = new int[NINTS];
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                assertEquals(NINTS, f.iread(Elements.of(back)).waitFor(), "MPI_Wait's count for the iread");
            }
            assertArrayEquals(buf, back, "async: process " + comm.rank() + " reads back what it wrote");
        }
        return null;
    }

    /** async-multiple.c: 32 iwrite_at of a 32nd of the buffer each, MPI_Waitall; reopened, 32 iread_at, MPI_Waitall. */
    static String asyncMultiple(Comm comm, Path file, Hints h) throws Exception {
        int ops = 32, part = NINTS / ops;
        Path mine = Ports.perRank(file, comm.rank());
        int[] buf = pattern(comm.rank());
        try (Comm self = Ports.self(comm)) {
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                Request[] r = new Request[ops];
                for (int i = 0; i < ops; i++) r[i] = f.iwriteAt((long) part * i, Elements.of(buf, part * i, part));
                for (int n : Request.waitAll(r)) assertEquals(part, n, "count of one iwrite_at");
            }
            int[] back = new int[NINTS];
            try (ParallelFile f = ParallelFile.open(self, mine, Ports.CREATE_RDWR, h)) {
                f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                Request[] r = new Request[ops];
                for (int i = 0; i < ops; i++) r[i] = f.ireadAt((long) part * i, Elements.of(back, part * i, part));
                for (int n : Request.waitAll(r)) assertEquals(part, n, "count of one iread_at");
            }
            assertArrayEquals(buf, back, "async-multiple: process " + comm.rank() + " reads back what it wrote");
        }
        return null;
    }
}
