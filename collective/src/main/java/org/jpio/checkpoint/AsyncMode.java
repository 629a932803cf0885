package org.jpio.checkpoint;

/**
 * Where the writes of {@link Checkpoint#commitAsync} run ({@link CheckpointOptions#async}).
 *
 * <p>A background writer overlaps the checkpoint with the computation best when it has a processor of its
 * own: writing a checkpoint is CPU work too (the kernel copies every byte into the page cache, and the ranks
 * of one file contend for its lock), so where more ranks than processors already share the cores the writer
 * takes a processor from them, and every step of a computation that waits for its slowest rank waits for
 * that one. The loop can then take longer than with synchronous checkpoints (docs/BENCHMARKS.md, {@code
 * bench ckpt}); with one rank per processor the writer, which mostly waits for the device, still pays.
 */
public enum AsyncMode {
    /**
     * Decided when the store opens, the same on every rank: {@link #INLINE} when on some host the ranks
     * outnumber the processors the JVM may use ({@code Runtime.availableProcessors()}, which
     * follows CPU affinity and cgroup limits), else {@link #BACKGROUND}. {@link CheckpointStore#asyncChoice()}
     * says which, and why.
     */
    AUTOMATIC,
    /** Always a background writer thread per rank, on a duplicate communicator (needs MPI_THREAD_MULTIPLE with MPI). */
    BACKGROUND,
    /**
     * The commit runs on the caller's thread before {@code commitAsync} returns, from the arrays themselves
     * (no staging copy), and the future is already complete: the cost of a synchronous commit, and no more.
     */
    INLINE
}
