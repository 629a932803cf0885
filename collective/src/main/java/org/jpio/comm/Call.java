package org.jpio.comm;

/**
 * The call of the user's program a rank is in, as the user made it ({@code "write_all path=/data/f"}), and
 * how long one collective inside it may wait for the other ranks before the {@link Watchdog} ends the job.
 * jpio's entry points name their call with {@link Comm#during}, so that an error or a watchdog report says
 * which of the user's calls failed or waits, not which collective jpio made inside it (an allgather).
 */
public record Call(String name, long watchdogMillis) {
    public Call {
        if (name == null) throw new IllegalArgumentException("call: name is null");
        if (watchdogMillis < 0) throw new IllegalArgumentException("call " + name + ": watchdogMillis=" + watchdogMillis + " must be >= 0 (0: no watchdog)");
    }

    /** What {@link Comm#during} returns: closing it makes the enclosing call (or none) current again. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override void close();
    }

    /** The name of a collective {@code op} (an allgather) made inside {@code call}, for messages: the call when there is one. */
    public static String name(Call call, String op) { return call == null ? op : call.name(); }

    /**
     * The name of a step of jpio ({@code "inspect path=f.npy"}) taken inside {@code call}, for messages: the
     * user's call first ("load path=f.npy: inspect path=f.npy"), once.
     */
    public static String within(Call call, String step) {
        return call == null || call.name().endsWith(step) ? (call == null ? step : call.name()) : call.name() + ": " + step;
    }
}
