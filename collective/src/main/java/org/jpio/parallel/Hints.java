package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * File hints, as MPI_Info with ROMIO's keys: an immutable map of key to value with ROMIO's defaults.
 * Unknown keys are kept and passed on (MPI ignores hints it does not know, and the ROMIO backend may
 * understand them), but known keys are validated when the hints are built, so a typo in a value
 * ({@code cb_buffer_size=16M}) fails before the file is opened, naming key and value; a typo in a key
 * ({@code cb_bufer_size}) is reported by {@code ParallelFile.hints()} as {@link #JPIO_UNKNOWN_HINTS}
 * (ROMIO ignores it without a word).
 *
 * <p>Sources, later ones winning: ROMIO's defaults, the file named by the environment variable
 * {@code ROMIO_HINTS} (lines {@code key value}, {@code #} comments), then the hints the program passes.
 * That is ROMIO's order too: its hints file is read at open and the program's info is applied on top.
 *
 * <p>{@code cb_nodes} has no fixed default: it caps the aggregators {@code cb_config_list} chooses (one
 * per host by default), settled at open; {@link ParallelFile#hints()} reports the value in effect.
 *
 * <p>Every value keeps its source ({@link #source}): {@value #SOURCE_DEFAULT}, {@value #SOURCE_HINTS_FILE},
 * {@value #SOURCE_USER}, or, for {@code striping_unit} and {@code striping_factor} left at their defaults,
 * {@value #SOURCE_FILE_SYSTEM} with the call that read the number ({@link #withFileSystem}, at open).
 */
public final class Hints {
    /** ROMIO's collective buffer per aggregator and cycle: 16 MiB. */
    public static final String CB_BUFFER_SIZE = "cb_buffer_size";
    /** At most this many aggregators; which ones is cb_config_list's (one per host by default), as in ROMIO. */
    public static final String CB_NODES = "cb_nodes";
    /** Which hosts aggregate and how many per host: {@code *:1} (default), {@code *:N}, {@code host:N,...}. */
    public static final String CB_CONFIG_LIST = "cb_config_list";
    public static final String ROMIO_CB_READ = "romio_cb_read";
    public static final String ROMIO_CB_WRITE = "romio_cb_write";
    public static final String ROMIO_DS_READ = "romio_ds_read";
    public static final String ROMIO_DS_WRITE = "romio_ds_write";
    public static final String IND_RD_BUFFER_SIZE = "ind_rd_buffer_size";
    public static final String IND_WR_BUFFER_SIZE = "ind_wr_buffer_size";
    /** Stripe size in bytes of a striped file system; file domains and new HDF5 datasets are aligned to it. 0: not striped. */
    public static final String STRIPING_UNIT = "striping_unit";
    public static final String STRIPING_FACTOR = "striping_factor";
    /** jpio: which driver moves the bytes ({@link Drivers}): {@code twophase} (default), {@code independent}, {@code romio}. */
    public static final String JPIO_BACKEND = "jpio_backend";
    /** jpio: I/O engine by registry name ({@code nio}, {@code native}); default as {@code Engines.defaultEngine()}. */
    public static final String JPIO_ENGINE = "jpio_engine";
    /**
     * jpio: whether two-phase I/O puts the aggregators' cycle buffers in memory shared by all ranks, where
     * each rank copies its own pieces once, instead of exchanging them as messages: {@code automatic}
     * (default: when all ranks run on one host and the communicator can share memory), {@code enable}
     * (the same, failing where it cannot), {@code disable} (messages).
     */
    public static final String JPIO_CB_SHARED = "jpio_cb_shared";
    /**
     * jpio: whether a collective write whose ranks together write one gap-free range first reserves that
     * range, rank 0 in one call before any rank writes (MPI_File_preallocate's posix_fallocate):
     * {@code automatic} (default: on ext4 and xfs, whose delayed allocation otherwise reserves blocks page by
     * page inside the write, when the range has a hole), {@code enable}, {@code disable}.
     */
    public static final String JPIO_PREALLOCATE = "jpio_preallocate";
    /**
     * jpio: what a read that meets the end of the file does: {@code enable} (the default, as MPI) reads what
     * is there and returns the count; {@code disable} refuses it with an EOFException naming the range.
     */
    public static final String JPIO_SHORT_READS = "jpio_short_reads";
    /**
     * ROMIO's: {@code true} opens the file with O_DIRECT for reading ({@code direct_read}) or writing
     * ({@code direct_write}): the block-aligned middle of each transfer bypasses the page cache, sparing the
     * kernel's copy of every byte (the unaligned edges go through a second, buffered descriptor). Needs an
     * engine and a file system that support O_DIRECT (the native engine; not tmpfs). Default {@code false}.
     */
    public static final String DIRECT_READ = "direct_read", DIRECT_WRITE = "direct_write";
    /**
     * jpio: how long (seconds) a collective of this file's calls may wait for the other ranks before the
     * watchdog reports it and ends the job ({@link org.jpio.comm.Watchdog}); 0: no limit. Unset: the system
     * property {@code jpio.watchdog.timeout}, else 600.
     */
    public static final String JPIO_WATCHDOG_TIMEOUT = "jpio_watchdog_timeout";
    /**
     * jpio, reported by {@code ParallelFile.hints()} only: the given keys that neither jpio nor ROMIO knows,
     * which therefore do nothing (a misspelt key, say); ROMIO ignores such keys without a word.
     */
    public static final String JPIO_UNKNOWN_HINTS = "jpio_unknown_hints";
    /** Sources of a value ({@link #source}); a file system's value is followed by the call that read it. */
    public static final String SOURCE_DEFAULT = "default", SOURCE_HINTS_FILE = "hints file", SOURCE_USER = "user",
            SOURCE_FILE_SYSTEM = "file system";
    /** Environment variable naming a hints file, as ROMIO's. */
    public static final String ENV_HINTS_FILE = "ROMIO_HINTS";

    /** enable / disable / automatic, ROMIO's three-way switch for collective buffering and data sieving. */
    public enum Mode {
        ENABLE, DISABLE, AUTOMATIC;

        static Mode parse(String key, String v) {
            switch (v.trim().toLowerCase()) {
                case "enable": case "true": return ENABLE;
                case "disable": case "false": return DISABLE;
                case "automatic": case "auto": return AUTOMATIC;
                default: throw new IllegalArgumentException("hint " + key + "=" + v + " must be enable, disable or automatic");
            }
        }

        @Override public String toString() { return name().toLowerCase(); }
    }

    /** ROMIO's defaults for the keys it defines a default for; cb_nodes is settled at open. */
    private static final Map<String, String> DEFAULTS = table(
            CB_BUFFER_SIZE, "16777216", CB_CONFIG_LIST, "*:1",
            ROMIO_CB_READ, "automatic", ROMIO_CB_WRITE, "automatic", ROMIO_DS_READ, "automatic", ROMIO_DS_WRITE, "automatic",
            IND_RD_BUFFER_SIZE, "4194304", IND_WR_BUFFER_SIZE, "524288", STRIPING_UNIT, "0", STRIPING_FACTOR, "0",
            JPIO_BACKEND, "twophase", JPIO_CB_SHARED, "automatic", JPIO_PREALLOCATE, "automatic", JPIO_SHORT_READS, "enable");

    /**
     * Keys jpio or ROMIO reads (ROMIO's are passed on to it by the romio backend): jpio's, MPI's reserved
     * file hints, and ROMIO's own. Any other key is kept and passed on, but reported as unknown.
     */
    private static final java.util.Set<String> KNOWN = java.util.Set.of(
            CB_BUFFER_SIZE, CB_NODES, CB_CONFIG_LIST, ROMIO_CB_READ, ROMIO_CB_WRITE, ROMIO_DS_READ, ROMIO_DS_WRITE,
            IND_RD_BUFFER_SIZE, IND_WR_BUFFER_SIZE, STRIPING_UNIT, STRIPING_FACTOR, JPIO_BACKEND, JPIO_ENGINE, JPIO_CB_SHARED,
            JPIO_PREALLOCATE, JPIO_SHORT_READS, JPIO_WATCHDOG_TIMEOUT,
            "access_style", "collective_buffering", "cb_block_size", "chunked", "chunked_item", "chunked_size", "filename",
            "file_perm", "io_node_list", "nb_proc", "num_io_nodes", "romio_no_indep_rw", "romio_cb_pfr", "romio_cb_fr_types",
            "romio_cb_fr_alignment", "romio_cb_ds_threshold", "romio_cb_alltoall", "romio_filesystem_type", "romio_aggregator_list",
            "start_iodevice", DIRECT_READ, DIRECT_WRITE, "romio_lustre_co_ratio", "romio_lustre_coll_threshold",
            "romio_lustre_ds_in_coll", "romio_synchronized_flush", "romio_visibility_immediate");

    private static Map<String, String> table(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int k = 0; k < keyValues.length; k += 2) m.put(keyValues[k], keyValues[k + 1]);
        return Collections.unmodifiableMap(m);
    }

    private final Map<String, String> values;
    // parsed once (every value was validated when the hints were built): transfers read these per call
    private final int cbBufferSize, cbNodes, indRd, indWr;
    private final long stripingUnit, stripingFactor;
    private final Mode cbRead, cbWrite, dsRead, dsWrite, cbShared, preallocate, shortReads;
    private final boolean directRead, directWrite;
    /** The watchdog hint in milliseconds, or -1 when not given (then the system property's, at each call). */
    private final long watchdogMillis;
    private final Map<String, String> sources;

    private Hints(Map<String, String> values, Map<String, String> sources) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
        cbBufferSize = positiveInt(CB_BUFFER_SIZE, values.get(CB_BUFFER_SIZE));
        cbNodes = values.containsKey(CB_NODES) ? positiveInt(CB_NODES, values.get(CB_NODES)) : 0;
        indRd = positiveInt(IND_RD_BUFFER_SIZE, values.get(IND_RD_BUFFER_SIZE));
        indWr = positiveInt(IND_WR_BUFFER_SIZE, values.get(IND_WR_BUFFER_SIZE));
        stripingUnit = nonNegativeLong(STRIPING_UNIT, values.get(STRIPING_UNIT));
        stripingFactor = nonNegativeLong(STRIPING_FACTOR, values.get(STRIPING_FACTOR));
        cbRead = Mode.parse(ROMIO_CB_READ, values.get(ROMIO_CB_READ));
        cbWrite = Mode.parse(ROMIO_CB_WRITE, values.get(ROMIO_CB_WRITE));
        dsRead = Mode.parse(ROMIO_DS_READ, values.get(ROMIO_DS_READ));
        dsWrite = Mode.parse(ROMIO_DS_WRITE, values.get(ROMIO_DS_WRITE));
        cbShared = Mode.parse(JPIO_CB_SHARED, values.get(JPIO_CB_SHARED));
        preallocate = Mode.parse(JPIO_PREALLOCATE, values.get(JPIO_PREALLOCATE));
        shortReads = Mode.parse(JPIO_SHORT_READS, values.get(JPIO_SHORT_READS));
        directRead = bool(DIRECT_READ, values.get(DIRECT_READ));
        directWrite = bool(DIRECT_WRITE, values.get(DIRECT_WRITE));
        String w = values.get(JPIO_WATCHDOG_TIMEOUT);
        watchdogMillis = w == null ? -1 : org.jpio.comm.Watchdog.seconds("hint " + JPIO_WATCHDOG_TIMEOUT, w) * 1000;
        this.sources = Collections.unmodifiableMap(new TreeMap<>(sources));
    }

    /** ROMIO's defaults only (no hints file, no program hints). */
    public static Hints defaults() { return DEFAULT_HINTS; }

    /** Hints are immutable, and parsing them costs more than a small transfer: the defaults are parsed once. */
    private static final Hints DEFAULT_HINTS = fromSources(null, Map.of());

    /**
     * No hints given by the program, as ROMIO opens a file without an MPI_Info: its defaults, then the file
     * the environment variable {@code ROMIO_HINTS} names, when it is set. Use {@link #defaults()} to ignore
     * the environment.
     */
    public static Hints fromEnvironment() { return of(Map.of()); }

    /** Defaults, then the ROMIO_HINTS file if the variable is set, then {@code given}. */
    public static Hints of(Map<String, String> given) {
        String file = System.getenv(ENV_HINTS_FILE);
        // nothing but the defaults: the hints parsed once (an open without hints built and validated all of
        // them again, a tenth of an open's time before the JIT has compiled it); a hints file is read anew
        if (given.isEmpty() && (file == null || file.isBlank())) return DEFAULT_HINTS;
        return fromSources(file, given);
    }

    /** {@code of} with pairs: {@code Hints.of("cb_nodes", "2", "cb_buffer_size", "65536")}. */
    public static Hints of(String... keyValues) {
        if (keyValues.length % 2 != 0) throw new IllegalArgumentException("hints need key/value pairs, got " + keyValues.length + " strings");
        return of(table(keyValues));
    }

    /** Parses {@code key=value} strings (the command line's {@code --hint}). */
    public static Hints parse(List<String> keyEqualsValue) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : keyEqualsValue) {
            int eq = kv.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("hint '" + kv + "' is not key=value");
            m.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        return of(m);
    }

    static Hints fromSources(String hintsFile, Map<String, String> given) {
        Map<String, String> m = new LinkedHashMap<>(DEFAULTS), from = new LinkedHashMap<>();
        DEFAULTS.keySet().forEach(k -> from.put(k, SOURCE_DEFAULT));
        if (hintsFile != null && !hintsFile.isBlank()) {
            Map<String, String> file = readHintsFile(Path.of(hintsFile));
            m.putAll(file);
            file.keySet().forEach(k -> from.put(k, SOURCE_HINTS_FILE));
        }
        m.putAll(given);
        given.keySet().forEach(k -> from.put(k, SOURCE_USER));
        m.forEach(Hints::validate);
        return new Hints(m, from);
    }

    /** A ROMIO hints file: one {@code key value} per line, blank lines and {@code #} comments ignored. */
    static Map<String, String> readHintsFile(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(ENV_HINTS_FILE + "=" + file + " cannot be read: " + e.getMessage(), e);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] kv = line.split("\\s+", 2);
            if (kv.length != 2) throw new IllegalArgumentException(ENV_HINTS_FILE + "=" + file + " line=" + (i + 1) + ": expected 'key value', got '" + line + "'");
            m.put(kv[0], kv[1].strip());
        }
        return m;
    }

    private static void validate(String key, String value) {
        Objects.requireNonNull(value, key);
        switch (key) {
            case CB_BUFFER_SIZE: case IND_RD_BUFFER_SIZE: case IND_WR_BUFFER_SIZE:
                positiveInt(key, value); break;
            case CB_NODES:
                positiveInt(key, value); break;
            case STRIPING_UNIT: case STRIPING_FACTOR:
                nonNegativeLong(key, value); break;
            case ROMIO_CB_READ: case ROMIO_CB_WRITE: case ROMIO_DS_READ: case ROMIO_DS_WRITE: case JPIO_CB_SHARED: case JPIO_PREALLOCATE:
            case JPIO_SHORT_READS:
                Mode.parse(key, value); break;
            case JPIO_BACKEND:
                if (!Drivers.names().contains(value)) throw new IllegalArgumentException("hint " + key + "=" + value + " must be one of " + Drivers.names());
                break;
            case JPIO_WATCHDOG_TIMEOUT:
                org.jpio.comm.Watchdog.seconds("hint " + key, value); break;
            case DIRECT_READ: case DIRECT_WRITE:
                bool(key, value); break;
            default:
        }
    }

    /** ROMIO's boolean hints: {@code true} or {@code false} (any case); unset is false. */
    private static boolean bool(String key, String v) {
        if (v == null || v.trim().equalsIgnoreCase("false")) return false;
        if (v.trim().equalsIgnoreCase("true")) return true;
        throw new IllegalArgumentException("hint " + key + "=" + v + " must be true or false");
    }

    private static int positiveInt(String key, String v) {
        long x = nonNegativeLong(key, v);
        if (x <= 0 || x > Integer.MAX_VALUE) throw new IllegalArgumentException("hint " + key + "=" + v + " must be between 1 and " + Integer.MAX_VALUE);
        return (int) x;
    }

    private static long nonNegativeLong(String key, String v) {
        long x;
        try {
            x = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hint " + key + "=" + v + " is not a whole number");
        }
        if (x < 0) throw new IllegalArgumentException("hint " + key + "=" + v + " must not be negative");
        return x;
    }

    /** A copy with {@code key} set (validated) by the program: its source is {@value #SOURCE_USER}. */
    public Hints with(String key, String value) {
        return with(key, value, SOURCE_USER);
    }

    private Hints with(String key, String value, String source) {
        validate(key, value);
        Map<String, String> m = new LinkedHashMap<>(values), from = new LinkedHashMap<>(sources);
        m.put(key, value);
        from.put(key, source);
        return new Hints(m, from);
    }

    /**
     * A copy where {@code key}, if it still has its default, takes the value the file system reported;
     * {@code how} names the call that read it (its source becomes {@code "file system (how)"}). A value the
     * user or the hints file set is kept: this is the hook where the file system supplies defaults.
     */
    public Hints withFileSystem(String key, long value, String how) {
        if (!SOURCE_DEFAULT.equals(sources.get(key))) return this;
        return with(key, Long.toString(value), SOURCE_FILE_SYSTEM + " (" + how + ")");
    }

    /**
     * Where the value of {@code key} came from: {@value #SOURCE_DEFAULT}, {@value #SOURCE_HINTS_FILE},
     * {@value #SOURCE_USER} or {@code "file system (call)"}; null for a key not set.
     */
    public String source(String key) { return sources.get(key); }

    /** Whether the program or the hints file set {@code key} (as opposed to a default or the file system). */
    public boolean given(String key) {
        String s = sources.get(key);
        return SOURCE_USER.equals(s) || SOURCE_HINTS_FILE.equals(s);
    }

    /** All keys and values, sorted by key. */
    public Map<String, String> asMap() { return values; }

    private long fingerprint;

    /**
     * A 64-bit digest of every key and value, made once: open compares it across ranks in one small
     * collective and exchanges the hints themselves only when the digests differ, to name what differs.
     */
    long fingerprint() {
        long f = fingerprint;
        if (f == 0) {
            StringBuilder b = new StringBuilder();
            values.forEach((k, v) -> b.append(k).append('\0').append(v).append('\0'));
            fingerprint = f = org.jpio.comm.Fingerprint.of(b) | 1; // never 0, the mark of "not made yet"
        }
        return f;
    }

    public String get(String key) { return values.get(key); }

    public int cbBufferSize() { return cbBufferSize; }

    /** cb_nodes when given, else 0: the default (one per host) is settled at open. */
    public int cbNodes() { return cbNodes; }

    /** cb_config_list as given; its syntax is checked where aggregators are chosen, at open. */
    public String cbConfigList() { return values.get(CB_CONFIG_LIST); }

    public Mode cbRead() { return cbRead; }

    public Mode cbWrite() { return cbWrite; }

    public Mode dsRead() { return dsRead; }

    public Mode dsWrite() { return dsWrite; }

    public int indRdBufferSize() { return indRd; }

    public int indWrBufferSize() { return indWr; }

    public long stripingUnit() { return stripingUnit; }

    public long stripingFactor() { return stripingFactor; }

    public String backend() { return values.get(JPIO_BACKEND); }

    public Mode cbShared() { return cbShared; }

    public Mode preallocate() { return preallocate; }

    public Mode shortReads() { return shortReads; }

    /** Whether a file opened for reading ({@code write} false) or writing takes O_DIRECT: {@link #DIRECT_READ}, {@link #DIRECT_WRITE}. */
    public boolean direct(boolean write) { return write ? directWrite : directRead; }

    /** The watchdog limit of this file's collective calls, in milliseconds (0: none): the hint, else the system property's. */
    public long watchdogMillis() { return watchdogMillis >= 0 ? watchdogMillis : org.jpio.comm.Watchdog.defaultMillis(); }

    /** The keys neither jpio nor ROMIO knows, sorted: they are kept and passed on, and do nothing here. */
    public List<String> unknown() {
        return values.keySet().stream().filter(k -> !KNOWN.contains(k)).toList();
    }

    /** The engine name when the jpio_engine hint is set, else null (the default engine). */
    public String engine() { return values.get(JPIO_ENGINE); }

    @Override public boolean equals(Object o) { return o instanceof Hints h && h.values.equals(values); }

    @Override public int hashCode() { return values.hashCode(); }

    @Override public String toString() { return values.toString(); }
}
