package org.jpio.examples.calls;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Stats;
import org.jpio.examples.demo.SingleWriter;
import org.jpio.io.ElementType;

/**
 * The measurements of {@code bench array}: one round's JVM part (every in-JVM rank runs {@link #jvm}) and
 * the rows and ratios from all rounds. Every element holds its global linear index, in jpio's arrays and in
 * the single writers' buffers alike, so all write the same bytes; jpio's files are read back and checked.
 */
final class ArrayRounds {
    /** The figures a round gives (milliseconds), with their rows' names, in the table's order. */
    static final Map<String, String> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put("first_ms", "jpio, first write of the JVM, no ghosts");
        KEYS.put("first_ghosted_ms", "jpio, first write of the ghosted array (the JVM's second)");
        KEYS.put("warm_ms", "jpio, warm, no ghosts");
        KEYS.put("warm_ghosted_ms", "jpio, warm, one ghost layer");
        KEYS.put("channel_first_ms", "one process, one FileChannel write, first");
        KEYS.put("channel_ms", "one process, one FileChannel write, warm");
        KEYS.put("numpy_first_ms", "one process, numpy.save, first");
        KEYS.put("numpy_ms", "one process, numpy.save, warm");
    }

    private ArrayRounds() { }

    /** Collective: the round's jpio writes and, on rank 0, the FileChannel writer; rank 0 returns the JSON row. */
    static String jvm(Comm c, int[] shape, int warm, int idleMs, Path dir) throws IOException {
        DistributedArray plain = DistributedArray.create(c, ElementType.DOUBLE, shape);
        DistributedArray ghosted = DistributedArray.builder(c, ElementType.DOUBLE, shape).ghost(1).create();
        fill(plain);
        fill(ghosted);
        Path p = dir.resolve("plain.npy"), g = dir.resolve("ghosted.npy");
        if (idleMs > 0) {
            try {
                Thread.sleep(idleMs); // a simulation's compute steps before its first checkpoint
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while idle before the first write", e);
            }
        }
        double first = write(plain, p), firstGhosted = write(ghosted, g);
        double[] w = new double[warm], wg = new double[warm];
        for (int k = 0; k < warm; k++) {
            w[k] = write(plain, p);
            wg[k] = write(ghosted, g);
        }
        DistributedArray back = DistributedArray.create(c, ElementType.DOUBLE, shape);
        long errors = 0;
        for (Path f : List.of(p, g)) {
            java.util.Arrays.fill(back.doubles(), -1);
            back.read(f);
            errors += c.allreduce(wrong(back), Comm.Op.SUM);
        }
        c.barrier();
        if (c.rank() != 0) return null;
        Files.delete(p);
        Files.delete(g);
        ByteBuffer field = field(shape);
        Path alone = dir.resolve("channel.npy");
        double channelFirst = SingleWriter.seconds(alone, field);
        double[] ch = new double[warm];
        for (int k = 0; k < warm; k++) ch[k] = SingleWriter.seconds(alone, field);
        Files.delete(alone);
        return new Json().put("first_ms", 1e3 * first).put("first_ghosted_ms", 1e3 * firstGhosted).put("warm_ms", 1e3 * Stats.median(w))
                .put("warm_ghosted_ms", 1e3 * Stats.median(wg)).put("channel_first_ms", 1e3 * channelFirst).put("channel_ms", 1e3 * Stats.median(ch))
                .put("errors", errors).toString();
    }

    /** Seconds of one collective write to a new file (the old one removed first, untimed), barrier to barrier. */
    private static double write(DistributedArray a, Path file) throws IOException {
        Comm c = a.comm();
        if (c.rank() == 0) Files.deleteIfExists(file);
        c.barrier();
        long t0 = System.nanoTime();
        a.write(file);
        c.barrier();
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Each owned element := its global linear index. */
    private static void fill(DistributedArray a) {
        int[] l = a.localShape(), s = a.globalStart(), g = a.globalShape();
        double[] d = a.doubles();
        for (int i = 0; i < l[0]; i++)
            for (int j = 0; j < l[1]; j++)
                for (int k = 0; k < l[2]; k++) d[a.index(i, j, k)] = ((double) (s[0] + i) * g[1] + s[1] + j) * g[2] + s[2] + k;
    }

    private static long wrong(DistributedArray a) {
        int[] l = a.localShape(), s = a.globalStart(), g = a.globalShape();
        double[] d = a.doubles();
        long bad = 0;
        for (int i = 0; i < l[0]; i++)
            for (int j = 0; j < l[1]; j++)
                for (int k = 0; k < l[2]; k++) if (d[a.index(i, j, k)] != ((double) (s[0] + i) * g[1] + s[1] + j) * g[2] + s[2] + k) bad++;
        return bad;
    }

    /** The whole field as the file holds it, for one writer: element i is i. */
    private static ByteBuffer field(int[] shape) {
        double[] all = new double[shape[0] * shape[1] * shape[2]];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return SingleWriter.bytes(all);
    }

    /** The rows (milliseconds and GB/s, medians over rounds) and the ratios of issue 23's targets (medians of each round's ratio). */
    static List<String> rows(Map<String, List<Double>> t, long bytes) {
        List<String> rows = new ArrayList<>();
        KEYS.forEach((key, name) -> {
            List<Double> v = t.get(key);
            if (v == null) return;
            double ms = Stats.median(v.stream().mapToDouble(Double::doubleValue).toArray());
            rows.add(new Json().put("bench", "array").put("row", name).put("key", key).put("bytes", bytes).put("rounds", v.size())
                    .put("ms", ms).put("gbs", bytes / 1e6 / ms).toString());
        });
        ratio(rows, t, "first_ms", "warm_ms", "first write / warm write, time, no ghosts", "<= 1.5x");
        ratio(rows, t, "warm_ms", "warm_ghosted_ms", "ghosted / unghosted, rate, warm", ">= 1.0x");
        ratio(rows, t, "channel_ms", "warm_ms", "jpio warm / one FileChannel writer, rate", ">= 0.5x");
        ratio(rows, t, "numpy_ms", "warm_ms", "jpio warm / numpy.save, rate", ">= 0.5x");
        ratio(rows, t, "channel_first_ms", "first_ms", "jpio first / one FileChannel writer's first, rate", "");
        return rows;
    }

    /** The median over rounds of a/b (times: a rate ratio is the inverse time ratio). */
    private static void ratio(List<String> rows, Map<String, List<Double>> t, String a, String b, String name, String target) {
        List<Double> x = t.get(a), y = t.get(b);
        if (x == null || y == null || x.size() != y.size()) return;
        double[] r = new double[x.size()];
        for (int i = 0; i < r.length; i++) r[i] = x.get(i) / y.get(i);
        rows.add(new Json().put("bench", "array").put("ratio", name).put("value", Stats.median(r)).put("target", target).toString());
    }
}
