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
     * The file is rewritten where it is, as MPI-IO writes: the same inode, and the same blocks as far as
     * the new size reaches (no truncation first, which would free them for the writes to take again). Its
     * old contents are gone as soon as the write starts, and a failure leaves a file no reader accepts as
     * complete where the format can say so (a .npy without its header, an HDF5 file without its signature);
     * a RAW file, which cannot say so, is left with old and new bytes mixed.
     */
    IN_PLACE,
    /**
     * For formats that hold several arrays (h5): the array becomes one more dataset of the existing file,
     * whose other datasets, groups and attributes stay. It is written under a temporary name and given its
     * own (replacing a dataset of that name) only once every rank's data is on the device, so a failure
     * leaves the file's datasets as they were. A file that does not exist yet is created as with REPLACE.
     */
    ADD
}
