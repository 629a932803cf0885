package org.jpio.checkpoint;

/**
 * The staging memory of a store's asynchronous checkpoints on one rank: the bound it is held to, the largest
 * piece (one chunk), the most it ever held at once, what it holds now (kept for the next checkpoint), the bytes
 * copied into it, and how long {@code commitAsync} waited for room (time the caller's loop was blocked
 * beyond the copy itself); and where the asynchronous commits run ({@link AsyncChoice}: inline ones stage
 * nothing).
 */
public record StagingReport(long boundBytes, int chunkBytes, long peakBytes, long heldBytes, long stagedBytes, long waitedNanos, AsyncChoice async) {
    @Override public String toString() {
        return String.format(java.util.Locale.ROOT, "staging: peak %.1f MiB of a %.1f MiB bound (pieces of up to %.1f MiB), %.1f MiB held, %.1f MiB copied, waited %.3f s for room; %s",
                peakBytes / 1048576.0, boundBytes / 1048576.0, chunkBytes / 1048576.0, heldBytes / 1048576.0, stagedBytes / 1048576.0, waitedNanos / 1e9, async);
    }
}
