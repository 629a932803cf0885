package org.jpio.comm;

/**
 * The {@link Call} a rank is in on one communicator, for implementations of {@link Comm#during} and
 * {@link Comm#call}: set by the rank's own thread, read by others (a peer's report, the watchdog), hence
 * volatile.
 */
public final class CurrentCall {
    private volatile Call call;

    /**
     * Makes {@code c} current; returns the call that was, for {@link #leave}. Inside another call (jpio's
     * write of an array makes ParallelFile calls) the user's call comes first: "write path=f.npy: write_all
     * path=...".
     */
    public Call enter(Call c) {
        Call outer = call;
        call = c.inside(outer);
        return outer;
    }

    public void leave(Call outer) { call = outer; }

    /** The current call, or null. */
    public Call get() { return call; }
}
