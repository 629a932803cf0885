package org.jpio.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jpio.mpi.MpiRun;
import org.jpio.romio.CrossValidationMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On the simulated cluster (2 hosts, 1 Gbit/s) with CephFS, one ceph-fuse client per host (no shared page
 * cache): jpio's collective writes and reads are correct across clients after sync and close, byte-identical
 * to ROMIO's for every distribution and readable N-to-M; and stripe-aligned aggregation writes each RADOS
 * object from one client only (a negative control without the stripe shows objects written from both).
 * Root required.
 */
class CephClusterTest {
    static ClusterBed bed;

    @BeforeAll static void up() throws Exception { bed = ClusterBed.up("cephcluster", 2, "1gbit", ClusterBed.Fs.CEPH); }

    @AfterAll static void down() { if (bed != null) bed.close(); }

    @Test void twoPhaseAndRomioAgreeAcrossClients() {
        String dir = bed.mnt.toString();
        String out = MpiRun.runWith(bed.launcher(), 4, CrossValidationMain.class, 300, List.of("--mca", "io", "romio321", "--host", "h1:2,h2:2"), "write", dir, "hosts");
        MpiRun.requireEachRank(out, 4, "cross ok write rank=%d");
        out = MpiRun.runWith(bed.launcher(), 3, CrossValidationMain.class, 300, List.of("--mca", "io", "romio321", "--host", "h1:1,h2:2"), "read", dir, "hosts");
        MpiRun.requireEachRank(out, 3, "cross ok read rank=%d");
    }

    /** The CephFS object holding file byte {@code o} (the file layout's striping: units round-robin over stripe_count objects of object_size). */
    static long object(long o, long su, long sc, long os) {
        long block = o / su, stripe = block / sc, pos = block % sc, set = stripe / (os / su);
        return set * sc + pos;
    }

    /** Object number -> hosts that wrote to it, from the ranks' recorded writes, for the default layout (4 MiB units, 1 per set, 4 MiB objects). */
    static Map<Long, Set<String>> writers(String out) {
        Map<Long, Set<String>> w = new TreeMap<>();
        for (String line : out.split("\n")) {
            if (!line.startsWith("write ")) continue;
            Map<String, String> f = new TreeMap<>();
            for (String kv : line.substring(6).split(" ")) f.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
            long pos = Long.parseLong(f.get("position")), len = Long.parseLong(f.get("length"));
            for (long o = object(pos, 4 << 20, 1, 4 << 20); o <= object(pos + len - 1, 4 << 20, 1, 4 << 20); o++)
                w.computeIfAbsent(o, k -> new TreeSet<>()).add(f.get("host"));
        }
        return w;
    }

    @Test void stripeAlignedAggregationWritesEachObjectFromOneClient() {
        // 1600 x 1024 ints = 6.25 MiB: two objects, and an even split between two aggregators falls inside the first
        String out = MpiRun.runWith(bed.launcher(), 4, ClusterMain.class, 180, List.of("--host", "h1:2,h2:2"),
                bed.mnt.resolve("objects.bin").toString(), "rows=1600", "romio_cb_write=enable", "romio_cb_read=enable");
        MpiRun.requireEachRank(out, 4, "cluster ok rank=%d");
        Map<Long, Set<String>> w = writers(out);
        assertEquals(Set.of(0L, 1L), w.keySet(), out);
        List<String> shared = new ArrayList<>();
        w.forEach((o, hosts) -> { if (hosts.size() > 1) shared.add("object " + o + " from " + hosts); });
        assertEquals(List.of(), shared, "each object from one client");
        assertTrue(out.contains("hints striping_unit=4194304"), out);
        // negative control: without the stripe (the program sets striping_unit=0) the domains split object 0
        String off = MpiRun.runWith(bed.launcher(), 4, ClusterMain.class, 180, List.of("--host", "h1:2,h2:2"),
                bed.mnt.resolve("objects-unaligned.bin").toString(), "rows=1600", "romio_cb_write=enable", "romio_cb_read=enable", "striping_unit=0");
        MpiRun.requireEachRank(off, 4, "cluster ok rank=%d");
        assertFalse(writers(off).get(0L).size() == 1, "object 0 written from both hosts without the stripe: " + writers(off));
    }
}
