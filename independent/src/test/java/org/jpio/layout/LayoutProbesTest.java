package org.jpio.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probes' decisions on answers of the system calls (a fake), for every file system jpio reads. */
class LayoutProbesTest {
    @TempDir Path dir;

    private Path file() throws Exception { return Files.createFile(dir.resolve("f")); }

    @Test void xfsStripeFromGeometryInBlocks() throws Exception {
        Path f = file();
        FakeFsCalls calls = new FakeFsCalls().stat(f, new FsStat(FsStat.XFS_MAGIC, 4096, 4096, 7, 0, "xfs")).xfsGeometry(f, 4096, 16, 64);
        StripeLayout l = LayoutProbes.detect(f, calls);
        assertEquals("xfs", l.probe());
        assertEquals(Fact.known(65536, "XFS_IOC_FSGEOMETRY sunit=16 blocks of 4096 B"), l.stripeUnit());
        assertEquals(4, l.stripeCount().value());
        assertEquals(4096, l.blockSize().value());
    }

    @Test void xfsWithoutStripeAsksTheDeviceAndStaysUnknownWhenItTellsNothing() throws Exception {
        Path f = file();
        FakeFsCalls calls = new FakeFsCalls().stat(f, new FsStat(FsStat.XFS_MAGIC, 4096, 4096, 7, 3, "xfs")).xfsGeometry(f, 4096, 0, 0)
                .sysfs("dev/block/7:3/queue/optimal_io_size", "0").sysfs("dev/block/7:3/queue/minimum_io_size", "512");
        StripeLayout l = LayoutProbes.detect(f, calls);
        assertFalse(l.stripeUnit().known(), l.toString());
        assertTrue(l.stripeUnit().source().contains("sunit=0"), l.toString());
        assertTrue(calls.calls().contains("sysfs dev/block/7:3/queue/optimal_io_size"), calls.calls().toString());
    }

    @Test void blockDeviceOfAPartitionUsesItsDisksQueue() throws Exception {
        Path f = file();
        FakeFsCalls calls = new FakeFsCalls().stat(f, new FsStat(0xEF53, 4096, 4096, 9, 1, "ext4"))
                .sysfs("dev/block/9:1/../queue/optimal_io_size", "524288").sysfs("dev/block/9:1/../queue/minimum_io_size", "131072");
        StripeLayout l = LayoutProbes.detect(f, calls);
        assertEquals("block-device", l.probe());
        assertEquals(131072, l.stripeUnit().value());
        assertEquals(4, l.stripeCount().value());
    }

    @Test void virtualFileSystemHasNoDevice() throws Exception {
        Path f = file();
        StripeLayout l = LayoutProbes.detect(f, new FakeFsCalls().stat(f, new FsStat(0x01021994, 4096, 4096, 0, 42, "tmpfs")));
        assertFalse(l.stripeUnit().known());
        assertTrue(l.stripeUnit().source().contains("no block device"), l.toString());
    }

    @Test void gpfsBlockSizeIsTheStripeUnitAndTheCountIsUnknown() throws Exception {
        Path f = file();
        StripeLayout l = LayoutProbes.detect(f, new FakeFsCalls().stat(f, new FsStat(FsStat.GPFS_MAGIC, 8 << 20, 8 << 20, 0, 40, "gpfs")));
        assertEquals(8 << 20, l.stripeUnit().value());
        assertFalse(l.stripeCount().known());
    }

