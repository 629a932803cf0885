package org.jpio.romio;

import java.nio.file.Path;
import java.util.List;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * jpio's two-phase backend and ROMIO write byte-identical files and read each other's, on the same and on
 * a different number of processes, with Open MPI's ROMIO (romio321) and with OMPIO; the plain C MPI-IO
 * checker reads what jpio's two-phase backend wrote.
 */
class CrossValidationTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "io={0}: write on {1}, read on {2}")
    @CsvSource({"romio321, 3, 2", "romio321, 1, 4", "ompio, 2, 3", "ompio, 4, 1"})
    void twoPhaseAndRomioAgree(String io, int writers, int readers) throws Exception {
        List<String> mca = List.of("--mca", "io", io);
        String out = MpiRun.run(writers, CrossValidationMain.class, 240, mca, "write", dir.toString());
        MpiRun.requireEachRank(out, writers, "cross ok write rank=%d");
        out = MpiRun.run(readers, CrossValidationMain.class, 240, mca, "read", dir.toString());
        MpiRun.requireEachRank(out, readers, "cross ok read rank=%d");
        // an independent C reader checks every element of files jpio's own backend wrote
        CheckDarray.check(2, CrossValidation.file(dir, CrossValidation.cases().get(0), "twophase"), "12,10,8", "int", "C");
        CheckDarray.check(3, CrossValidation.file(dir, CrossValidation.cases().get(1), "twophase"), "9,7,5", "double", "F");
    }
}
