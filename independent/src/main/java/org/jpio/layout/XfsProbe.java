package org.jpio.layout;

import java.io.IOException;
import java.nio.file.Path;

/**
 * XFS: the stripe geometry given to mkfs.xfs ({@code -d su=,sw=}) or taken from the device then, read
 * with XFS_IOC_FSGEOMETRY (sunit and swidth in file system blocks). statfs and the loop device's I/O
 * sizes do not show it. Setting: XFS stripes by mkfs, not per file; what a file can take is an extent
 * size hint, so that its blocks are allocated a stripe unit at a time.
 */
final class XfsProbe implements LayoutProbe {
    /** FS_XFLAG_EXTSIZE: the file's fsx_extsize is its extent size hint. */
    static final int FS_XFLAG_EXTSIZE = 0x800;

    @Override public String name() { return "xfs"; }

    @Override public boolean recognizes(FsStat fs) { return fs.magic() == FsStat.XFS_MAGIC; }

    @Override public StripeLayout read(Path path, FsStat fs, FsCalls calls) {
        int[] g;
        try {
            g = calls.xfsGeometry(path);
        } catch (IOException | RuntimeException e) {
            return StripeLayout.unknown(fs.type(), "XFS_IOC_FSGEOMETRY failed: " + e.getMessage());
        }
        long block = g[0], sunit = g[1], swidth = g[2];
        Fact bs = Fact.known(block, "XFS_IOC_FSGEOMETRY blocksize");
        Fact unit, count;
        if (sunit <= 0) {
            unit = count = Fact.unknown("XFS_IOC_FSGEOMETRY sunit=0: the file system was made without a stripe geometry");
        } else {
            unit = Fact.known(sunit * block, "XFS_IOC_FSGEOMETRY sunit=" + sunit + " blocks of " + block + " B");
            count = swidth % sunit == 0 && swidth > 0
                    ? Fact.known(swidth / sunit, "XFS_IOC_FSGEOMETRY swidth/sunit=" + swidth + "/" + sunit)
                    : Fact.unknown("XFS_IOC_FSGEOMETRY swidth=" + swidth + " is not a multiple of sunit=" + sunit);
        }
        return new StripeLayout(fs.type(), name(), unit, count, bs, Fact.unknown("xfs has no objects"));
    }

    /** The extent size hint (FS_IOC_FSSETXATTR) of {@code unit} bytes on the empty file; the count is the file system's. */
    @Override public Applied apply(Path file, long unit, long count, FsStat fs, FsCalls calls) {
        if (unit <= 0) return Applied.no("xfs stripes by mkfs.xfs, not per file; only striping_unit (as an extent size hint) applies, and it was not given");
        try {
            int[] g = calls.xfsGeometry(file);
            if (unit % g[0] != 0 || unit > Integer.MAX_VALUE)
                return Applied.no("striping_unit=" + unit + " is not a multiple of the xfs block size " + g[0] + " (an extent size hint must be)");
            int[] now = calls.fsxattr(file);
            if (now[2] != 0) return Applied.no("the file already has " + now[2] + " extents: xfs takes an extent size hint only on a file without data");
            calls.setFsxattr(file, now[0] | FS_XFLAG_EXTSIZE, (int) unit);
            int[] after = calls.fsxattr(file);
            String what = "extent size hint fsx_extsize=" + after[1] + " (FS_IOC_FSSETXATTR)";
            if (count > 0) what += "; striping_factor=" + count + " not applied: the stripe count of xfs is fixed by mkfs.xfs (sw)";
            return after[1] == unit ? Applied.yes(what) : Applied.no("FS_IOC_FSSETXATTR left fsx_extsize=" + after[1] + ", asked " + unit);
        } catch (IOException | RuntimeException e) {
            return Applied.no("extent size hint failed: " + e.getMessage());
        }
    }
}
