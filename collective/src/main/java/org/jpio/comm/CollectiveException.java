package org.jpio.comm;

import java.util.List;

/**
 * Thrown on every rank when a collective call failed for a reason that is not I/O: a bad argument on some
 * rank, values that must be equal on all ranks and are not, ranks in different collectives, a peer that
 * left. {@link #failures()} names each failed rank and what it threw, as records; the local cause, if this
 * rank failed, is the cause. I/O failures of a collective call are {@link CollectiveIOException}s.
 */
public class CollectiveException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String operation;
    private final transient List<RankFailure> failures;

    public CollectiveException(String operation, List<RankFailure> failures, Throwable localCause) {
        super(message(operation, failures), localCause);
        this.operation = operation;
        this.failures = List.copyOf(failures);
    }

    /** A failure of the call as a whole (no one rank to blame), e.g. a mismatch between ranks. */
    public static CollectiveException ofCall(String operation, String kind, String message) {
        return new CollectiveException(operation, List.of(RankFailure.ofCall(kind, message)), null);
    }

    /** The call that failed, as the user made it ("write_all path=..."). */
    public String operation() { return operation; }

    /** One record per failed rank (or one for the call as a whole). */
    public List<RankFailure> failures() { return failures; }

    static String message(String operation, List<RankFailure> failures) {
        StringBuilder b = new StringBuilder(operation).append(" failed");
        long ranks = failures.stream().filter(f -> f.rank() >= 0).count();
        if (ranks > 0) b.append(" on ").append(ranks).append(" rank(s)");
        b.append(": ");
        for (int i = 0; i < failures.size(); i++) b.append(i > 0 ? " | " : "").append(failures.get(i));
        return b.toString();
    }
}
