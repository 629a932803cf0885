package org.jpio.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MpiLaunchTest {
    @Test void eachLauncherIsRecognisedByItsVariable() {
        assertEquals(Optional.of("OMPI_COMM_WORLD_SIZE=4"), MpiLaunch.detect(Map.of("OMPI_COMM_WORLD_SIZE", "4", "HOME", "/")));
        assertEquals(Optional.of("PMI_SIZE=2"), MpiLaunch.detect(Map.of("PMI_SIZE", "2")));
        assertEquals(Optional.of("PMIX_RANK=0"), MpiLaunch.detect(Map.of("PMIX_RANK", "0")));
        assertEquals(Optional.of("MPI_LOCALNRANKS=3"), MpiLaunch.detect(Map.of("MPI_LOCALNRANKS", "3")));
        assertEquals(Optional.empty(), MpiLaunch.detect(Map.of("HOME", "/", "PATH", "/bin")));
    }

    @Test void withoutALauncherTheWorldIsOneRank() {
        // surefire's JVM is not started by mpirun (checked, so this test cannot pass by accident under one)
        assertTrue(MpiLaunch.detect(System.getenv()).isEmpty(), "test JVM runs under an MPI launcher");
        Comm world = Comm.world();
        assertEquals(1, world.size());
        assertEquals(0, world.rank());
        assertEquals(7L, world.allreduce(7, Comm.Op.SUM));
    }
}
