package org.jpio.checkpoint;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.jpio.parallel.Hints;

/**
 * What a store's commits share between the caller's thread and the background writer on one rank: the
 * directory, the options, and the history this run writes: the step it restarted from, the last step
 * committed, and whether the first commit is still to come, which decides what it supersedes.
 */
final class StoreState {
    final Catalog catalog;
    final CheckpointOptions options;
    final Hints hints;
    final String commName;
    private long restartedFrom = -1;
    private boolean firstCommitPending = true;

    StoreState(Catalog catalog, CheckpointOptions options, Hints hints, String commName) {
        this.catalog = catalog;
        this.options = options;
        this.hints = hints;
        this.commName = commName;
    }

    synchronized long restartedFrom() { return restartedFrom; }

    /** The run restarted from {@code step}: its first commit supersedes the checkpoints after it. */
    synchronized void restarted(long step) {
        restartedFrom = step;
        firstCommitPending = true;
    }

    synchronized void committed(long step) { firstCommitPending = false; }

    /**
     * Before the checkpoint of {@code step} is published (rank 0): the published checkpoints of another
     * history become superseded, so that no reader mixes two. After a restart from s, the first commit
     * supersedes every checkpoint after s (the run that wrote them was abandoned at s); otherwise those at
     * {@code step} or later (a run that did not restart from them goes over them).
     */
    synchronized void supersedeBefore(long step) throws IOException {
        boolean fromRestart = firstCommitPending && restartedFrom >= 0;
        long above = fromRestart ? restartedFrom : step - 1;
        String why = (fromRestart ? "superseded: the run that restarted from step " + restartedFrom + " committed step " + step
                : "superseded: a run that did not restart from it committed step " + step)
                + " (pid " + ProcessHandle.current().pid() + " on " + Catalog.thisHost() + ", " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ")";
        for (CheckpointInfo c : catalog.list()) {
            boolean published = c.state() == CheckpointInfo.State.VALID || c.state() == CheckpointInfo.State.INVALID;
            if (published && c.step() > above) catalog.supersede(c, why);
        }
    }
}
