package org.jpio.comm;

/**
 * A rank ended the job with {@link Comm#abort}: on ranks that are threads of one JVM, the run ends with this
 * exception (the aborting rank throws it; every other rank's waits break, and {@code LocalComm.run} rethrows
 * it). On MPI processes the job ends with MPI_Abort instead, and nothing is thrown.
 */
public class JobAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int rank;
    private final int status;

    public JobAbortedException(int rank, int status, String reason) {
        super("rank=" + rank + " ended the job: status=" + status + ": " + reason);
        this.rank = rank;
        this.status = status;
    }

    /** The rank that called abort. */
    public int rank() { return rank; }

    /** The exit status it gave, which an MPI job exits with. */
    public int status() { return status; }
}
