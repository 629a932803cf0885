package org.jpio.comm.local;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jpio.comm.Call;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.RankFailure;
import org.jpio.io.ElementType;

/**
 * What the ranks of a {@link LocalComm} deposit at the first rendezvous of a collective, and the checks of
 * the call as a whole that the deposits allow before any element moves: all ranks in the same collective,
 * no rank with bad arguments, the same element type, matching counts. A rank whose own arguments are bad
 * throws its IllegalArgumentException; every other rank a {@link CollectiveException} naming it.
 */
final class Deposits {
    private Deposits() { }

    /** What one rank brings to a collective; {@code error} is its own argument error, if any. */
    record Part(String op, String error, ElementType type, Object buf, int index, int count,
                int[] counts, int[] displs, int[] recvCounts, int root, long[] pieces) {
        static Part of(String op, Object buf, int index, int count, int[] counts, int[] displs, int[] recvCounts, int root) {
            return new Part(op, null, buf == null ? null : ElementType.of(buf), buf, index, count, counts, displs, recvCounts, root, null);
        }
    }

    /** What a rank deposits: its part, and the call it is in (which names it when the ranks are in different collectives). */
    private record Deposit(Part part, Call in) { }

    /** Checks a rank's own arguments and makes its part (throwing IllegalArgumentException when they are bad). */
    interface Check { Part make(); }

    /** What rank {@code from} sends to rank {@code to}, or what {@code to} expects from {@code from}. */
    interface PairValue { int get(int from, int to); }

    /** Checks this rank's arguments, deposits them and returns every rank's, after the all-ranks checks. */
    static Part[] begin(LocalComm c, String op, Check check) {
        c.open();
        Part mine;
        IllegalArgumentException local = null;
        try {
            mine = check.make();
        } catch (IllegalArgumentException e) {
            local = e;
            mine = new Part(op, e.getMessage(), null, null, 0, 0, null, null, null, 0, null);
        }
        Object[] all = c.group().rendezvous.exchange(c, new Deposit(mine, c.currentCall()), op);
        Part[] p = new Part[all.length];
        List<RankFailure> failures = new ArrayList<>(0);
        for (int r = 0; r < p.length; r++) {
            Deposit d = (Deposit) all[r];
            p[r] = d.part();
            if (!p[r].op.equals(op))
                failures.add(new RankFailure(r, "mismatch", "is in " + LocalComm.describe(d.in(), p[r].op) + " while rank=" + c.rank()
                        + " is in " + c.describe(op), false));
        }
        if (!failures.isEmpty()) throw new CollectiveException(c.name(op) + " (collective mismatch)", failures, null);
        for (int r = 0; r < p.length; r++) if (p[r].error != null) failures.add(new RankFailure(r, "IllegalArgumentException", p[r].error, false));
        if (local != null) throw local;
        if (!failures.isEmpty()) throw new CollectiveException(c.name(op), failures, null);
        return p;
    }

    static void requireType(LocalComm c, String op, Part[] p) {
        for (Part x : p) if (x.type != p[0].type) fail(c, op, p, "type", y -> y.type);
    }

    static void requireUniform(LocalComm c, String op, Part[] p) {
        requireType(c, op, p);
        for (Part x : p) if (x.count != p[0].count) fail(c, op, p, "count", y -> y.count);
    }

    /** What each rank sends to each other must be what that one expects from it. */
    static void requirePairs(LocalComm c, String op, Part[] p, PairValue sent, PairValue expected) {
        List<RankFailure> bad = new ArrayList<>();
        for (int from = 0; from < p.length; from++)
            for (int to = 0; to < p.length; to++)
                if (sent.get(from, to) != expected.get(from, to))
                    bad.add(new RankFailure(from, "mismatch", "sends count=" + sent.get(from, to) + " to rank=" + to
                            + " which expects count=" + expected.get(from, to), false));
        if (!bad.isEmpty()) throw new CollectiveException(c.name(op), bad, null);
    }

    /** Every rank's {@code what}, in one error: it must be equal on all ranks and is not. */
    static void fail(LocalComm c, String op, Part[] p, String what, Function<Part, Object> value) {
        List<String> all = new ArrayList<>();
        for (int r = 0; r < p.length; r++) all.add("rank=" + r + " " + what + "=" + value.apply(p[r]));
        throw CollectiveException.ofCall(c.name(op), "mismatch", what + " must be equal on all ranks: " + String.join(", ", all));
    }
}
