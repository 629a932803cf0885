package org.jpio.comm;

import java.io.IOException;
import java.util.List;

/**
 * Thrown on every rank when a collective call failed because some rank hit an I/O error (a full disk, a
 * missing file, a read past end of file): an {@link IOException}, so code that catches IOException around
 * a collective write sees ENOSPC on every rank. {@link #failures()} names each failed rank, what it threw
 * and its message, as records; the local cause, if this rank failed, is the cause.
 */
public class CollectiveIOException extends IOException {
    private static final long serialVersionUID = 1L;
    private final String operation;
    private final transient List<RankFailure> failures;

    public CollectiveIOException(String operation, List<RankFailure> failures, Throwable localCause) {
        super(CollectiveException.message(operation, failures), localCause);
        this.operation = operation;
        this.failures = List.copyOf(failures);
    }

    /** The call that failed, as the user made it ("write_all path=..."). */
    public String operation() { return operation; }

    /** One record per failed rank. */
    public List<RankFailure> failures() { return failures; }
}
