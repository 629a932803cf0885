package org.jpio.romiotests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.Datatype;

/** What the ported ROMIO tests share: MPI_COMM_SELF, the two-process groups, their struct type, deleting. */
final class Ports {
    private Ports() { }

    static final Set<Amode> CREATE_RDWR = EnumSet.of(Amode.CREATE, Amode.RDWR);
    static final Datatype INT = Datatype.of(ElementType.INT);

    /** MPI_COMM_SELF: a communicator of this rank alone (collective over {@code comm} to make). */
    static Comm self(Comm comm) { return comm.split(comm.rank(), 0); }

    /**
     * The tests written for exactly two processes run on ranks 0 and 1; the others wait at the next
     * barrier of {@code comm}. Collective over {@code comm}; null on the ranks left out.
     */
    static Comm firstTwo(Comm comm) {
        Comm c = comm.split(comm.rank() < 2 ? 0 : 1, comm.rank());
        if (comm.rank() < 2) return c;
        c.close();
        return null;
    }

    /**
     * The type noncontig.c, noncontig_coll(2).c and i_noncontig.c build as MPI_Type_struct of MPI_LB at 0,
     * a vector of {@code size / nprocs} ints with stride {@code nprocs} at this rank's int, and MPI_UB at
     * {@code size} ints: as a filetype the ranks interleave int by int; as a memory type every
     * {@code nprocs}-th int of a buffer of {@code size}.
     */
    static Datatype interleaved(int size, int nprocs, int rank) {
        Datatype vec = Datatype.vector(size / nprocs, 1, nprocs, INT);
        return Datatype.resized(0, 4L * size, Datatype.hindexed(new int[] {1}, new long[] {4L * rank}, vec));
    }

    /** MPI_File_delete by rank 0 when the file is there (the tests ignore the error for a missing one), then a barrier. */
    static void delete(Comm comm, Path file, Hints h) throws IOException {
        if (comm.rank() == 0 && Files.exists(file)) ParallelFile.delete(file, h);
        comm.barrier();
    }

    /** {@code path.rank}, the per-process file name of the tests that open on MPI_COMM_SELF. */
    static Path perRank(Path file, int rank) { return file.resolveSibling(file.getFileName() + "." + rank); }

    static int[] filled(int n, int value) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, value);
        return a;
    }
}
