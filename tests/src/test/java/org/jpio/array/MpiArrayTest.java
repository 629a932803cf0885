package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** DistributedArray and the heat demo on MPI processes (mpirun -np 2 and 3, MpiComm). */
class MpiArrayTest {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void demoUnderMpirun(int np) {
        Path file = dir.resolve("heat" + np + ".npy");
        String out = MpiRun.run(np, MpiArrayMain.class, 120, "demo", file.toString());
        for (int r = 0; r < np; r++) assertTrue(out.contains("ok demo rank=" + r + " size=" + np), out);
        assertTrue(out.contains("jpio heat demo: " + np + " ranks (MPI processes)") && out.contains("-> OK"), out);
        assertTrue(out.contains("read it back with " + (np - 1) + " ranks"), out);
    }

    @ParameterizedTest
    @ValueSource(ints = {3})
    void writtenByNProcessesReadByFewer(int np) {
        String out = MpiRun.run(np, MpiArrayMain.class, 120, "roundtrip", dir.toString());
        for (int r = 0; r < np; r++) assertTrue(out.contains("ok roundtrip rank=" + r + " size=" + np), out);
    }
}
