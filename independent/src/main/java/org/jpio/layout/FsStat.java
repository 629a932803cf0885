package org.jpio.layout;

/**
 * What statfs and stat say of a path, the numbers every probe starts from: the file system's magic
 * ({@code f_type}), its block size ({@code f_bsize}), the preferred I/O size of the file
 * ({@code st_blksize}), the device ({@code st_dev}), and the type name of the mount table.
 */
public record FsStat(long magic, long blockSize, long ioBlockSize, long major, long minor, String type) {
    public static final long XFS_MAGIC = 0x58465342L;
    public static final long LUSTRE_MAGIC = 0x0BD00BD0L;
    public static final long GPFS_MAGIC = 0x47504653L;
    public static final long CEPH_MAGIC = 0x00C36400L;
    public static final long FUSE_MAGIC = 0x65735546L;

    // Written out rather than a record's own: every open looks its file system up by this key, and the
    // generated ones run through method handles that cost a JVM's first calls 15-40 us each, interpreted.
    @Override public boolean equals(Object o) {
        return o instanceof FsStat s && magic == s.magic && blockSize == s.blockSize && ioBlockSize == s.ioBlockSize && major == s.major
                && minor == s.minor && java.util.Objects.equals(type, s.type);
    }

    @Override public int hashCode() {
        long h = magic * 31 + blockSize;
        h = h * 31 + ioBlockSize;
        h = h * 31 + major;
        h = h * 31 + minor;
        return Long.hashCode(h) * 31 + java.util.Objects.hashCode(type);
    }
}
