package org.jpio.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.comm.local.LocalComm;
import org.jpio.comm.local.SelfComm;
import org.junit.jupiter.api.Test;

/**
 * {@link Comm#agreeOnArgumentsAndSame}: one allreduce when every rank passed its checks and the same values,
 * and otherwise the errors {@link Comm#agreeOnArguments} and {@link Comm#requireSame} throw, naming ranks and
 * values.
 */
class AgreeOnArgumentsAndSameTest {
    private static String[] values(String etype) { return new String[] {"etype", etype, "datarep", "native"}; }

    private static long digest(String[] v) { return Fingerprint.of(v[1], v[3]); }

    @Test
    void oneCollectiveWhenAllAgree() throws Exception {
        AtomicInteger explained = new AtomicInteger();
        List<Long> collectives = LocalComm.runAndCollect(3, c -> {
            CountingComm k = CountingComm.of(c);
            String[] v = values("INT");
            k.agreeOnArgumentsAndSame("set_view path=/x", null, digest(v), () -> { explained.incrementAndGet(); return v; });
            return k.counts().collectives();
        });
        assertEquals(List.of(1L, 1L, 1L), collectives);
        assertEquals(0, explained.get(), "the values are exchanged only when the digests differ");
    }

    @Test
    void aDifferentValueIsNamedWithBothValuesAndTheRank() throws Exception {
        List<String> messages = LocalComm.runAndCollect(3, c -> {
            String[] v = values(c.rank() == 2 ? "LONG" : "INT");
            return assertThrows(CollectiveException.class, () -> c.agreeOnArgumentsAndSame("set_view path=/x", null, digest(v), () -> v)).getMessage();
        });
        for (String m : messages) {
            assertTrue(m.contains("set_view path=/x") && m.contains("etype must be equal on all ranks: rank=2 etype=LONG but rank=0 etype=INT"), m);
            assertTrue(!m.contains("datarep must be"), "only the value that differs is named: " + m);
        }
    }

    @Test
    void aRanksFailedCheckIsNamedOnEveryRankBeforeAnyValueIsCompared() throws Exception {
        AtomicInteger explained = new AtomicInteger();
        List<String> messages = LocalComm.runAndCollect(2, c -> {
            RuntimeException bad = c.rank() == 1 ? new IllegalArgumentException("set_view: view is null: rank=1") : null;
            String[] v = bad != null ? new String[0] : values("INT");
            return assertThrows(CollectiveException.class, () -> c.agreeOnArgumentsAndSame("set_view path=/x", bad, bad != null ? 0 : digest(v),
                    () -> { explained.incrementAndGet(); return v; })).getMessage();
        });
        for (String m : messages) assertTrue(m.contains("rank=1") && m.contains("view is null"), m);
        assertEquals(0, explained.get(), "a failed check ends the call before the values are exchanged");
    }

    @Test
    void aRankAloneThrowsItsOwnFailureAndOtherwiseReturnsWithoutCollectives() {
        CountingComm k = CountingComm.of(SelfComm.create());
        k.agreeOnArgumentsAndSame("op", null, 42, () -> values("INT"));
        assertEquals(0, k.counts().collectives());
        CollectiveException e = assertThrows(CollectiveException.class,
                () -> k.agreeOnArgumentsAndSame("op", new IllegalArgumentException("bad argument x=1"), 0, () -> new String[0]));
        assertTrue(e.getMessage().contains("bad argument x=1"), e.getMessage());
    }
}
