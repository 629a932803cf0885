package org.jpio.parallel;

import java.nio.file.Path;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** An aggregator's I/O fault reaches every rank, in one JVM and on 4 MPI processes, and the job goes on. */
class FaultAgreementTest {
    @TempDir Path dir;

    @Test
    @Timeout(120)
    void fourRanksInOneJvm() throws Exception {
        LocalComm.run(4, comm -> FaultAgreement.check(comm, dir));
    }

    @Test
    void fourMpiProcesses() {
        String out = MpiRun.run(4, FaultAgreement.class, 120, dir.toString());
        MpiRun.requireEachRank(out, 4, "faults ok rank=%d size=4");
    }
}
