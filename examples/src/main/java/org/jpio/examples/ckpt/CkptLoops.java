package org.jpio.examples.ckpt;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jpio.array.DistributedArray;
import org.jpio.checkpoint.AsyncMode;
import org.jpio.checkpoint.CheckpointOptions;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.ckpt.CkptBench.Loop;
import org.jpio.examples.ckpt.CkptBench.LoopResult;

/**
 * The loop part of {@code bench ckpt}: runs the loops {@link CkptLoops.Setup} asks for and prints each with
 * the two ratios, where its blocked time went, and its floor from CPU: the loop cannot be shorter
 * than the stencil alone, the checkpoints alone, or the host's busy CPU time of both (measured alone, every
 * process and kernel thread counted) spread over its processors. The floor of the O_DIRECT rows is taken
 * from their own checkpoints alone.
 */
final class CkptLoops {
    /** Untimed stencil steps first: enough for the stencil to run compiled by C2 in every loop (4 steps of 512^3 take 1-2 s here). */
    static final int WARM_STEPS = 4;

    private CkptLoops() { }

    /**
     * What to run: the loops' shape, the mode of the automatic row, the extra rows of the targets (all), why
     * the O_DIRECT rows are absent (null: present), and the C peer with the bytes it writes per checkpoint.
     */
    record Setup(int steps, int every, AsyncMode mode, boolean all, String noDirect, java.nio.file.Path peer, long peerBytes) { }

