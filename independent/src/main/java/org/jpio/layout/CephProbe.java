package org.jpio.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CephFS (kernel client or ceph-fuse): the per-file layout in the virtual extended attributes
 * {@code ceph.file.layout.stripe_unit}, {@code .stripe_count}, {@code .object_size} (a directory's in
 * {@code ceph.dir.layout.*}, present only where one was set). A file's bytes go in stripe units
 * round-robin over {@code stripe_count} objects of {@code object_size} bytes, then on to the next object
 * set. The layout can be set on a new file until its first byte is written.
 */
final class CephProbe implements LayoutProbe {
    @Override public String name() { return "cephfs"; }

    @Override public boolean recognizes(FsStat fs) {
        return fs.magic() == FsStat.CEPH_MAGIC || fs.type().equals("ceph") || fs.type().startsWith("fuse.ceph");
    }

    @Override public StripeLayout read(Path path, FsStat fs, FsCalls calls) {
        String prefix = Files.isDirectory(path) ? "ceph.dir.layout." : "ceph.file.layout.";
        Fact unit = number(path, prefix + "stripe_unit", calls);
        Fact count = number(path, prefix + "stripe_count", calls);
        Fact object = number(path, prefix + "object_size", calls);
        return new StripeLayout(fs.type(), name(), unit, count, Fact.known(fs.ioBlockSize(), "stat st_blksize"), object);
    }

    private static Fact number(Path path, String name, FsCalls calls) {
        try {
            byte[] v = calls.getxattr(path, name);
            if (v == null)
                return Fact.unknown("getxattr " + name + ": not set on " + (name.startsWith("ceph.dir") ? "this directory (its files take an ancestor's or the default layout)" : "this file"));
            String s = new String(v, StandardCharsets.US_ASCII).trim();
            return Fact.known(Long.parseLong(s), "getxattr " + name);
        } catch (IOException | NumberFormatException e) {
            return Fact.unknown("getxattr " + name + " failed: " + e.getMessage());
        }
    }

    /**
     * Sets {@code ceph.file.layout} in one attribute (stripe unit, count and an object size that is a
     * multiple of the unit: the current one when it is, else the unit), then reads it back.
     */
    @Override public Applied apply(Path file, long unit, long count, FsStat fs, FsCalls calls) {
        StripeLayout now = read(file, fs, calls);
        long u = unit > 0 ? unit : now.stripeUnit().value();
        long c = count > 0 ? count : now.stripeCount().value();
        if (u <= 0 || c <= 0) return Applied.no("the file's current layout could not be read: " + now.stripeUnit().source());
        long o = now.objectSize().known() && now.objectSize().value() % u == 0 ? now.objectSize().value() : u;
        String value = "stripe_unit=" + u + " stripe_count=" + c + " object_size=" + o;
        try {
            calls.setxattr(file, "ceph.file.layout", value.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return Applied.no("setxattr ceph.file.layout=\"" + value + "\" failed (a file takes a layout only before its first byte): " + e.getMessage());
        }
        StripeLayout after = read(file, fs, calls);
        if (after.stripeUnit().value() != u || after.stripeCount().value() != c)
            return Applied.no("setxattr ceph.file.layout=\"" + value + "\" left stripe_unit=" + after.stripeUnit() + " stripe_count=" + after.stripeCount());
        return Applied.yes("setxattr ceph.file.layout=\"" + value + "\"");
    }
}
