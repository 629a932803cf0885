package org.jpio.testbed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jpio.mpi.MpiRun;
import org.jpio.romio.CrossValidationMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On the simulated cluster (2 hosts, 1 Gbit/s links) sharing a striped XFS: Comm reports each rank's host,
 * two-phase takes one aggregator per host and exchanges messages between hosts while ranks on one host
 * share memory (hints() says which ran), and jpio's two-phase and ROMIO write byte-identical files of
 * every distribution and read each other's on another number of processes. Root required.
 */
class XfsClusterTest {
    static ClusterBed bed;

    @BeforeAll static void up() throws Exception { bed = ClusterBed.up("xfscluster", 2, "1gbit", ClusterBed.Fs.XFS); }

    @AfterAll static void down() { if (bed != null) bed.close(); }

    static Map<String, String> hints(String out) {
        Map<String, String> h = new TreeMap<>();
        for (String line : out.split("\n"))
            if (line.startsWith("hints ")) h.put(line.substring(6, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        return h;
    }

    @Test void hostsAggregatorsAndExchange() {
        String out = MpiRun.runWith(bed.launcher(), 4, ClusterMain.class, 180, List.of("--host", "h1:2,h2:2"),
                bed.mnt.resolve("two-hosts.bin").toString(), "romio_cb_write=enable", "romio_cb_read=enable");
        MpiRun.requireEachRank(out, 4, "cluster ok rank=%d");
        for (int r = 0; r < 4; r++) assertTrue(out.contains("host rank=" + r + " host=h" + (1 + r / 2)), "rank " + r + " on h" + (1 + r / 2) + ":\n" + out);
        Map<String, String> h = hints(out);
        assertEquals("2", h.get("cb_nodes"), h.toString());
        assertEquals("0 2", h.get("romio_aggregator_list"), "one aggregator per host: " + h);
        assertEquals("messages (no shared memory: ranks on 2 hosts)", h.get("jpio_cb_exchange"));
        // only the aggregators wrote
        for (String line : out.split("\n"))
            if (line.startsWith("write ")) assertTrue(line.startsWith("write rank=0 ") || line.startsWith("write rank=2 "), line);
        // the same four ranks on one host share memory
        String one = MpiRun.runWith(bed.launcher(), 4, ClusterMain.class, 180, List.of("--host", "h1:4"),
                bed.mnt.resolve("one-host.bin").toString(), "romio_cb_write=enable", "romio_cb_read=enable");
        MpiRun.requireEachRank(one, 4, "cluster ok rank=%d");
        assertEquals("shared memory", hints(one).get("jpio_cb_exchange"), hints(one).toString());
        assertEquals("1", hints(one).get("cb_nodes"));
    }

    @Test void twoPhaseAndRomioAgreeAcrossHosts() throws Exception {
        String dir = bed.mnt.toString();
        List<String> romio = List.of("--mca", "io", "romio321");
        String out = MpiRun.runWith(bed.launcher(), 4, CrossValidationMain.class, 300, append(romio, "h1:2,h2:2"), "write", dir, "hosts");
        MpiRun.requireEachRank(out, 4, "cross ok write rank=%d");
        out = MpiRun.runWith(bed.launcher(), 3, CrossValidationMain.class, 300, append(romio, "h1:1,h2:2"), "read", dir, "hosts");
        MpiRun.requireEachRank(out, 3, "cross ok read rank=%d");
    }

    static List<String> append(List<String> opts, String hosts) {
        List<String> o = new java.util.ArrayList<>(opts);
        o.addAll(List.of("--host", hosts));
        return o;
    }
}
