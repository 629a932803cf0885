package org.jpio.comm;

import java.util.List;

/**
 * Thrown on every rank when a collective operation failed on one or more ranks: the message names each
 * failed rank and why ("rank=2: IOException: ..."). The local cause, if this rank failed, is the cause.
 */
public class CollectiveException extends RuntimeException {
    private final List<String> failures;

    public CollectiveException(String operation, List<String> failures, Throwable localCause) {
        super(operation + " failed on " + failures.size() + " rank(s): " + String.join(" | ", failures), localCause);
        this.failures = List.copyOf(failures);
    }

    /** One entry per failed rank, "rank=R: message". */
    public List<String> failures() { return failures; }
}