    static byte[] lov(int magic, int size, int count) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.nativeOrder());
        b.putInt(0, magic).putInt(4, 1).putLong(8, 0x1234).putLong(16, 7).putInt(24, size).putShort(28, (short) count).putShort(30, (short) 3);
        return b.array();
    }

    @Test void lustreHeaderV1AndV3() throws Exception {
        Path f = file();
        FsStat fs = new FsStat(FsStat.LUSTRE_MAGIC, 4096, 4194304, 0, 50, "lustre");
        StripeLayout v1 = LayoutProbes.detect(f, new FakeFsCalls().stat(f, fs).lustreStripe(f, lov(LustreProbe.LOV_USER_MAGIC_V1, 1 << 20, 8)));
        assertEquals(1 << 20, v1.stripeUnit().value());
        assertEquals(8, v1.stripeCount().value());
        StripeLayout v3 = LustreProbe.decode(lov(LustreProbe.LOV_USER_MAGIC_V3, 4 << 20, 2), fs);
        assertEquals(4 << 20, v3.stripeUnit().value());
        assertEquals(2, v3.stripeCount().value());
    }

    @Test void lustreCompositeAllOstsAndGarbageAreUnknown() {
        FsStat fs = new FsStat(FsStat.LUSTRE_MAGIC, 4096, 4096, 0, 50, "lustre");
        assertFalse(LustreProbe.decode(lov(LustreProbe.LOV_USER_MAGIC_COMP_V1, 1 << 20, 8), fs).stripeUnit().known());
        StripeLayout all = LustreProbe.decode(lov(LustreProbe.LOV_USER_MAGIC_V1, 1 << 20, 0xFFFF), fs);
        assertTrue(all.stripeUnit().known());
        assertFalse(all.stripeCount().known());
        assertFalse(LustreProbe.decode(lov(0x12345678, 1 << 20, 8), fs).stripeUnit().known());
    }

    @Test void cephFileLayoutFromXattrsAndSetOnANewFile() throws Exception {
        Path f = file();
        FsStat fs = new FsStat(FsStat.FUSE_MAGIC, 4194304, 4194304, 0, 60, "fuse.ceph-fuse");
        FakeFsCalls calls = new FakeFsCalls().stat(f, fs).xattr(f, "ceph.file.layout.stripe_unit", "4194304")
                .xattr(f, "ceph.file.layout.stripe_count", "1").xattr(f, "ceph.file.layout.object_size", "4194304");
        StripeLayout l = LayoutProbes.detect(f, calls);
        assertEquals("cephfs", l.probe());
        assertEquals(Fact.known(4194304, "getxattr ceph.file.layout.stripe_unit"), l.stripeUnit());
        assertEquals(1, l.stripeCount().value());
        // the fake keeps ceph.file.layout as one attribute: answer the parts as CephFS derives them
        Applied a = LayoutProbes.apply(f, 1 << 20, 4, new FakeFsCalls().stat(f, fs).xattr(f, "ceph.file.layout.stripe_unit", "1048576")
                .xattr(f, "ceph.file.layout.stripe_count", "4").xattr(f, "ceph.file.layout.object_size", "4194304"));
        assertTrue(a.applied(), a.toString());
        assertEquals("setxattr ceph.file.layout=\"stripe_unit=1048576 stripe_count=4 object_size=4194304\"", a.detail());
    }

    @Test void cephDirectoryWithoutItsOwnLayoutIsUnknown() throws Exception {
        FsStat fs = new FsStat(FsStat.CEPH_MAGIC, 4194304, 4194304, 0, 61, "ceph");
        StripeLayout l = LayoutProbes.detect(dir.resolve("new-file"), new FakeFsCalls().stat(dir, fs));
        assertFalse(l.stripeUnit().known());
        assertTrue(l.stripeUnit().source().contains("ceph.dir.layout.stripe_unit"), l.toString());
    }

    @Test void xfsExtentSizeHintOnAnEmptyFileOnly() throws Exception {
        Path f = file();
        FsStat fs = new FsStat(FsStat.XFS_MAGIC, 4096, 4096, 7, 0, "xfs");
        FakeFsCalls calls = new FakeFsCalls().stat(f, fs).xfsGeometry(f, 4096, 16, 64).fsxattr(f, 0, 0, 0);
        Applied a = LayoutProbes.apply(f, 65536, 4, calls);
        assertTrue(a.applied(), a.toString());
        assertTrue(calls.calls().contains("FS_IOC_FSSETXATTR " + f + " xflags=2048 extsize=65536"), calls.calls().toString());
        assertTrue(a.detail().contains("striping_factor=4 not applied"), a.toString());
        Applied written = LayoutProbes.apply(f, 65536, 0, new FakeFsCalls().stat(f, fs).xfsGeometry(f, 4096, 16, 64).fsxattr(f, 0, 0, 3));
        assertFalse(written.applied());
        Applied odd = LayoutProbes.apply(f, 1000, 0, new FakeFsCalls().stat(f, fs).xfsGeometry(f, 4096, 16, 64).fsxattr(f, 0, 0, 0));
        assertFalse(odd.applied());
        assertTrue(odd.detail().contains("not a multiple of the xfs block size"), odd.toString());
    }

    @Test void failedCallsAreUnknownWithTheError() throws Exception {
        Path f = file();
        StripeLayout l = LayoutProbes.detect(f, new FakeFsCalls().stat(f, new FsStat(FsStat.XFS_MAGIC, 4096, 4096, 7, 0, "xfs")));
        assertFalse(l.stripeUnit().known());
        assertTrue(l.stripeUnit().source().contains("XFS_IOC_FSGEOMETRY failed"), l.toString());
        assertFalse(LayoutProbes.detect(f, new FakeFsCalls()).stripeUnit().known());
    }

    @Test void withoutTheCallsTheTypeIsStillTheMountTables() throws Exception {
        Path f = file();
        FakeFsCalls calls = new FakeFsCalls().unavailable("libjpio.so did not load: test");
        StripeLayout l = LayoutProbes.detect(f, calls);
        assertEquals(Files.getFileStore(f).type(), l.fsType(), "the drivers decide from it: " + l);
        assertFalse(l.stripeUnit().known());
        assertEquals("libjpio.so did not load: test", l.stripeUnit().source());
        assertEquals(List.of(), calls.calls(), "no call made through unavailable calls");
    }

    @Test void encodeDecodeRoundTrip() throws Exception {
        Path f = file();
        StripeLayout l = LayoutProbes.detect(f, new FakeFsCalls().stat(f, new FsStat(FsStat.XFS_MAGIC, 4096, 4096, 7, 0, "xfs")).xfsGeometry(f, 4096, 16, 64));
        assertEquals(l, StripeLayout.decode(l.encode()));
    }

    @Test void realCallsOnThisMachineNeverThrow() {
        StripeLayout l = LayoutProbes.detect(dir);
        assertTrue(l.blockSize().known() || !NativeFsCalls.INSTANCE.unavailable().isEmpty(), l.toString());
    }
}
