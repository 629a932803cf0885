package org.jpio.examples.ckpt;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.demo.HeatField;

/**
 * The stencil loop without checkpoints while C does a checkpoint's work beside it at each checkpoint step
 * (rank 0 asks and goes on; the next one waits for it): what a writer with no copy and no middleware costs
 * the stencil on this machine, whoever writes. {@link Side} says which work: the C peer's durable buffered
 * write, a process per checkpoint; or, from one process started before the loop with its buffer already
 * touched, the lightest durable write (O_DIRECT from the buffer), or no write at all, only a read of the
 * checkpoint's bytes (a checksum pass's memory traffic).
 */
final class BesideC {
    private BesideC() { }

    /** The work beside the stencil. */
    enum Side {
        /** ckpt_baseline: pwrite + fdatasync, a new process (malloc'd buffer first touched) per checkpoint. */
        BUFFERED("the stencil while C writes the checkpoints beside", "loop-beside_c"),
        /** ckpt_beside direct: O_DIRECT from a buffer touched before the loop, fdatasync, fsync of the directory. */
        DIRECT("the stencil beside C's O_DIRECT writes (no copy)", "loop-beside_c_direct"),
        /** ckpt_beside read: one pass reading the checkpoint's bytes, no I/O. */
        READ("the stencil beside C reading the bytes (no I/O)", "loop-beside_c_read");

        final String label, row;

        Side(String label, String row) { this.label = label; this.row = row; }
    }

    /**
     * Loop seconds, checkpoints, median seconds of C's own work per checkpoint, rank 0's wait for the previous one, host busy CPU
     * seconds, the tail (the wait after the last step for the last checkpoint's work), rank 0's thread.
     */
    record Result(Side side, double seconds, int checkpoints, double cSeconds, double waitedSeconds, double hostCpuSeconds, double tailSeconds, ThreadSched sched) { }

    private static final Pattern SECONDS = Pattern.compile("\"seconds\":([0-9.]+)");

    static Result run(Comm comm, DistributedArray[] f, int steps, int every, Side side, Path peer, Path dir, long bytes) throws IOException {
        DistributedArray u = f[0], next = f[1];
        int[] local = u.localShape();
        boolean root = comm.rank() == 0;
        List<Double> c = new ArrayList<>();
        Process running = null, one = null;                        // BUFFERED: the process of the last checkpoint; else the one process
        BufferedReader answers = null;
        Writer asks = null;
        boolean asked = false;
        long waited = 0;
        int n = 0;
        try {
            if (root && side != Side.BUFFERED) {                   // started and its buffer touched before the clock
                Files.createDirectories(dir);
                one = new ProcessBuilder(peer.resolveSibling("ckpt_beside").toString(), side.name().toLowerCase(Locale.ROOT), dir.toString(), Long.toString(bytes))
                        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
                answers = new BufferedReader(new InputStreamReader(one.getInputStream(), StandardCharsets.UTF_8));
                asks = new java.io.OutputStreamWriter(one.getOutputStream(), StandardCharsets.UTF_8);
                String ready = answers.readLine();
                if (!"ready".equals(ready)) throw new IOException("C beside side=" + side + " did not start: said " + ready + " exit=" + (one.isAlive() ? "running" : one.exitValue()));
            }
            comm.barrier();
            double cpu0 = root ? HostCpu.busySeconds() : 0;
            ThreadSched sched0 = root ? ThreadSched.now() : ThreadSched.UNKNOWN;
            long t0 = System.nanoTime();
            for (int s = 1; s <= steps; s++) {
                u.exchangeGhosts();
                HeatField.step(u.doubles(), next.doubles(), local);
                DistributedArray t = u; u = next; next = t;
                if (s % every != 0) continue;
                n++;
                if (!root) continue;
                long w0 = System.nanoTime();
                if (side == Side.BUFFERED) {
                    if (running != null) c.add(CkptBenchCommand.finishPeer(running, dir));
                    waited += System.nanoTime() - w0;
                    running = CkptBenchCommand.startPeer(peer, dir, bytes);
                } else {
                    if (asked) c.add(answer(answers, side));
                    waited += System.nanoTime() - w0;
                    asks.write("go\n");
                    asks.flush();
                    asked = true;
                }
            }
            long tLast = System.nanoTime();
            if (running != null) c.add(CkptBenchCommand.finishPeer(running, dir));
            running = null;
            if (asked) c.add(answer(answers, side));
            comm.barrier();
            long t1 = System.nanoTime();
            double seconds = (t1 - t0) / 1e9, cpu = root ? HostCpu.busySeconds() - cpu0 : 0;
            ThreadSched sched = root ? ThreadSched.now().since(sched0) : ThreadSched.UNKNOWN;
            f[0] = u;
            f[1] = next;
            double median = root && !c.isEmpty() ? Stats.median(c.stream().mapToDouble(Double::doubleValue).toArray()) : 0;
            return new Result(side, seconds, n, median, waited / 1e9, cpu, (t1 - tLast) / 1e9, sched);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while C worked beside the stencil: side=" + side);
        } finally {
            if (running != null) running.destroyForcibly();
            if (one != null) finish(one, asks, side, dir);
        }
    }

    /** The seconds of the answer to the last request. */
    private static double answer(BufferedReader answers, Side side) throws IOException {
        String line = answers.readLine();
        Matcher m = line == null ? null : SECONDS.matcher(line);
        if (m == null || !m.find()) throw new IOException("C beside side=" + side + " gave no time: said " + line);
        return Double.parseDouble(m.group(1));
    }

    /** Ends the one process (end of its input), and removes its file. */
    private static void finish(Process p, Writer asks, Side side, Path dir) throws IOException {
        try {
            if (asks != null) asks.close();
            if (!p.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)) throw new IOException("C beside side=" + side + " did not end");
            if (p.exitValue() != 0) throw new IOException("C beside side=" + side + " failed: exit=" + p.exitValue());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while ending C beside: side=" + side);
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(dir.resolve("u.npy"));
        }
    }
}
