package org.jpio.checkpoint;

import java.nio.file.Path;

/**
 * One entry of a checkpoint directory as a listing sees it: its step, its directory, whether it is valid
 * (and why not), and its manifest when it has a readable one.
 *
 * @param reason  why the entry is not valid ("" when it is)
 * @param bytes   bytes of its array files (0 without a manifest)
 * @param manifest the manifest, or null when there is none or it cannot be read
 */
public record CheckpointInfo(long step, Path path, State state, String reason, long bytes, Manifest manifest) {
    /** What an entry is. Only {@link #VALID} entries are ever restarted from. */
    public enum State {
        /** Committed: published by its rename, with a manifest that reads and every file of the size it names. */
        VALID,
        /** Published, but something is wrong with it now (a file missing, truncated, a damaged manifest). */
        INVALID,
        /** Of a history a restart left: a later step was committed after restarting from an earlier one. */
        SUPERSEDED,
        /** Never published: being written, being removed, or left by a writer that died. */
        PARTIAL
    }

    public boolean valid() { return state == State.VALID; }

    /** The simulated time when the checkpoint has a {@code time} attribute, else NaN. */
    public double time() {
        if (manifest == null || !manifest.attributes().has("time")) return Double.NaN;
        Object t = manifest.attributes().asMap().get("time");
        return t instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    @Override public String toString() {
        return "step=" + step + " " + state + (reason.isEmpty() ? "" : " (" + reason + ")") + " path=" + path;
    }
}
