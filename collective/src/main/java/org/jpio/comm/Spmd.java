package org.jpio.comm;

import org.jpio.comm.local.LocalComm;
import org.jpio.comm.mpi.MpiComm;

/**
 * One launch path for an SPMD program: the same {@code main} runs on MPI processes when an MPI launcher
 * started the JVM ({@code mpirun -np 4 java ...}), and on threads of this JVM otherwise.
 *
 * <pre>{@code
 * public static void main(String[] args) throws Exception {
 *     Spmd.run(4, comm -> {                         // 4 threads here; under mpirun, the launched processes
 *         DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 256, 256, 256);
 *         ...
 *         a.write(Path.of("field.npy"));
 *     });
 * }
 * }</pre>
 */
public final class Spmd {
    /** The program every rank runs. */
    @FunctionalInterface
    public interface Body { void run(Comm comm) throws Exception; }

    private Spmd() { }

    /** Whether an MPI launcher started this JVM (then {@link #run} runs the body once, on MPI's world). */
    public static boolean launchedByMpi() { return MpiLaunch.detect(System.getenv()).isPresent(); }

    /**
     * Runs {@code body} on every rank. Under an MPI launcher: once in this process, on the world
     * communicator of the launched processes ({@code threads} is not used: the launcher decides how many
     * ranks there are); a body that throws ends the whole job (its exception is printed with this rank's
     * number, then MPI_Abort with status 1), since the other ranks would otherwise wait for this one in
     * their next collective. Otherwise: on {@code threads} ranks that are threads of this JVM
     * ({@link LocalComm#run}), returning when all have finished and rethrowing the first failure.
     */
    public static void run(int threads, Body body) throws Exception {
        if (body == null) throw new IllegalArgumentException("Spmd.run: body is null");
        if (!launchedByMpi()) {
            LocalComm.run(threads, body::run);
            return;
        }
        Comm world = MpiComm.world();
        try {
            body.run(world);
        } catch (Throwable t) {
            t.printStackTrace();
            world.abort(1, "its Spmd.run body threw " + t);
        }
    }
}
