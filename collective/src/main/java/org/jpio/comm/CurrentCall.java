package org.jpio.comm;

/**
 * The {@link Call} a rank is in on one communicator, for implementations of {@link Comm#during} and
 * {@link Comm#call}: set by the rank's own thread, read by others (a peer's report, the watchdog), hence
 * volatile.
 */
public final class CurrentCall {
    private volatile Call call;

    /** Makes a call of {@code name} current until the returned scope is closed. */
    public Call.Scope enter(String name, long watchdogMillis) {
        Call outer = call;
        call = new Call(name, watchdogMillis);
        return () -> call = outer;
    }

    /** The current call, or null. */
    public Call get() { return call; }
}
