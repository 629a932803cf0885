package org.jpio.examples.sort;

import java.util.Locale;

/** The seed's program variants (Table 1), all sorting the same big-endian file of longs. */
public enum Variant {
    /** AsyncFile with double buffering: Appendix A's three buffers for the runs, two per run in the merge. */
    ASYNC(false),
    /** AsyncFile used blocking: single-buffered, every request waited for at once. */
    ABLOCK(false),
    /** DataInputStream/DataOutputStream over buffered file streams, one long per call. */
    SBLOCK(false),
    /** The same data streams without buffering: a system call per long. */
    SBLOCKU(true),
    /** RandomAccessFile readLong/writeLong per element (eight 1-byte system calls per long). */
    RBLOCK(true);

    private final boolean slow;

    Variant(boolean slow) { this.slow = slow; }

    /** Whether the benchmark runs it on the smaller --slow-size input. */
    public boolean slow() { return slow; }

    public String id() { return name().toLowerCase(Locale.ROOT); }

    public static Variant of(String id) {
        try {
            return valueOf(id.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown sort variant=" + id + " (async, ablock, sblock, sblocku, rblock)");
        }
    }
}
