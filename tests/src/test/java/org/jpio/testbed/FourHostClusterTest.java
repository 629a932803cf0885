package org.jpio.testbed;

import java.util.List;
import org.jpio.mpi.MpiRun;
import org.jpio.parallel.CollectiveMatrixMain;
import org.jpio.romio.CrossValidationMain;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The long run, behind a flag ({@code -Djpio.cluster.long=true}; STRIPES.md): four hosts at 100 Mbit/s
 * sharing a striped XFS; the collective matrix (every distribution, romio_cb enable/disable/automatic,
 * tiny buffers) on one rank per host and on two, and jpio's two-phase and ROMIO byte-identical at 8 ranks,
 * read N-to-M at 3. Root required.
 */
@EnabledIfSystemProperty(named = "jpio.cluster.long", matches = "true")
class FourHostClusterTest {
    static ClusterBed bed;

    @BeforeAll static void up() throws Exception { bed = ClusterBed.up("fourhosts", 4, "100mbit", ClusterBed.Fs.XFS); }

    @AfterAll static void down() { if (bed != null) bed.close(); }

    @Test void matrixOnOneAndTwoRanksPerHost() {
        for (String hosts : List.of("h1:1,h2:1,h3:1,h4:1", "h1:2,h2:2,h3:2,h4:2")) {
            int np = hosts.contains(":2") ? 8 : 4;
            String out = MpiRun.runWith(bed.launcher(), np, CollectiveMatrixMain.class, 1800, List.of("--host", hosts), bed.mnt.toString());
            MpiRun.requireEachRank(out, np, "matrix ok rank=%d size=" + np);
        }
    }

    @Test void twoPhaseAndRomioAgreeOnEightRanks() {
        String dir = bed.mnt.toString();
        String out = MpiRun.runWith(bed.launcher(), 8, CrossValidationMain.class, 1800,
                List.of("--mca", "io", "romio321", "--host", "h1:2,h2:2,h3:2,h4:2"), "write", dir, "hosts");
        MpiRun.requireEachRank(out, 8, "cross ok write rank=%d");
        out = MpiRun.runWith(bed.launcher(), 3, CrossValidationMain.class, 1800, List.of("--mca", "io", "romio321", "--host", "h2:1,h3:1,h4:1"), "read", dir, "hosts");
        MpiRun.requireEachRank(out, 3, "cross ok read rank=%d");
    }
}
