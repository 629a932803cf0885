package org.jpio.mpi;

import org.junit.jupiter.api.Test;

/** Open MPI's mpi.jar initialises MPI, jpio adopts its COMM_WORLD (2 processes). */
class MpiJarInteropTest {
    @Test
    void adoptedWorldCommunicatorWorksWithBothApis() {
        String out = MpiRun.run(2, MpiJarInterop.class, 60);
        MpiRun.requireEachRank(out, 2, "interop ok: rank=%d size=2 handle=");
    }
}
