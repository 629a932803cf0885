package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import mpi.MPI;
import mpi.MPIException;
import org.jpio.comm.Comm;
import org.jpio.comm.Comm.Op;
import org.jpio.comm.mpi.MpiComm;

/**
 * mpiJava-style code meeting jpio, run under mpirun by {@link MpiJarInteropTest}: MPI is initialised by
 * Open MPI's mpi.jar, jpio adopts {@code MPI.COMM_WORLD} and both work on the same communicator.
 */
public final class MpiJarInterop {
    private MpiJarInterop() { }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.getRank(), n = MPI.COMM_WORLD.getSize();
        Comm c = MpiComm.adopt(MPI.COMM_WORLD);
        assertEquals(me, c.rank());
        assertEquals(n, c.size());

        double[] sum = new double[2];
        c.allreduce(new double[] {me + 0.5, -me}, sum, 2, Op.SUM);
        double expect = 0;
        for (int r = 0; r < n; r++) expect += r;
        assertArrayEquals(new double[] {expect + 0.5 * n, -expect}, sum);

        int[] buf = {me == 1 ? 42 : 0, me == 1 ? 43 : 0};
        c.bcast(buf, 0, 2, 1);
        assertArrayEquals(new int[] {42, 43}, buf);

        try (Comm odd = c.split(me % 2, me)) {
            long members = odd.allreduce(1L, Op.SUM);
            assertEquals((n - me % 2 + 1) / 2, members);
        }

        // the same communicator from mpi.jar's side: messages interleave with jpio's in program order
        int[] viaJar = {me};
        MPI.COMM_WORLD.allReduce(viaJar, 1, MPI.INT, MPI.MAX);
        assertEquals(n - 1, viaJar[0]);
        assertEquals(n - 1, c.allreduce(me, Op.MAX));

        System.out.println("interop ok: rank=" + me + " size=" + n + " handle=" + ((MpiComm) c).handle());
        MPI.Finalize();
    }
}
