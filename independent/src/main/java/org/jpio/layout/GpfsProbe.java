package org.jpio.layout;

import java.nio.file.Path;

/**
 * GPFS (IBM Storage Scale): files are striped over the disks of the file system in blocks of the file
 * system's block size, which statfs reports (ROMIO's GPFS driver takes it as striping_unit). The number
 * of disks is not in statfs.
 */
final class GpfsProbe implements LayoutProbe {
    @Override public String name() { return "gpfs"; }

    @Override public boolean recognizes(FsStat fs) { return fs.magic() == FsStat.GPFS_MAGIC; }

    @Override public StripeLayout read(Path path, FsStat fs, FsCalls calls) {
        Fact unit = fs.blockSize() > 0 ? Fact.known(fs.blockSize(), "statfs f_bsize (gpfs stripes in blocks of this size)")
                                       : Fact.unknown("statfs f_bsize=" + fs.blockSize());
        return new StripeLayout(fs.type(), name(), unit, Fact.unknown("gpfs does not report over how many disks a file is striped"),
                Fact.known(fs.blockSize(), "statfs f_bsize"), Fact.unknown("gpfs has no objects"));
    }

    @Override public Applied apply(Path file, long unit, long count, FsStat fs, FsCalls calls) {
        return Applied.no("the gpfs block size is fixed when the file system is made (mmcrfs -B)");
    }
}
