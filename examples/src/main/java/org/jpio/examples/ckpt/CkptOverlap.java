package org.jpio.examples.ckpt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jpio.array.DistributedArray;
import org.jpio.checkpoint.CheckpointOptions;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.bench.WorkDir;
import org.jpio.parallel.Hints;

/**
 * {@code bench ckpt --overlap-rounds N}: the checkpoint writer with and without its overlap (a chunk packed
 * and checksummed while the one before is written; system property {@code jpio.checkpoint.overlap=false}
 * prepares each just before its write, as the writer did before), as synchronous checkpoints of the same
 * field alternating in one run, buffered and, where the file system takes it, with O_DIRECT.
 */
final class CkptOverlap {
    private static final String PROPERTY = "jpio.checkpoint.overlap";

    private CkptOverlap() { }

    static void run(Comm comm, DistributedArray u, Path sub, CheckpointOptions o, int rounds, String noDirect, List<String> lines, List<String> rows) throws IOException {
        boolean print = comm.rank() == 0;
        lines.add(String.format(Locale.ROOT, "overlap of the writer (%d alternating rounds each, one synchronous checkpoint per round, medians; serial: -D%s=false)", rounds, PROPERTY));
        for (boolean direct : noDirect == null ? new boolean[] {false, true} : new boolean[] {false}) {
            CheckpointOptions oo = direct ? o.hints(o.hints().with(Hints.DIRECT_WRITE, "true")) : o;
            double[][] t = new double[2][rounds];
            String was = System.getProperty(PROPERTY);
            comm.barrier();                                                      // in-JVM ranks share the property: every one has read it first
            try {
                for (int r = 0; r < rounds; r++)
                    for (int k = 0; k < 2; k++) {
                        int mode = (r + k) % 2;                                  // 1: overlapped; who goes first alternates
                        System.setProperty(PROPERTY, Boolean.toString(mode == 1));
                        comm.barrier();
                        Path d = sub.resolve("overlap-" + mode + "-" + r);
                        t[mode][r] = CkptBench.syncCheckpoint(comm, u, d, oo);
                        if (print) WorkDir.deleteTree(d);
                        comm.barrier();
                    }
            } finally {
                if (was == null) System.clearProperty(PROPERTY); else System.setProperty(PROPERTY, was);
            }
            comm.barrier();                                                      // every rank has put it back before any reads it again
            double serial = Stats.median(t[0]), overlapped = Stats.median(t[1]);
            String what = direct ? "O_DIRECT (direct_write)" : "buffered";
            lines.add(String.format(Locale.ROOT, "  %-24s serial %.3f s, overlapped %.3f s (%.3fx); rounds serial %s; overlapped %s",
                    what, serial, overlapped, overlapped / serial, list(t[0]), list(t[1])));
            rows.add(new Json().put("bench", "ckpt").put("row", "overlap-" + (direct ? "direct" : "buffered")).put("ranks", comm.size())
                    .put("seconds", overlapped).put("serial_seconds", serial).put("overlapped_seconds", overlapped).put("ratio", overlapped / serial).toString());
        }
    }

    private static String list(double[] v) {
        List<String> s = new ArrayList<>();
        for (double x : v) s.add(String.format(Locale.ROOT, "%.3f", x));
        return String.join(" ", s);
    }
}
