package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.comm.mpi.MpiException;

/**
 * Run under mpirun -np 2 by {@link MpiCommTest}: an error MPI itself detects (a message longer than the
 * receive count, MPI_ERR_TRUNCATE) comes back as an MpiException with MPI's text, and the communicator
 * stays usable (MPI_ERRORS_RETURN, not the default abort).
 */
public final class MpiErrors {
    private MpiErrors() { }

    public static void main(String[] args) {
        Comm c = Comm.world();
        assertTrue(c instanceof MpiComm, c.getClass().getName());
        assertTrue(((MpiComm) c).handle() >= 0);
        if (c.rank() == 0) {
            c.sendrecv(new int[] {1, 2, 3, 4}, 0, 4, 1, null, 0, 0, -1);
        } else if (c.rank() == 1) {
            int[] small = new int[2];
            MpiException e = assertThrows(MpiException.class, () -> c.sendrecv(null, 0, 0, -1, small, 0, 2, 0));
            assertTrue(e.getMessage().startsWith("MPI_Sendrecv failed: dest=-1 source=0 sCount=0 rCount=2 error="), e.getMessage());
            assertTrue(e.getMessage().toLowerCase().contains("truncat"), e.getMessage());
            System.out.println("rank=1 got: " + e.getMessage());
        }
        assertEquals(1L, c.allreduce(c.rank(), Comm.Op.MAX));
        c.close(); // the world stays usable: it is not jpio's to free
        c.barrier();
        System.out.println("errors ok: rank=" + c.rank() + " threadLevel=" + MpiComm.threadLevel() + " multiple=" + MpiComm.threadMultiple());
    }
}
