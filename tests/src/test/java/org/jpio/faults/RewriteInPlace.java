package org.jpio.faults;

import java.nio.file.Path;
import org.jpio.array.WriteMode;
import org.jpio.comm.Spmd;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.parallel.Hints;

/**
 * Rewrites a .npy or .h5 file of N longs in place (WriteMode.IN_PLACE, over the old file's blocks) on 4
 * ranks that are threads, through two-phase I/O in small cycles: the victim of {@link InPlaceKillTest}. The "old" array holds i at position i,
 * the "new" one ~i. Each rank prints "writing rank=R pid=P" before the call and "written rank=R seconds=S"
 * after, as {@link Overwrite} does.
 *
 * <p>{@code java ... RewriteInPlace PATH N old|new}
 */
public final class RewriteInPlace {
    /**
     * Two-phase I/O in 64 KiB cycles: the data moves for most of the call (one pwrite per rank would be in
     * the page cache within a tenth of it, the sync taking the rest), so the kills land while it moves.
     */
    static final Hints HINTS = Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.CB_BUFFER_SIZE, "65536");

    private RewriteInPlace() { }

    public static void main(String[] args) throws Exception {
        Path path = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        boolean fresh = args[2].equals("new");
        Spmd.run(4, comm -> {
            org.jpio.array.DistributedArray a = Faults.longs(comm, n, fresh);
            comm.barrier();
            System.out.println("writing rank=" + comm.rank() + " pid=" + ProcessHandle.current().pid());
            long t0 = System.nanoTime();
            a.write(ArrayPath.of(path), ArrayFormats.of(path), HINTS, WriteMode.IN_PLACE, Attributes.empty());
            System.out.println("written rank=" + comm.rank() + " seconds=" + (System.nanoTime() - t0) / 1e9);
        });
    }
}
