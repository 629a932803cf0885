package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.JobAbortedException;
import org.jpio.comm.Spmd;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's table, row by row: one rank fails ({@link Faults}), on four ranks that are threads and on four
 * MPI processes. Every case ends within seconds of the failure, with a message naming rank 1 and the cause;
 * none hangs (the launches have a time limit, and the time from the failure to the end of the job is
 * measured). The watchdog limit is 3 s here ({@code -Djpio.watchdog.timeout=3}).
 */
class RankFailureTest {
    /** How soon after rank 1 failed the job must have ended, at most (the slowest path is the 3 s watchdog). */
    static final long ENDS_WITHIN_MS = 15_000;
    static final List<String> WATCHDOG = List.of("-Djpio.watchdog.timeout=3");
    @TempDir Path dir;

    /** Launches a scenario on 4 MPI processes; returns what happened, after checking the job ended in time. */
    private MpiRun.Outcome mpi(String scenario) {
        long before = System.currentTimeMillis();
        MpiRun.Outcome o = MpiRun.launch(4, Faults.class, 120, List.of(), WATCHDOG, scenario, dir.toString());
        long end = System.currentTimeMillis();
        assertFalse(o.timedOut(), "the job hung: " + o);
        Matcher m = Pattern.compile("FAILED-AT=(\\d+)").matcher(o.output());
        if (m.find()) {
            long after = end - Long.parseLong(m.group(1));
            assertTrue(after < ENDS_WITHIN_MS, "the job ended " + after + " ms after rank 1 failed: " + o);
        }
        assertTrue(end - before < 120_000);
        return o;
    }

    private static void ended(MpiRun.Outcome o, int status, String... parts) {
        assertEquals(status, o.exit(), o.toString());
        for (String p : parts) assertTrue(o.output().contains(p), "missing '" + p + "' in:\n" + o);
    }

    private static <T extends Throwable> T inJvm(Class<T> type, String scenario, Path dir) {
        return assertThrows(type, () -> LocalComm.run(4, c -> Faults.run(scenario, c, dir)));
    }

    private static String all(Throwable t) {
        StringBuilder b = new StringBuilder(String.valueOf(t));
        for (Throwable s : t.getSuppressed()) b.append("\n suppressed: ").append(s);
        return b.toString();
    }

    // ---- one rank skips a collective write and returns ----------------------------------------------

    @Test @Timeout(60)
    void skipAndReturnInJvm() {
        CollectiveException e = inJvm(CollectiveException.class, "skip-return", dir);
        assertTrue(e.getMessage().startsWith("write_at_all path=" + dir.resolve("skip.bin")) && e.getMessage().contains("rank=1 returned from its run body"), e.getMessage());
    }

    @Test
    void skipAndReturnOnMpi() {
        ended(mpi("skip-return"), 1, "jpio watchdog: rank ", "write_at_all path=" + dir.resolve("skip.bin"),
                "rank 1 did not: rank 1 of 4", "left main (exit status 0)", "ranks 0,2,3 arrived");
    }

    // ---- System.exit(3), or an exception nothing catches, in main -------------------------------------

    @Test
    void systemExitEndsTheJobWithItsStatus() {
        ended(mpi("exit3"), 3, "jpio: rank 1 of 4", "ends the job: it exits with status 3");
    }

    @Test
    void uncaughtExceptionEndsTheJob() {
        ended(mpi("uncaught"), 1, "jpio: rank 1 of 4", "exits with status 1 (uncaught exception in thread \"main\": java.lang.IllegalStateException: boom on rank 1)");
    }

    @Test @Timeout(60)
    void uncaughtExceptionInJvmIsTheRunsFailure() {
        IllegalStateException e = inJvm(IllegalStateException.class, "uncaught", dir);
        assertEquals("boom on rank 1", e.getMessage());
        assertTrue(all(e).contains("write_at_all path="), "the peers' waits were released: " + all(e));
    }

