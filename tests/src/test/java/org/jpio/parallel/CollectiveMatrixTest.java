package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The collective matrix on 1-5 ranks in one JVM and on 2, 3 and 4 MPI processes. */
class CollectiveMatrixTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "LocalComm ranks={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void inOneJvm(int ranks) throws Exception {
        var counts = LocalComm.runAndCollect(ranks, comm -> CollectiveMatrix.run(comm, dir));
        assertEquals(CollectiveMatrix.cases().size(), counts.get(0));
    }

    @ParameterizedTest(name = "mpirun -np {0}")
    @ValueSource(ints = {2, 3, 4})
    void underMpirun(int np) {
        String out = MpiRun.run(np, CollectiveMatrixMain.class, 300, dir.toString());
        MpiRun.requireEachRank(out, np, "matrix ok rank=%d size=" + np + " cases=" + CollectiveMatrix.cases().size());
    }
}
