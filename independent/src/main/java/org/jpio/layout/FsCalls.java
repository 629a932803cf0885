package org.jpio.layout;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The system calls the layout probes make, one method each: the JNI calls of {@code libjpio.so}
 * ({@link NativeFsCalls}) or a fake that answers from a table and records what was asked
 * ({@link FakeFsCalls}). Failures are IOExceptions naming path, call and errno.
 */
public interface FsCalls {
    /** Empty when the calls can be made, else why not (the native library did not load). */
    Optional<String> unavailable();

    /** statfs and stat of {@code path}, with the mount table's type name. */
    FsStat stat(Path path) throws IOException;

    /** XFS_IOC_FSGEOMETRY: {blocksize, sunit, swidth}, sunit and swidth in file system blocks. */
    int[] xfsGeometry(Path path) throws IOException;

    /** LL_IOC_LOV_GETSTRIPE: the first 32 bytes of the lov_user_md, in the machine's byte order. */
    byte[] lustreStripe(Path path) throws IOException;

    /** getxattr: the value, or null when the file has no such attribute. */
    byte[] getxattr(Path path, String name) throws IOException;

    /** setxattr, creating or replacing the attribute. */
    void setxattr(Path path, String name, byte[] value) throws IOException;

    /** FS_IOC_FSGETXATTR: {fsx_xflags, fsx_extsize, fsx_nextents}. */
    int[] fsxattr(Path path) throws IOException;

    /** FS_IOC_FSSETXATTR with these flags and extent size hint (the rest as read). */
    void setFsxattr(Path path, int xflags, int extsize) throws IOException;

    /** A file under /sys, trimmed, such as {@code dev/block/7:0/queue/optimal_io_size}; null when absent. */
    String sysfs(String relative) throws IOException;
}