    static void run(Comm comm, DistributedArray[] f, java.nio.file.Path sub, CheckpointOptions o, double syncCheckpoint, double fastestSync, Setup s, List<String> lines,
                    List<String> rows) throws IOException {
        Map<Loop, LoopResult> r = new EnumMap<>(Loop.class);
        Map<BesideC.Side, BesideC.Result> beside = new EnumMap<>(BesideC.Side.class);
        CkptBench.warmStencil(comm, f, WARM_STEPS);
        double copyRate = CopyRate.measure(comm), blockBytes = 8.0 * comm.allreduce(f[0].localCount(), Comm.Op.MAX);
        for (Loop l : Loop.values()) {
            boolean shows = switch (l) {
                case COMPUTE_ONLY, IO_ONLY, SYNC, ASYNC -> true;
                case ASYNC_BACKGROUND -> s.mode() == AsyncMode.AUTOMATIC && r.get(Loop.ASYNC).staging().async().inline();
                case STAGED_WHOLE, NO_COPY -> s.all();
                case IO_ONLY_DIRECT, NO_COPY_DIRECT -> s.all() && s.noDirect() == null;
            };
            if (shows) r.put(l, CkptBench.loop(comm, f, s.steps(), s.every(), l, sub.resolve("loop-" + l), o));
            if (l == Loop.COMPUTE_ONLY && s.all())
                for (BesideC.Side side : BesideC.Side.values())
                    if (side != BesideC.Side.DIRECT || s.noDirect() == null)
                        beside.put(side, BesideC.run(comm, f, s.steps(), s.every(), side, s.peer(), sub.resolve("beside-c"), s.peerBytes()));
        }
        LoopResult compute = r.get(Loop.COMPUTE_ONLY), sync = r.get(Loop.SYNC), async = r.get(Loop.ASYNC);
        int cores = Runtime.getRuntime().availableProcessors();
        double larger = Math.max(compute.seconds(), r.get(Loop.IO_ONLY).seconds());
        for (LoopResult x : r.values()) {
            Json row = new Json().put("bench", "ckpt").put("row", x.loop().row()).put("ranks", comm.size()).put("steps", s.steps()).put("every", s.every())
                    .put("checkpoints", x.checkpoints()).put("seconds", x.seconds()).put("blocked_seconds", x.blockedSeconds()).put("host_cpu_seconds", x.hostCpuSeconds());
            sched(row, x.sched()).put("tail_seconds", x.tailSeconds());
            if (x.loop().async()) {
                LoopResult io = ioOf(r, x.loop());
                row.put("blocked_per_checkpoint_vs_sync", x.blockedSeconds() / x.checkpoints() / syncCheckpoint).put("vs_larger", x.seconds() / larger)
                        .put("vs_sync_loop", x.seconds() / sync.seconds()).put("blocked_vs_sync_loop", x.blockedSeconds() / sync.blockedSeconds()).put("async_inline", x.staging().async().inline()).put("async_reason", x.staging().async().reason())
                        .put("staging_bound", x.staging().boundBytes()).put("staging_peak", x.staging().peakBytes()).put("staging_waited_seconds", x.roomSeconds())
                        .put("copy_seconds", x.copySeconds()).put("previous_seconds", x.previousSeconds()).put("rest_seconds", x.restSeconds()).put("blocked_each", each(x))
                        .put("writer_cpu_seconds", x.writerCpuSeconds()).put("writer_user_seconds", x.writerUserSeconds())
                        .put("floor_seconds", floor(compute, io, cores)).put("vs_floor", x.seconds() / floor(compute, io, cores)).put("vs_larger_own_io", x.seconds() / Math.max(compute.seconds(), io.seconds()));
            }
            rows.add(row.toString());
        }
        for (BesideC.Result b : beside.values())
            rows.add(sched(new Json().put("bench", "ckpt").put("row", b.side().row).put("ranks", comm.size()).put("steps", s.steps()).put("every", s.every())
                    .put("checkpoints", b.checkpoints()).put("seconds", b.seconds()).put("blocked_seconds", b.waitedSeconds())
                    .put("host_cpu_seconds", b.hostCpuSeconds()).put("c_write_seconds", b.cSeconds()).put("vs_compute", b.seconds() / compute.seconds()).put("tail_seconds", b.tailSeconds()), b.sched()).toString());
        lines.add(String.format(Locale.ROOT, "loop: %d stencil steps, a checkpoint every %d (%d checkpoints), keep last 1, %d rank(s), %d processor(s), after %d untimed steps (JIT); host CPU: busy seconds of every process on rank 0's host (/proc/stat)",
                s.steps(), s.every(), async.checkpoints(), comm.size(), cores, WARM_STEPS));
        lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  host CPU %.2f s", "without checkpoints", compute.seconds(), compute.hostCpuSeconds()));
        lines.add("    " + compute.sched().describe(compute.seconds()));
        rows.add(new Json().put("bench", "ckpt").put("row", "copy-rate").put("ranks", comm.size()).put("seconds", CopyRate.BYTES / copyRate)
                .put("gbs", copyRate / 1e9).put("block_bytes", (long) blockBytes).put("floor_seconds", blockBytes / copyRate).toString());
        for (BesideC.Result b : beside.values()) {
            lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  host CPU %.2f s  (%.2fx without; C %s each in %.3f s (median) and waited %.3f s in all for the one before%s)",
                    b.side().label, b.seconds(), b.hostCpuSeconds(), b.seconds() / compute.seconds(), b.side() == BesideC.Side.READ ? "read" : "wrote", b.cSeconds(), b.waitedSeconds(),
                    b.side() == BesideC.Side.BUFFERED ? String.format(Locale.ROOT, "; its process also first-touches its %.0f MiB buffer", s.peerBytes() / 1048576.0) : "; one process, its buffer touched before the loop"));
            lines.add("    " + b.sched().describe(b.seconds()));
            lines.add(String.format(Locale.ROOT, "    after the last step: waited %.3f s for C's last one; the steps took %.3f s = %.3f x the stencil alone",
                    b.tailSeconds(), b.seconds() - b.tailSeconds(), (b.seconds() - b.tailSeconds()) / compute.seconds()));
        }
        lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  host CPU %.2f s", "the checkpoints alone, back to back", r.get(Loop.IO_ONLY).seconds(), r.get(Loop.IO_ONLY).hostCpuSeconds()));
        if (r.containsKey(Loop.IO_ONLY_DIRECT))
            lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  host CPU %.2f s", "the checkpoints alone with O_DIRECT (direct_write)", r.get(Loop.IO_ONLY_DIRECT).seconds(), r.get(Loop.IO_ONLY_DIRECT).hostCpuSeconds()));
        else if (s.all()) lines.add("  no O_DIRECT rows: " + s.noDirect());
        lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  blocked %.3f s", "with synchronous checkpoints", sync.seconds(), sync.blockedSeconds()));
        for (LoopResult x : r.values()) if (x.loop().async()) async(x, blockBytes / copyRate, s.mode(), compute, ioOf(r, x.loop()), sync, larger, syncCheckpoint, cores, lines);
        if (s.all()) CkptVerdict.print(r, larger, syncCheckpoint, fastestSync, cores, beside, blockBytes / copyRate, lines);
    }

    private static void async(LoopResult x, double copyFloor, AsyncMode mode, LoopResult compute, LoopResult io, LoopResult sync, double larger, double syncCheckpoint, int cores, List<String> lines) {
        String what = switch (x.loop()) {
            case ASYNC -> "with asynchronous checkpoints (" + mode.name().toLowerCase(Locale.ROOT) + ")";
            case ASYNC_BACKGROUND -> "with asynchronous checkpoints forced to background";
            case STAGED_WHOLE -> "background, staging of two whole checkpoints";
            case NO_COPY -> "background, without copy (commitAsyncWithoutCopy)";
            case NO_COPY_DIRECT -> "background, without copy, O_DIRECT";
            default -> throw new IllegalStateException(x.loop().name());
        };
        lines.add(String.format(Locale.ROOT, "  %-48s %9.3f s  blocked %.3f s  host CPU %.2f s", what, x.seconds(), x.blockedSeconds(), x.hostCpuSeconds()));
        lines.add("    " + x.staging().async());
        lines.add("    " + x.sched().describe(x.seconds()));
        lines.add(String.format(Locale.ROOT, "    blocked per checkpoint / one sync checkpoint: %.1f%% (target < 5%%); blocked / the synchronous loop's: %.1f%%",
                100 * x.blockedSeconds() / x.checkpoints() / syncCheckpoint, 100 * x.blockedSeconds() / sync.blockedSeconds()));
        if (!x.staging().async().inline())
            lines.add(String.format(Locale.ROOT, "    blocked (largest rank): copy into staging %.3f s, waiting for room %.3f s, waiting for the previous checkpoint %.3f s, the rest (agreement, begin) %.3f s; each checkpoint %s s",
                    x.copySeconds(), x.roomSeconds(), x.previousSeconds(), x.restSeconds(), each(x)));
        if (x.loop().copies() && !x.staging().async().inline())
            lines.add(String.format(Locale.ROOT, "    the copy's floor at memory speed (System.arraycopy, every rank at once): %.3f s per checkpoint = %.1f%% of one sync checkpoint; this row copied at %.3f s per checkpoint",
                    copyFloor, 100 * copyFloor / syncCheckpoint, x.copySeconds() / x.checkpoints()));
        lines.add(String.format(Locale.ROOT, "    loop / max(without checkpoints, checkpoints alone): %.3f (target <= 1.10); loop / synchronous loop: %.3f",
                x.seconds() / larger, x.seconds() / sync.seconds()));
        lines.add(String.format(Locale.ROOT, "    floor from CPU: %.3f s = max(without checkpoints %.3f, checkpoints alone%s %.3f, (host CPU %.2f + %.2f s) / %d processors %.3f); loop / floor: %.3f",
                    floor(compute, io, cores), compute.seconds(), io.loop().direct() ? " (O_DIRECT)" : "", io.seconds(), compute.hostCpuSeconds(), io.hostCpuSeconds(), cores,
                    (compute.hostCpuSeconds() + io.hostCpuSeconds()) / cores, x.seconds() / floor(compute, io, cores)));
        lines.add(String.format(Locale.ROOT, "    after the last step: waited %.3f s for the last checkpoint (one checkpoint alone%s: %.3f s); the steps took %.3f s = %.3f x the stencil alone",
                x.tailSeconds(), io.loop().direct() ? ", O_DIRECT" : "", io.seconds() / io.checkpoints(), x.seconds() - x.tailSeconds(), (x.seconds() - x.tailSeconds()) / compute.seconds()));
        if (!x.staging().async().inline()) {
            lines.add(String.format(Locale.ROOT, "    background writers' CPU, all ranks: %.3f s, of which user %.3f s (the rest is the kernel's work for them)",
                    x.writerCpuSeconds(), x.writerUserSeconds()));
            lines.add("    " + x.staging() + " (rank 0)");
        }
    }

    /** Adds what the scheduler did to rank 0's thread to a JSON row. */
    private static Json sched(Json row, ThreadSched t) {
        return row.put("thread_cpu_seconds", t.onCpuSeconds()).put("thread_waiting_seconds", t.waitingSeconds()).put("preempted", t.preempted())
                .put("voluntary_switches", t.voluntary()).put("migrations", t.migrations()).put("steal_seconds", t.stealSeconds());
    }

    /** The checkpoints-alone loop that goes with {@code l}: with O_DIRECT for the O_DIRECT rows. */
    static LoopResult ioOf(Map<Loop, LoopResult> r, Loop l) { return r.get(l.direct() ? Loop.IO_ONLY_DIRECT : Loop.IO_ONLY); }

    /** The loop cannot be shorter than the stencil alone, the checkpoints alone, or the host's busy CPU of both over its processors. */
    static double floor(LoopResult compute, LoopResult io, int cores) {
        double cpu = (compute.hostCpuSeconds() + io.hostCpuSeconds()) / cores;
        return Math.max(Math.max(compute.seconds(), io.seconds()), Double.isNaN(cpu) ? 0 : cpu);
    }

    private static String each(LoopResult x) {
        List<String> v = new ArrayList<>();
        for (double b : x.blockedPerCheckpoint()) v.add(String.format(Locale.ROOT, "%.3f", b));
        return String.join(" ", v);
    }
}
