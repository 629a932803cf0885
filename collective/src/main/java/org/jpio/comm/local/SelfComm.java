package org.jpio.comm.local;

import org.jpio.comm.Comm;

/**
 * A communicator of one rank (ADIOS2's CommDummy, MPI_COMM_SELF): collectives copy from send to receive
 * on the calling thread. It is a one-rank {@link LocalComm}, so the argument checks and the copies are
 * the same code as with many ranks.
 */
public final class SelfComm {
    private SelfComm() { }

    /** A new one-rank communicator. */
    public static Comm create() { return LocalComm.single(); }
}
