package org.jpio.testbed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jpio.comm.local.LocalComm;
import org.jpio.layout.StripeLayout;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a real CephFS (scripts/testbed/ceph.sh: monitor, memstore OSD, MDS, one ceph-fuse client on
 * loopback): the per-file layout is read from the ceph.file.layout attributes and supplies the striping
 * defaults; striping_unit/striping_factor given at create are set on the new empty file, as Python's
 * os.getxattr reads them back, and a file with data is left alone and says why. Root required.
 */
class CephFsTest {
    static Path bed, mnt;

    @BeforeAll static void up() {
        bed = Path.of(System.getProperty("java.io.tmpdir"), "jpio-ceph-" + ProcessHandle.current().pid());
        TestBed.run("ceph.sh", 180, "up", bed.toString());
        mnt = Path.of(TestBed.run("ceph.sh", 60, "mount", bed.toString(), bed.resolve("mnt").toString()));
    }

    @AfterAll static void down() {
        if (bed != null && Files.exists(bed)) TestBed.run("ceph.sh", 120, "down", bed.toString());
    }

    static String xattr(Path f, String name) {
        return TestBed.exec("/usr/bin/python3", "-c", "import os,sys; print(os.getxattr(sys.argv[1], sys.argv[2]).decode())", f.toString(), name).strip();
    }

    @Test void defaultLayoutIsReadAndSuppliesTheStripingDefaults() throws Exception {
        Path f = mnt.resolve("default.bin");
        List<Map<String, String>> got = LocalComm.runAndCollect(2, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                StripeLayout l = pf.layout();
                assertEquals("cephfs", l.probe(), l.toString());
                assertEquals(Long.parseLong(xattr(f, "ceph.file.layout.stripe_unit")), l.stripeUnit().value());
                assertEquals(Long.parseLong(xattr(f, "ceph.file.layout.stripe_count")), l.stripeCount().value());
                assertEquals(Long.parseLong(xattr(f, "ceph.file.layout.object_size")), l.objectSize().value());
                assertEquals(l.stripeUnit().value(), l.blockSize().value(), "st_blksize is the stripe unit on CephFS");
                return pf.hintSources();
            }
        });
        assertEquals("file system (fuse.ceph-fuse: getxattr ceph.file.layout.stripe_unit)", got.get(0).get(Hints.STRIPING_UNIT));
    }

    @Test void layoutGivenAtCreateIsSetOnTheNewFile() throws Exception {
        Path f = mnt.resolve("striped.bin");
        Hints asked = Hints.defaults().with(Hints.STRIPING_UNIT, "1048576").with(Hints.STRIPING_FACTOR, "4");
        int n = 3 << 20;
        List<Map<String, String>> h = LocalComm.runAndCollect(4, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.EXCL, Amode.RDWR), asked)) {
                int[] mine = new int[n / 4];
                for (int i = 0; i < mine.length; i++) mine[i] = c.rank() * mine.length + i;
                pf.writeAtAll((long) c.rank() * n, Elements.of(mine));
                int[] back = new int[mine.length];
                pf.readAtAll((long) c.rank() * n, Elements.of(back));
                assertArrayEquals(mine, back);
                assertEquals(1048576, pf.layout().stripeUnit().value());
                return pf.hints();
            }
        });
        assertTrue(h.get(0).get(ParallelFile.JPIO_LAYOUT_SET).startsWith("applied: setxattr ceph.file.layout=\"stripe_unit=1048576 stripe_count=4"), h.get(0).toString());
        assertEquals("1048576", xattr(f, "ceph.file.layout.stripe_unit"));
        assertEquals("4", xattr(f, "ceph.file.layout.stripe_count"));
        // negative control: a file with data keeps its layout, and the open says why
        Path full = mnt.resolve("full.bin");
        Files.write(full, new byte[4096]);
        List<Map<String, String>> again = LocalComm.runAndCollect(2, c -> {
            try (ParallelFile pf = ParallelFile.open(c, full, EnumSet.of(Amode.CREATE, Amode.RDWR), asked)) {
                return pf.hints();
            }
        });
        assertTrue(again.get(0).get(ParallelFile.JPIO_LAYOUT_SET).startsWith("not applied: the file exists"), again.get(0).toString());
        assertEquals("4194304", xattr(full, "ceph.file.layout.stripe_unit"));
    }
}
