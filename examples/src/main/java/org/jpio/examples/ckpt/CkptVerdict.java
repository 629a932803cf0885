package org.jpio.examples.ckpt;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jpio.examples.ckpt.CkptBench.Loop;
import org.jpio.examples.ckpt.CkptBench.LoopResult;

/**
 * The closing lines of {@code bench ckpt --rows all}: which asynchronous rows of this run meet the two
 * targets, and for the loop target whether the floor from CPU leaves it reachable at all on this machine.
 */
final class CkptVerdict {
    private CkptVerdict() { }

    static void print(Map<Loop, LoopResult> r, double larger, double syncCheckpoint, int cores, BesideC.Result beside, double copyFloor, List<String> lines) {
        LoopResult compute = r.get(Loop.COMPUTE_ONLY);
        List<String> met = new ArrayList<>(), not = new ArrayList<>();
        LoopResult best = null;
        for (LoopResult x : r.values()) {
            if (!x.loop().async()) continue;
            double share = x.blockedSeconds() / x.checkpoints() / syncCheckpoint;
            (share < 0.05 ? met : not).add(String.format(Locale.ROOT, "%s %.1f%%", name(x), 100 * share));
            if (best == null || x.seconds() < best.seconds()) best = x;
        }
        lines.add("targets (issue 16) in this run:");
        lines.add("  blocked per checkpoint < 5% of one sync checkpoint: " + (met.isEmpty() ? "not met by any row" : "met by " + String.join(", ", met))
                + (not.isEmpty() ? "" : "; not by " + String.join(", ", not)));
        lines.add(String.format(Locale.ROOT, "  a copy into staging cannot go below %.1f%% of a sync checkpoint here (the largest block at memory speed, %.3f s): %s",
                100 * copyFloor / syncCheckpoint, copyFloor, copyFloor / syncCheckpoint >= 0.05 ? "a row that copies cannot meet the target on this machine, only one without copy"
                        : "the copy alone leaves the target reachable"));
        double floor = CkptLoops.floor(compute, CkptLoops.ioOf(r, best.loop()), cores);
        double ownLarger = Math.max(compute.seconds(), CkptLoops.ioOf(r, best.loop()).seconds());
        boolean met2 = best.seconds() <= 1.10 * ownLarger;
        lines.add(String.format(Locale.ROOT, "  loop <= 1.10 x max(without checkpoints, checkpoints alone): %s by the best row, %s: %.3f s = %.3f x max (%.3f x max with its own checkpoints alone, %.3f s)",
                met2 ? "met" : "not met", name(best), best.seconds(), best.seconds() / larger, best.seconds() / ownLarger, ownLarger));
        String why = floor > 1.10 * ownLarger
                ? "above 1.10 x that max: the target is out of reach on " + cores + " processor(s), the stencil and the checkpoints' CPU work (kernel copies into the page cache, checksums, syncs) do not fit in its time"
                : "within 1.10 x that max: the machine's CPU leaves the target reachable";
        lines.add(String.format(Locale.ROOT, "  its floor from CPU is %.3f s = %.3f x that max, %s; the loop is %.3f x its floor", floor, floor / ownLarger, why, best.seconds() / floor));
        if (beside != null)
            lines.add(String.format(Locale.ROOT, "  the stencil with C writing the same checkpoints beside it (no copy, no middleware, another process) took %.3f x the stencil alone: the share of the machine durable writes take, whoever writes",
                    beside.seconds() / compute.seconds()));
    }

    private static String name(LoopResult x) { return x.loop().name().toLowerCase(Locale.ROOT); }
}
