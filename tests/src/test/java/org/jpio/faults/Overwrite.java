package org.jpio.faults;

import java.nio.file.Path;
import org.jpio.comm.Spmd;

/**
 * Writes a one-dimensional array of N longs over a .npy file with DistributedArray.write, on 4 ranks that
 * are threads, or on the MPI processes of the mpirun that started it: the victim of {@link TornFileTest}'s
 * kills. The "old" array holds i at position i, the "new" one ~i (every element differs). Each rank prints
 * "writing rank=R pid=P" just before the call and "written rank=R seconds=S" after.
 *
 * <p>{@code java ... Overwrite PATH N old|new}
 */
public final class Overwrite {
    private Overwrite() { }

    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        boolean fresh = args[2].equals("new");
        Spmd.run(4, comm -> {
            org.jpio.array.DistributedArray a = Faults.longs(comm, n, fresh);
            comm.barrier();
            System.out.println("writing rank=" + comm.rank() + " pid=" + ProcessHandle.current().pid());
            long t0 = System.nanoTime();
            a.write(path);
            System.out.println("written rank=" + comm.rank() + " seconds=" + (System.nanoTime() - t0) / 1e9);
        });
    }
}
