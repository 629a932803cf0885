package org.jpio.parallel;

import java.nio.file.Path;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ReadFirstContract} on 1, 2 and 3 in-JVM ranks and on 3 MPI processes. */
class ReadFirstTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "LocalComm {0} ranks")
    @ValueSource(ints = {1, 2, 3})
    void inOneJvm(int ranks) throws Exception {
        LocalComm.run(ranks, comm -> ReadFirstContract.check(comm, dir));
    }

    @Test
    void underMpirun() throws Exception {
        String out = MpiRun.run(3, ReadFirstContract.class, 120, java.util.List.of(), dir.toString());
        MpiRun.requireEachRank(out, 3, "read first ok rank=%d size=3");
    }
}
