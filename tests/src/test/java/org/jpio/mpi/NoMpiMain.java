package org.jpio.mpi;

import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;

/**
 * The other JVM of {@link NoMpiTest}, on a machine (a mount namespace) where the dynamic loader finds no
 * MPI library: in-JVM ranks still run, then {@code Comm.world()} is asked for, as under mpirun.
 */
public final class NoMpiMain {
    private NoMpiMain() { }

    public static void main(String[] args) throws Exception {
        LocalComm.run(3, c -> {
            long sum = c.allreduce(c.rank() + 1, Comm.Op.SUM);
            if (c.rank() == 0) System.out.println("in-JVM ranks ok: sum=" + sum);
        });
        try {
            Comm world = Comm.world();
            System.out.println("world: size=" + world.size());
        } catch (IllegalStateException e) {
            System.out.println("world refused: " + e.getMessage());
        }
    }
}
