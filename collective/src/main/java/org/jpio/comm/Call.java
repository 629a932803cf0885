package org.jpio.comm;

/**
 * The call of the user's program a rank is in, as the user made it ({@code "write_all path=/data/f"}), and
 * how long one collective inside it may wait for the other ranks before the {@link Watchdog} ends the job.
 * jpio's entry points name their call with {@link Comm#during}, so that an error or a watchdog report says
 * which of the user's calls failed or waits, not which collective jpio made inside it (an allgather).
 */
public final class Call {
    private final Call outer;
    private final String step;
    private final Object path;
    private final long watchdogMillis;
    /** Made when first asked (an error, a watchdog report): a call that succeeds formats no name. */
    private volatile String name;

    public Call(String name, long watchdogMillis) { this(null, name, null, watchdogMillis); }

    /** The call {@code step} on {@code path}: named {@code "write_all path=/data/f"} when a name is needed. */
    public Call(String step, Object path, long watchdogMillis) { this(null, step, path, watchdogMillis); }

    private Call(Call outer, String step, Object path, long watchdogMillis) {
        if (step == null) throw new IllegalArgumentException("call: name is null");
        if (watchdogMillis < 0) throw new IllegalArgumentException("call " + step + ": watchdogMillis=" + watchdogMillis + " must be >= 0 (0: no watchdog)");
        this.outer = outer;
        this.step = step;
        this.path = path;
        this.watchdogMillis = watchdogMillis;
    }

    /** This call made inside {@code outer} (jpio's write of an array makes ParallelFile calls): named "outer: this". */
    public Call inside(Call outer) { return outer == null ? this : new Call(outer, step, path, watchdogMillis); }

    /** The user's call as they made it ({@code "write path=f.npy: write_all path=f.npy"}). */
    public String name() {
        String n = name;
        if (n == null) name = n = (outer == null ? "" : outer.name() + ": ") + step + (path == null ? "" : " path=" + path);
        return n;
    }

    /** How long one collective of this call may wait before the {@link Watchdog} ends the job (0: no limit). */
    public long watchdogMillis() { return watchdogMillis; }

    @Override public String toString() { return "Call[name=" + name() + ", watchdogMillis=" + watchdogMillis + "]"; }

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
