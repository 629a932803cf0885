package org.jpio.layout;

import java.io.IOException;

/**
 * The JNI entry points of native/src/main/c/core/jpio_layout.c (in {@code libjpio.so}). One system call
 * each; a failure throws an IOException with path, call and errno. Call only after the library loaded
 * ({@link NativeFsCalls} checks).
 */
final class LayoutNative {
    private LayoutNative() { }

    /** {statfs f_type, f_bsize, stat st_blksize, major(st_dev), minor(st_dev)}. */
    static native long[] fsStat(String path) throws IOException;

    /** XFS_IOC_FSGEOMETRY_V1: {blocksize, sunit, swidth}. */
    static native int[] xfsGeometry(String path) throws IOException;

    /** LL_IOC_LOV_GETSTRIPE: the 32-byte header of the lov_user_md. */
    static native byte[] lustreStripe(String path) throws IOException;

    /** getxattr; null for ENODATA. */
    static native byte[] getxattr(String path, String name) throws IOException;

    static native void setxattr(String path, String name, byte[] value) throws IOException;

    /** FS_IOC_FSGETXATTR: {fsx_xflags, fsx_extsize, fsx_nextents}. */
    static native int[] fsxattr(String path) throws IOException;

    static native void setFsxattr(String path, int xflags, int extsize) throws IOException;
}
