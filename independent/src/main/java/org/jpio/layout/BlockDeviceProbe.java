package org.jpio.layout;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Any file system on a block device: the device's I/O sizes in sysfs. A striped device (md RAID, a
 * hardware array that reports it) gives its chunk as {@code minimum_io_size} and its full stripe as
 * {@code optimal_io_size}; a device that reports no optimal size (0) has no stripe to tell, and its
 * minimum size is then only a sector or block size. Recognizes every file system, so it runs last.
 */
final class BlockDeviceProbe implements LayoutProbe {
    @Override public String name() { return "block-device"; }

    @Override public boolean recognizes(FsStat fs) { return true; }

    @Override public StripeLayout read(Path path, FsStat fs, FsCalls calls) {
        Fact bs = Fact.known(fs.ioBlockSize(), "stat st_blksize");
        Fact none = Fact.unknown(fs.type() + " has no objects");
        String dev = fs.major() + ":" + fs.minor();
        if (fs.major() == 0)
            return new StripeLayout(fs.type(), name(), Fact.unknown("st_dev=" + dev + ": no block device under " + fs.type()),
                    Fact.unknown("st_dev=" + dev + ": no block device under " + fs.type()), bs, none);
        try {
            String queue = "dev/block/" + dev + "/queue/";
            if (calls.sysfs(queue + "optimal_io_size") == null) queue = "dev/block/" + dev + "/../queue/"; // a partition: its disk's queue
            String opt = calls.sysfs(queue + "optimal_io_size"), min = calls.sysfs(queue + "minimum_io_size");
            if (opt == null || min == null)
                return new StripeLayout(fs.type(), name(), Fact.unknown("/sys/" + queue + " has no I/O sizes"), Fact.unknown("/sys/" + queue + " has no I/O sizes"), bs, none);
            long o = Long.parseLong(opt), m = Long.parseLong(min);
            if (o == 0) {
                Fact f = Fact.unknown("/sys/" + queue + "optimal_io_size=0: device " + dev + " reports no stripe");
                return new StripeLayout(fs.type(), name(), f, f, bs, none);
            }
            Fact unit = Fact.known(m, "/sys/" + queue + "minimum_io_size");
            Fact count = m > 0 && o % m == 0 ? Fact.known(o / m, "/sys/" + queue + "optimal_io_size/minimum_io_size=" + o + "/" + m)
                                             : Fact.unknown("/sys/" + queue + "optimal_io_size=" + o + " is not a multiple of minimum_io_size=" + m);
            return new StripeLayout(fs.type(), name(), unit, count, bs, none);
        } catch (IOException | NumberFormatException e) {
            Fact f = Fact.unknown("device " + dev + " I/O sizes unreadable: " + e.getMessage());
            return new StripeLayout(fs.type(), name(), f, f, bs, none);
        }
    }
}
