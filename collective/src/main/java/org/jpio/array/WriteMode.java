package org.jpio.array;

/** How {@link DistributedArray#write} treats a file that already exists. */
public enum WriteMode {
    /**
     * The default: the array is written to a temporary file beside the target, synced, and renamed over it
     * only once every rank has succeeded, so a crash or a full disk leaves the old file or the new one,
     * complete, never a mixture.
     */
    REPLACE,
    /**
     * The file is rewritten where it is (the same inode, as MPI-IO writes): its old contents are gone as
     * soon as the write starts, and a failure leaves a file no reader accepts as complete where the format
     * can say so (a .npy without its header).
     */
    IN_PLACE
}
