package org.jpio.romio;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collective darray write and read through RomioFile under mpirun, on 1, 2 and 4 processes, with Open
 * MPI's ROMIO component (romio321) and its default OMPIO; then the plain C checker reads the file on a
 * different number of processes and checks every element (value = global linear index).
 */
class RomioDarrayMpiTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "io={0} np={1} order={2}")
    @CsvSource({
        "romio321, 1, C", "romio321, 2, C", "romio321, 4, F",
        "ompio, 1, F", "ompio, 2, F", "ompio, 4, C",
    })
    void darrayBlockWriteReadAndCheckInC(String io, int np, String order) throws Exception {
        Path file = dir.resolve("darray-" + io + "-" + np + order + ".bin");
        String gsizes = "12,10,9";
        String out = MpiRun.run(np, RomioRankMain.class, 60, List.of("--mca", "io", io), "darray", file.toString(), gsizes, order);
        for (int r = 0; r < np; r++)
            assertTrue(out.contains("rank=" + r + " OK darray"), "rank " + r + " did not finish:\n" + out);
        int checkNp = np == 4 ? 3 : np + 1; // another decomposition reads what this one wrote
        CheckDarray.check(checkNp, file, gsizes, "int", order);
    }
}
