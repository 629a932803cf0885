package org.jpio.checkpoint;

/**
 * The staging memory of a store's asynchronous checkpoints on one rank: the bound it is held to, the largest
 * piece (one chunk), the most it ever held at once, what it holds now (kept for the next checkpoint), the bytes
 * copied into it, how long {@code commitAsync} took to copy them (waits excluded) and how long it waited for
 * room (time the caller's loop was blocked beyond the copy itself); where the asynchronous commits run ({@link AsyncChoice}: inline ones stage
 * nothing); and the CPU time of this rank's background writer thread in its commits, all and in user mode
 * (the rest is the kernel's work for it: the copy into the page cache, the syncs), 0 without one.
 */
public record StagingReport(long boundBytes, int chunkBytes, long peakBytes, long heldBytes, long stagedBytes, long waitedNanos, long copyNanos, AsyncChoice async,
                            long writerCpuNanos, long writerUserNanos) {
    @Override public String toString() {
        return String.format(java.util.Locale.ROOT, "staging: peak %.1f MiB of a %.1f MiB bound (pieces of up to %.1f MiB), %.1f MiB held, %.1f MiB copied in %.3f s, waited %.3f s for room; "
                        + "background writer CPU %.3f s (user %.3f s); %s",
                peakBytes / 1048576.0, boundBytes / 1048576.0, chunkBytes / 1048576.0, heldBytes / 1048576.0, stagedBytes / 1048576.0, copyNanos / 1e9, waitedNanos / 1e9,
                writerCpuNanos / 1e9, writerUserNanos / 1e9, async);
    }
}
