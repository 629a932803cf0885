package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** MpiComm specifics under mpirun -np 2: MPI-detected errors, world lifetime, thread level. */
class MpiCommTest {
    @Test
    void mpiErrorsBecomeMpiExceptionsAndTheCommunicatorSurvives() {
        String out = MpiRun.run(2, MpiErrors.class, 60);
        MpiRun.requireEachRank(out, 2, "errors ok: rank=%d threadLevel=");
        // jpio asks for MPI_THREAD_MULTIPLE; Debian's Open MPI provides it
        assertTrue(out.split("multiple=true", -1).length == 3, out);
    }
}
