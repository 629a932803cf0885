package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Open MPI's mpi.jar initialises MPI, jpio adopts its COMM_WORLD (2 processes). */
class MpiJarInteropTest {
    @Test
    void adoptedWorldCommunicatorWorksWithBothApis() {
        String out = MpiRun.run(2, MpiJarInterop.class, 60);
        assertTrue(out.contains("interop ok: rank=0 size=2"), out);
        assertTrue(out.contains("interop ok: rank=1 size=2"), out);
    }
}
