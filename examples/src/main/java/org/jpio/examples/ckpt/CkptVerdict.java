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

    static void print(Map<Loop, LoopResult> r, double larger, double syncCheckpoint, double fastestSync, int cores, Map<BesideC.Side, BesideC.Result> beside, double copyFloor, List<String> lines) {
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
        LoopResult io = CkptLoops.ioOf(r, best.loop());
        double one = Math.min(fastestSync, io.seconds() / io.checkpoints()), last = compute.seconds() + one;
        lines.add(String.format(Locale.ROOT, "  floor from the last checkpoint: %.3f s = %.3f x that max: the last checkpoint follows the last step, so no loop ends before the stencil alone (%.3f s) plus the fastest checkpoint of this run (%.3f s: of the synchronous rounds, %.3f s, and one of the checkpoints alone%s, %.3f s); %s",
                last, last / ownLarger, compute.seconds(), one, fastestSync, io.loop().direct() ? " with O_DIRECT" : "", io.seconds() / io.checkpoints(),
                last > 1.10 * ownLarger ? "above 1.10 x that max: out of reach with checkpoints this long against these steps" : "within 1.10 x that max"));
        lines.add(String.format(Locale.ROOT, "  the best row is %.3f x that floor: its steps took %.3f s = %.3f x the stencil alone, then it waited %.3f s for its last checkpoint",
                best.seconds() / last, best.seconds() - best.tailSeconds(), (best.seconds() - best.tailSeconds()) / compute.seconds(), best.tailSeconds()));
        BesideC.Result c = beside.get(BesideC.Side.BUFFERED), direct = beside.get(BesideC.Side.DIRECT), read = beside.get(BesideC.Side.READ);
        if (c != null)
            lines.add(String.format(Locale.ROOT, "  the stencil with C writing the same checkpoints beside it (no copy, no middleware, another process) took %.3f x the stencil alone: the share of the machine durable writes take, whoever writes",
                    c.seconds() / compute.seconds()));
        if (read != null) {
            double steps = (read.seconds() - read.tailSeconds()) / compute.seconds();
            lines.add(String.format(Locale.ROOT, "  floor from memory traffic: %.3f s = %.3f x the stencil alone, the stencil while C reads each checkpoint's bytes once beside it (a checksum pass, no I/O): its steps %.3f x the stencil alone, then %.3f s for the last read; %s",
                    read.seconds(), read.seconds() / compute.seconds(), steps, read.tailSeconds(), steps > 1.10
                            ? "above 1.10 x: the memory a writer must read slows the stencil past the target here"
                            : "within 1.10 x: the memory a writer must read leaves the target reachable"));
        }
        if (direct != null)
            lines.add(String.format(Locale.ROOT, "  floor from the lightest durable writer: %.3f s = %.3f x the stencil alone, with C writing each checkpoint with O_DIRECT from memory touched before the loop beside it: its steps %.3f x the stencil alone, then %.3f s for the last write; the best row is %.3f x this",
                    direct.seconds(), direct.seconds() / compute.seconds(), (direct.seconds() - direct.tailSeconds()) / compute.seconds(), direct.tailSeconds(), best.seconds() / direct.seconds()));
    }

    private static String name(LoopResult x) { return x.loop().name().toLowerCase(Locale.ROOT); }
}
