package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog: a collective that waits past the limit ends the job with a message naming the call, the
 * ranks that arrived and the one that did not; without the watchdog the same job waits (negative
 * controls); and a rank that waits for seconds uses a few percent of a processor, not all of it.
 */
class WatchdogTest {
    @TempDir Path dir;

    @Test @Timeout(60)
    void inJvmTheReportNamesTheMissingRank() {
        long start = System.nanoTime();
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(4, c -> Faults.run("watchdog", c, dir)));
        double seconds = (System.nanoTime() - start) / 1e9;
        String m = e.getMessage();
        assertTrue(m.startsWith("write_at_all path=" + dir.resolve("watchdog-4.bin") + " (watchdog) failed on 1 rank(s): rank=1: did not arrive: rank=1 did not arrive in 3"), m);
        assertTrue(m.contains("it is in no collective") && m.contains("rank(s) 0,2,3 wait in write_at_all path="), m);
        assertTrue(seconds < 15, "the run ended " + seconds + " s after it began: the sleeping rank was interrupted, then left behind");
    }

    /** Without a limit (0) the same wait lasts until the late rank comes: it is the watchdog that ends it early. */
    @Test @Timeout(60)
    void inJvmWithoutALimitTheRanksWait() throws Exception {
        for (long limit : new long[] {0, 1000}) {
            long start = System.nanoTime();
            long[] released = new long[1];
            List<Throwable> failed = new ArrayList<>();
            try {
                LocalComm.run(3, c -> {
                    try (var call = c.during("late", limit)) {
                        if (c.rank() == 1) Thread.sleep(3000);
                        try {
                            c.barrier();
                        } finally {
                            if (c.rank() == 0) released[0] = System.nanoTime();
                        }
                    }
                });
            } catch (CollectiveException e) {
                failed.add(e);
            }
            double seconds = (released[0] - start) / 1e9;
            if (limit == 0) {
                assertEquals(List.of(), failed);
                assertTrue(seconds >= 3, seconds + " s");
            } else {
                assertEquals(1, failed.size());
                assertTrue(failed.get(0).getMessage().contains("rank=1 did not arrive in 1"), failed.get(0).getMessage());
                assertTrue(seconds < 2.5, "the watchdog released rank 0 after " + seconds + " s, before rank 1 came");
            }
        }
    }

    @Test
    void onMpiTheReportNamesTheMissingRank() {
        MpiRun.Outcome o = MpiRun.launch(4, Faults.class, 120, List.of(), List.of(), "watchdog", dir.toString());
        assertFalse(o.timedOut(), o.toString());
        assertEquals(1, o.exit(), o.toString());
        for (String part : List.of("jpio watchdog: rank 0 of 4", "write_at_all path=" + dir.resolve("watchdog-4.bin"),
                "past the watchdog limit of 3 s", "ranks 0,2,3 arrived; rank 1 did not: no word from it"))
            assertTrue(o.output().contains(part), "missing '" + part + "' in:\n" + o);
    }

    /**
     * The negative control: with the watchdog off, a rank that left main leaves its peers waiting: 10 s
     * after it left (the watchdog ends such a job in about 2) the job still runs, and is killed by the test.
     */
    @Test
    void onMpiWithoutTheWatchdogTheJobHangs() {
        MpiRun.Outcome o = MpiRun.launch(3, Faults.class, 25, List.of(), List.of("-Djpio.watchdog.timeout=0"), "skip-return", dir.toString());
        long killedAt = System.currentTimeMillis();
        assertTrue(o.timedOut(), "expected a hang (killed at the time limit): " + o);
        Matcher m = Pattern.compile("FAILED-AT=(\\d+)").matcher(o.output());
        assertTrue(m.find(), "rank 1 never left: " + o);
        assertTrue(killedAt - Long.parseLong(m.group(1)) >= 10_000, "the job ran less than 10 s after rank 1 left: " + o);
        assertFalse(o.output().contains("jpio watchdog"), o.toString());
    }

    /**
     * Three ranks wait 6 s at a barrier for the fourth. Throttled they use a few percent of a processor each;
     * with the throttle off ({@code -Djpio.watchdog.throttle=false}, the negative control) Open MPI's spin
     * takes what the machine gives it (a shared machine gives less than a whole core: at least twice the
     * throttled share is required).
     */
    @Test
    void waitingRanksDoNotBurnAProcessor() {
        double throttled = maxPercent(List.of());
        double spinning = maxPercent(List.of("-Djpio.watchdog.throttle=false"));
        System.out.printf("waiting ranks' processor use: throttled %.1f%%, spinning %.1f%%%n", throttled, spinning);
        assertTrue(throttled < 10, "a throttled waiting rank used " + throttled + "% of a processor");
        assertTrue(spinning > 2 * throttled, "spinning " + spinning + "% vs throttled " + throttled + "%");
    }

    private static double maxPercent(List<String> jvmOptions) {
        MpiRun.Outcome o = MpiRun.launch(4, Faults.class, 120, List.of(), jvmOptions, "wait-cpu", "/tmp");
        assertEquals(0, o.exit(), o.toString());
        Matcher m = Pattern.compile("wait-cpu rank=\\d percent=([0-9.]+)").matcher(o.output());
        double max = -1;
        int n = 0;
        while (m.find()) {
            max = Math.max(max, Double.parseDouble(m.group(1)));
            n++;
        }
        assertEquals(3, n, o.toString());
        return max;
    }
}
