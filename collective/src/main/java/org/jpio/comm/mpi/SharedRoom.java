package org.jpio.comm.mpi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether the shared-memory file system that backs MPI's shared windows has room for one. Open MPI puts
 * the backing file of MPI_Win_allocate_shared in {@code osc_sm_backing_directory} ({@code /dev/shm} unless
 * set, e.g. by {@code mpirun --mca osc_sm_backing_directory DIR}, which reaches the ranks as
 * {@code OMPI_MCA_osc_sm_backing_directory}); MPICH maps {@code /dev/shm} too. A window larger than the
 * free space there is created sparse and kills the process when its pages are first touched.
 */
final class SharedRoom {
    private static final long PAGE = 4096;

    private SharedRoom() { }

    /** Null when the window for {@code bytes} (every rank's part) fits, else why not. */
    static String problem(long[] bytes, Map<String, String> env) {
        long need = 0;
        for (long b : bytes) need += b > 0 ? b + PAGE : 0; // each part is allocated a page longer (shared.c)
        if (need == 0) return null;
        Path dir = Path.of(env.getOrDefault("OMPI_MCA_osc_sm_backing_directory", "/dev/shm"));
        try {
            long free = Files.getFileStore(dir).getUsableSpace();
            if (free >= need) return null;
            return "the shared-memory file system " + dir + " has " + free + " bytes free and the window needs " + need;
        } catch (IOException e) {
            return "the shared-memory file system " + dir + " cannot be inspected: " + e.getMessage();
        }
    }
}