    @Test
    void spmdRunBodyThatThrowsEndsTheJob() {
        ended(mpi("spmd-throw"), 1, "jpio: rank 1 of 4", "ends the job: its Spmd.run body threw java.lang.IllegalStateException: boom on rank 1");
    }

    @Test @Timeout(60)
    void spmdRunBodyThatThrowsInJvm() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Spmd.run(4, c -> Faults.spmdThrow(c, dir)));
        assertEquals("boom on rank 1", e.getMessage());
    }

    // ---- an exception inside try-with-resources of a ParallelFile ------------------------------------

    @Test @Timeout(60)
    void exceptionInTryWithResourcesInJvm() {
        IllegalStateException e = inJvm(IllegalStateException.class, "throw-in-try", dir);
        assertEquals("boom on rank 1", e.getMessage(), "the run fails with the cause, not with its consequences");
        String all = all(e);
        assertTrue(all.contains("collective mismatch") && all.contains("rank=1: mismatch: is in close path=" + dir.resolve("try.bin"))
                && all.contains("is in write_at_all path="), all);
    }

    @Test
    void exceptionInTryWithResourcesOnMpi() {
        ended(mpi("throw-in-try"), 1, "jpio watchdog: rank ", "collective mismatch", "rank 1 waits in close path=" + dir.resolve("try.bin"),
                "write_at_all path=" + dir.resolve("try.bin"));
    }

    // ---- a bad argument on one rank only ---------------------------------------------------------------

    @Test @Timeout(60)
    void badArgumentOnOneRankInJvm() throws Exception {
        LocalComm.run(4, c -> Faults.run("bad-args", c, dir));
    }

    @Test
    void badArgumentOnOneRankOnMpi() { everyRankChecks("bad-args"); }

    @Test @Timeout(60)
    void negativeDisplacementInJvm() {
        IllegalArgumentException e = inJvm(IllegalArgumentException.class, "negative-displacement", dir);
        assertTrue(e.getMessage().contains("displacement=-8 must be >= 0"), e.getMessage());
    }

    @Test
    void negativeDisplacementOnMpi() {
        ended(mpi("negative-displacement"), 1, "jpio: rank 1 of 4", "IllegalArgumentException: set_view: displacement=-8 must be >= 0");
    }

    // ---- a .npy whose shape overflows a long, and one whose header is garbage ------------------------

    @Test @Timeout(60)
    void badNpyFilesInJvm() throws Exception {
        LocalComm.run(4, c -> Faults.run("npy", c, dir));
    }

    @Test
    void badNpyFilesOnMpi() { everyRankChecks("npy"); }

    // ---- Comm.abort ----------------------------------------------------------------------------------

    @Test @Timeout(60)
    void abortInJvmEndsTheRunWithItsStatus() {
        JobAbortedException e = inJvm(JobAbortedException.class, "abort", dir);
        assertEquals(7, e.status());
        assertEquals(1, e.rank());
        assertTrue(e.getMessage().contains("the input deck is missing"), e.getMessage());
        assertTrue(Arrays.stream(e.getSuppressed()).allMatch(s -> s.getMessage().contains("the input deck is missing")), all(e));
    }

    @Test
    void abortOnMpiEndsTheJobWithItsStatus() {
        ended(mpi("abort"), 7, "jpio: rank 1 of 4", "ends the job: rank 1 cannot go on: the input deck is missing");
    }

    // ---- a normal exit still finalises ------------------------------------------------------------------

    @Test
    void ranksThatFinishAtDifferentTimesExitNormally() { everyRankChecks("uneven-exit"); }

    /** A scenario whose ranks check what they see themselves: the job exits 0 and every rank says so. */
    private void everyRankChecks(String scenario) {
        MpiRun.Outcome o = mpi(scenario);
        ended(o, 0);
        MpiRun.requireEachRank(o.output(), 4, scenario + " ok rank=%d");
    }
}
