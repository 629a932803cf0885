package org.jpio.checkpoint;

import java.util.Locale;
import org.jpio.comm.Comm;

/**
 * Where a store's asynchronous commits run, and why ({@link CheckpointStore#asyncChoice()}): in the
 * background, or inline, on the caller's thread (see {@link AsyncMode}). The same on every rank.
 */
public record AsyncChoice(boolean inline, String reason) {
    public AsyncChoice {
        if (reason == null || reason.isEmpty()) throw new IllegalArgumentException("an async choice needs its reason");
    }

    /**
     * Collective: the choice for {@code mode}. {@link AsyncMode#AUTOMATIC} counts the ranks on each host (by
     * {@link Comm#hostNames()}) against the processors this JVM may use; if any host has more ranks than
     * processors, every rank runs inline (a writer in the background on some ranks and inline on others
     * would run the commit's collectives on different communicators). The reason names the first such
     * rank's host. One rank per processor still writes in the background: the writer mostly waits for the
     * device and the kernel's copies, and on 2 ranks and 2 cores the loop took 0.68-0.84x the synchronous
     * loop's time in the background against 0.95-1.05x inline (bench ckpt --ranks 2, quiet); on 4 ranks and
     * 2 cores the background took 0.86-1.09x, inline 0.89-0.97x.
     */
    static AsyncChoice decide(Comm comm, AsyncMode mode) {
        return decide(comm, mode, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #decide(Comm, AsyncMode)} with {@code processors} for this rank's JVM (tests pin a core count). */
    static AsyncChoice decide(Comm comm, AsyncMode mode, int processors) {
        switch (mode) {
            case INLINE: return new AsyncChoice(true, "forced by async=inline");
            case BACKGROUND: return new AsyncChoice(false, "forced by async=background");
            default:
        }
        String[] hosts = comm.hostNames();
        String mine = hosts[comm.rank()];
        int onHost = 0;
        for (String h : hosts) if (h.equals(mine)) onHost++;
        int size = comm.size();
        int full = (int) comm.allreduce(onHost > processors ? comm.rank() : size, Comm.Op.MIN);
        int root = full < size ? full : 0;
        long[] facts = {onHost, processors};
        comm.bcast(facts, 0, 2, root);
        String host = String.format(Locale.ROOT, "%d rank(s) on host %s (rank %d's), %d processor(s) available to the JVM", facts[0], hosts[root], root, facts[1]);
        return full < size
                ? new AsyncChoice(true, "more ranks than cores: " + host + ", so a background writer would take a processor from ranks that already share one")
                : new AsyncChoice(false, "a core per rank on every host: " + host);
    }

    /** "async ran inline: ..." or "async in the background: ...". */
    @Override public String toString() {
        return (inline ? "async ran inline: " : "async in the background: ") + reason;
    }
}
