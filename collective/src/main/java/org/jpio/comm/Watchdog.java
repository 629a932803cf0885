package org.jpio.comm;

/**
 * How long a rank may wait in one collective for the others. A wait longer than that is reported (which
 * call, which ranks arrived and which did not) and ends the job: on MPI processes with MPI_Abort, on ranks
 * that are threads by failing the run. A program whose ranks legitimately wait longer (one rank computing
 * for an hour while the others wait to write) raises the limit, or turns it off with 0.
 *
 * <p>The limit is the hint {@code jpio_watchdog_timeout} (seconds) for the calls of one file, else the
 * system property {@code jpio.watchdog.timeout} (seconds), else {@link #DEFAULT_SECONDS}.
 */
public final class Watchdog {
    /** System property: the limit in seconds for every call that does not set the hint; 0 turns the watchdog off. */
    public static final String PROPERTY = "jpio.watchdog.timeout";
    /** Ten minutes: far beyond any wait of a program whose ranks all reach the call. */
    public static final long DEFAULT_SECONDS = 600;

    private Watchdog() { }

    /** The property's value, read once, when jpio first needs it (set it on the command line: -Djpio.watchdog.timeout=S). */
    private static final class Property {
        static final long MILLIS = read();

        private static long read() {
            String v = System.getProperty(PROPERTY);
            return v == null || v.isBlank() ? DEFAULT_SECONDS * 1000 : seconds(PROPERTY, v) * 1000;
        }
    }

    /** The limit of waits outside a call that sets its own: the system property, else the default. */
    public static long defaultMillis() { return Property.MILLIS; }

    /** The limit of a wait inside {@code call}: the call's, else the default. */
    public static long millis(Call call) { return call != null ? call.watchdogMillis() : defaultMillis(); }

    /** A number of seconds >= 0 given as {@code name=value}; IllegalArgumentException naming both otherwise. */
    public static long seconds(String name, String value) {
        long s;
        try {
            s = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + value + " is not a number of seconds (0: no watchdog)");
        }
        if (s < 0 || s > Long.MAX_VALUE / 1000) throw new IllegalArgumentException(name + "=" + value + " must be between 0 (no watchdog) and " + Long.MAX_VALUE / 1000 + " seconds");
        return s;
    }

    /** "600 s" or "off", with where the limit comes from, for reports. */
    public static String describe(long millis) {
        return (millis == 0 ? "off" : seconds(millis)) + " (hint jpio_watchdog_timeout, system property " + PROPERTY + ")";
    }

    /** Milliseconds as seconds for messages: "3 s", "2.5 s". */
    public static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
    }
}
