package org.jpio.faults;

import java.nio.file.Path;
import org.jpio.array.WriteMode;
import org.jpio.comm.Spmd;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.parallel.Hints;

/**
 * Writes a one-dimensional array of N longs over a .npy file with DistributedArray.write, on 4 ranks that
 * are threads, or on the MPI processes of the mpirun that started it: the victim of {@link TornFileTest}'s
 * kills. The "old" array holds i at position i, the "new" one ~i (every element differs). Each rank prints
 * "writing rank=R pid=P" just before the call and "written rank=R seconds=S" after. With {@code in-place}
 * it rewrites a .npy or .h5 file in place instead (WriteMode.IN_PLACE, over the old file's blocks), through
 * two-phase I/O in small cycles: the victim of {@link InPlaceKillTest}.
 *
 * <p>{@code java ... Overwrite PATH N old|new [in-place]}
 */
public final class Overwrite {
    /**
     * The in-place rewrite's hints: two-phase I/O in 64 KiB cycles, so the data moves for most of the call
     * (one pwrite per rank would be in the page cache within a tenth of it, the sync taking the rest) and the
     * kills land while it moves.
     */
    static final Hints IN_PLACE = Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.CB_BUFFER_SIZE, "65536");

    private Overwrite() { }

    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        boolean fresh = args[2].equals("new"), inPlace = args.length > 3 && args[3].equals("in-place");
        Spmd.run(4, comm -> {
            org.jpio.array.DistributedArray a = Faults.longs(comm, n, fresh);
            comm.barrier();
            System.out.println("writing rank=" + comm.rank() + " pid=" + ProcessHandle.current().pid());
            long t0 = System.nanoTime();
            if (inPlace) a.write(ArrayPath.of(path), ArrayFormats.of(path), IN_PLACE, WriteMode.IN_PLACE, Attributes.empty());
            else a.write(path);
            System.out.println("written rank=" + comm.rank() + " seconds=" + (System.nanoTime() - t0) / 1e9);
        });
    }
}
