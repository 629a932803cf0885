package org.jpio.mpi;

import org.jpio.comm.local.LocalComm;
import org.jpio.comm.local.SelfComm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@link CommContract} on every Comm implementation: threads, one rank, MPI processes (Open MPI and MPICH). */
class CommContractTest {

    @ParameterizedTest(name = "LocalComm n={0}")
    @ValueSource(ints = {1, 2, 3, 4, 5})
    @Timeout(20)
    void localComm(int n) throws Exception {
        LocalComm.run(n, CommContract::check);
    }

    @Test
    void selfComm() throws Exception {
        CommContract.check(SelfComm.create());
    }

    @ParameterizedTest(name = "MpiComm mpirun -np {0}")
    @ValueSource(ints = {2, 3, 4})
    void mpiComm(int np) {
        String out = MpiRun.run(np, CommContract.class, 60);
        MpiRun.requireEachRank(out, np, "contract ok: class=MpiComm rank=%d size=" + np + " bridge=libjpiompi-openmpi.so mpi=Open MPI v");
    }

    /** Under MPICH's launcher the MPICH bridge is picked, and MPICH runs the ranks. */
    @ParameterizedTest(name = "MpiComm mpirun.mpich -np {0}")
    @ValueSource(ints = {2, 3})
    void mpiCommUnderMpich(int np) {
        String out = MpiRun.run(MpiRun.Mpi.MPICH, np, CommContract.class, 60);
        MpiRun.requireEachRank(out, np, "contract ok: class=MpiComm rank=%d size=" + np + " bridge=libjpiompi-mpich.so mpi=MPICH Version: 4");
    }
}
