package org.jpio.testbed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.layout.StripeLayout;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On a real striped XFS (scripts/testbed/xfs.sh: su=64k, sw=4 on a loop device): the layout jpio detects
 * is the one made, and gives striping_unit/striping_factor their defaults; collective writes issue
 * stripe-aligned, whole-stripe writes (the recording engine's log), and the file reads back right; the
 * aggregator count follows the stripe count; striping_unit at create sets the extent size hint that
 * xfs_io reports. Root required: otherwise the tests say so and skip.
 */
class StripedXfsTest {
    static final int SU = 65536, SW = 4;
    static Path bed, mnt;

    @BeforeAll static void up() throws Exception {
        bed = Path.of(System.getProperty("java.io.tmpdir"), "jpio-xfs-" + ProcessHandle.current().pid());
        mnt = Path.of(TestBed.run("xfs.sh", 120, "up", bed.toString(), "64k", Integer.toString(SW)));
    }

    @AfterAll static void down() {
        if (bed != null && Files.exists(bed)) TestBed.run("xfs.sh", 120, "down", bed.toString());
    }

    @Test void detectedLayoutIsTheOneMadeAndSuppliesTheStripingDefaults() throws Exception {
        Path f = mnt.resolve("detect.bin");
        List<Map<String, String>> sources = LocalComm.runAndCollect(2, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults())) {
                StripeLayout l = pf.layout();
                assertEquals("xfs", l.fsType());
                assertEquals(SU, l.stripeUnit().value(), l.toString());
                assertEquals(SW, l.stripeCount().value(), l.toString());
                assertEquals(Integer.toString(SU), pf.hints().get(Hints.STRIPING_UNIT));
                assertEquals(Integer.toString(SW), pf.hints().get(Hints.STRIPING_FACTOR));
                return pf.hintSources();
            }
        });
        assertTrue(sources.get(0).get(Hints.STRIPING_UNIT).startsWith("file system (xfs: XFS_IOC_FSGEOMETRY sunit=16"), sources.get(0).toString());
        assertEquals("default", sources.get(0).get(Hints.CB_BUFFER_SIZE));
        // the kernel's own account of the geometry, in 512-byte units
        String mountinfo = Files.readString(Path.of("/proc/self/mountinfo"));
        assertTrue(mountinfo.contains(" " + mnt + " ") && mountinfo.contains("sunit=" + SU / 512 + ",swidth=" + SU * SW / 512), mountinfo);
    }

    /** A 2x2 block darray of ints (interleaved runs of 2 KiB) at a displacement off the stripe grid. */
    static final int[] GSIZES = {256, 1024};
    static final long DISP = 1000;

    /** Writes collectively through a recording engine; returns the aggregators' writes as {position, length}. */
    static List<long[]> writes(Path f, Hints hints) throws Exception {
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        LocalComm.runAndCollect(4, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.RDWR), hints, rec)) {
                FileView v = view(c);
                pf.setView(v);
                int n = (int) (v.filetype().size() / 4);
                int[] mine = values(v, n);
                pf.writeAll(Elements.of(mine));
                int[] back = new int[n];
                pf.seek(0);
                pf.readAll(Elements.of(back));
                assertArrayEquals(mine, back, "rank " + c.rank() + " reads back what it wrote");
                return 0;
            }
        });
        long total = (long) GSIZES[0] * GSIZES[1] * 4;
        int[] all = new int[GSIZES[0] * GSIZES[1]];
        java.nio.ByteBuffer.wrap(Files.readAllBytes(f), (int) DISP, (int) total).order(java.nio.ByteOrder.nativeOrder()).asIntBuffer().get(all);
        for (int i = 0; i < all.length; i++) assertEquals(i + 1, all[i], "file element " + i);
        List<long[]> out = new ArrayList<>();
        for (RecordingEngine.Call call : rec.calls()) if (call.isWrite()) out.add(new long[] {call.position(), call.length()});
        return out;
    }

    static FileView view(Comm c) {
        Datatype ft = Datatype.darray(4, c.rank(), GSIZES, new Distribution[] {Distribution.BLOCK, Distribution.BLOCK},
                new int[] {-1, -1}, new int[] {2, 2}, Order.C, Datatype.of(ElementType.INT));
        return new FileView(DISP, ElementType.INT, ft, DataRep.NATIVE);
    }

    static int[] values(FileView v, int n) {
        int[] a = new int[n];
        var runs = v.runs(0, n);
        int k = 0;
        while (runs.next()) for (long off = runs.offset(); off < runs.offset() + runs.length(); off += 4) a[k++] = (int) ((off - DISP) / 4) + 1;
        return a;
    }

    /** Writes that start or end off the stripe grid, other than at the edges of the whole access. */
    static List<String> misaligned(List<long[]> writes) {
        long start = DISP, end = DISP + (long) GSIZES[0] * GSIZES[1] * 4;
        List<String> bad = new ArrayList<>();
        for (long[] w : writes) {
            boolean head = w[0] == start || w[0] % SU == 0, tail = w[0] + w[1] == end || (w[0] + w[1]) % SU == 0;
            if (!head || !tail) bad.add(w[0] + "+" + w[1]);
        }
        return bad;
    }

    /** Two-phase forced, three aggregators on the one host (set by the program), cycles of three stripes, messages. */
    static Hints collective(String... more) {
        Hints h = Hints.defaults().with(Hints.ROMIO_CB_WRITE, "enable").with(Hints.ROMIO_CB_READ, "enable").with(Hints.CB_CONFIG_LIST, "*:*").with(Hints.CB_NODES, "3")
                .with(Hints.CB_BUFFER_SIZE, Integer.toString(3 * SU)).with(Hints.JPIO_CB_SHARED, "disable");
        for (int i = 0; i < more.length; i += 2) h = h.with(more[i], more[i + 1]);
        return h;
    }

    @Test void collectiveWritesAreWholeStripes() throws Exception {
        List<long[]> w = writes(mnt.resolve("aligned.bin"), collective());
        assertTrue(w.size() >= 3, "three aggregators write");
        assertEquals(List.of(), misaligned(w), "every write is whole stripes of " + SU + " B");
    }

    /** Negative control: the same writes with striping_unit=0 set by the program straddle stripes, and the check sees it. */
    @Test void withoutTheStripeTheCheckFindsMisalignedWrites() throws Exception {
        List<long[]> w = writes(mnt.resolve("unaligned.bin"), collective(Hints.STRIPING_UNIT, "0"));
        assertFalse(misaligned(w).isEmpty(), "unaligned domains give writes off the stripe grid");
    }

    /** With three aggregators available (cb_config_list *:3) and four stripe targets, two aggregate: a divisor of four. */
    @Test void aggregatorCountFollowsTheStripeCount() throws Exception {
        Path f = mnt.resolve("count.bin");
        List<Map<String, String>> h = LocalComm.runAndCollect(4, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.defaults().with(Hints.CB_CONFIG_LIST, "*:3"))) {
                return pf.hints();
            }
        });
        assertEquals("2", h.get(0).get(Hints.CB_NODES), h.get(0).toString());
        assertTrue(h.get(0).get("jpio_cb_nodes_rule").contains("a divisor of striping_factor=4"), h.get(0).toString());
        // negative control: the program's cb_nodes wins over the stripe count
        List<Map<String, String>> given = LocalComm.runAndCollect(4, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.RDWR), Hints.defaults().with(Hints.CB_CONFIG_LIST, "*:3").with(Hints.CB_NODES, "3"))) {
                return pf.hints();
            }
        });
        assertEquals("3", given.get(0).get(Hints.CB_NODES));
        assertFalse(given.get(0).containsKey("jpio_cb_nodes_rule"));
    }

    /** striping_unit given at create becomes the new file's extent size hint, as xfs_io reads it; an existing file is left alone and says why. */
    @Test void stripingUnitAtCreateSetsTheExtentSizeHint() throws Exception {
        Path f = mnt.resolve("extsize.bin");
        Hints asked = Hints.defaults().with(Hints.STRIPING_UNIT, Integer.toString(2 * SU));
        List<Map<String, String>> h = LocalComm.runAndCollect(2, c -> {
            try (ParallelFile pf = ParallelFile.open(c, f, EnumSet.of(Amode.CREATE, Amode.EXCL, Amode.WRONLY), asked)) {
                pf.writeAll(Elements.of(new int[] {c.rank(), 7}));
                return pf.hints();
            }
        });
        assertTrue(h.get(0).get(ParallelFile.JPIO_LAYOUT_SET).startsWith("applied: extent size hint fsx_extsize=" + 2 * SU), h.get(0).toString());
        assertEquals(Integer.toString(2 * SU), h.get(0).get(Hints.STRIPING_UNIT), "the program's value wins over the file system's");
        assertTrue(TestBed.exec("xfs_io", "-c", "extsize", f.toString()).contains("[" + 2 * SU + "]"));
        Path other = mnt.resolve("plain.bin");
        Files.write(other, new byte[10]);
        List<Map<String, String>> again = LocalComm.runAndCollect(2, c -> {
            try (ParallelFile pf = ParallelFile.open(c, other, EnumSet.of(Amode.CREATE, Amode.RDWR), asked)) {
                return pf.hints();
            }
        });
        assertTrue(again.get(0).get(ParallelFile.JPIO_LAYOUT_SET).startsWith("not applied: the file exists"), again.get(0).toString());
        assertTrue(TestBed.exec("xfs_io", "-c", "extsize", other.toString()).contains("[0]"));
    }
}
