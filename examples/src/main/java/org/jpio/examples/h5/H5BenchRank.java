package org.jpio.examples.h5;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.jpio.array.DistributedArray;
import org.jpio.array.WriteMode;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Stats;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;

/**
 * The jpio rows of {@code jpio bench h5}, one launch under {@code mpirun -np N}: the coll_perf array (ints,
 * BLOCK in every dimension on MPI_Dims_create's grid, each element its global linear index) written with
 * {@code DistributedArray.write} as the HDF5 dataset /data and as RAW, each read back and checked. Untimed
 * warm-up rounds first (the JIT), then TIMED rounds (1 by default): barrier, write (or read), barrier, as the
 * C peer times it. Rank 0 prints one JSON line per row, the median of the timed rounds. The benchmark
 * alternates which row goes first from launch to launch, so neither always follows the other's file.
 * Arguments: {@code X,Y,Z DIR WARMUP[:TIMED] h5-first|raw-first in-place|replace [key=value hint ...]}.
 */
public final class H5BenchRank {
    private H5BenchRank() { }

    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        if (!(world instanceof MpiComm)) throw new IllegalStateException("H5BenchRank runs under mpirun (bin/jpio bench h5 starts it)");
        int[] dims = Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray();
        Path dir = Path.of(args[1]);
        String[] rounds = args[2].split(":");
        int warmup = Integer.parseInt(rounds[0]), timed = rounds.length > 1 ? Integer.parseInt(rounds[1]) : 1;
        boolean h5First = args[3].equals("h5-first");
        WriteMode mode = switch (args[4]) {
            case "in-place" -> WriteMode.IN_PLACE;
            case "replace" -> WriteMode.REPLACE;
            default -> throw new IllegalArgumentException("write mode " + args[4] + " must be in-place or replace");
        };
        Hints hints = Hints.parse(Arrays.asList(args).subList(5, args.length));
        DistributedArray a = DistributedArray.create(world, ElementType.INT, dims);
        ArrayPath h5 = ArrayPath.of(dir.resolve("jpio.h5"), "/data"), raw = ArrayPath.of(dir.resolve("jpio.raw"));
        ArrayPath[] rows = h5First ? new ArrayPath[] {h5, raw} : new ArrayPath[] {raw, h5};
        String[] names = h5First ? new String[] {"jpio h5", "jpio raw"} : new String[] {"jpio raw", "jpio h5"};
        double[][] writeNs = new double[rows.length][timed], readNs = new double[rows.length][timed];
        String[][] how = new String[rows.length][];
        for (int round = 0; round < warmup + timed; round++) {
            for (int r = 0; r < rows.length; r++) {
                String[] written = new String[1];
                long[] t = writeRead(world, a, rows[r], mode, hints, written);
                long errors = world.allreduce(check(a, false), Comm.Op.SUM);
                if (errors != 0) throw new IllegalStateException(names[r] + ": " + errors + " elements read back wrong");
                if (round < warmup) continue;
                writeNs[r][round - warmup] = t[0];
                readNs[r][round - warmup] = t[1];
                if (round < warmup + timed - 1) continue;                   // how the last round went
                Map<String, String> h = a.hints();
                how[r] = new String[] {h.getOrDefault("jpio_cb_read_choice", "") + "; " + h.get("jpio_array_data"), written[0]};
            }
        }
        if (world.rank() == 0)
            for (int r = 0; r < rows.length; r++)
                System.out.println(new Json().put("row", names[r]).put("write_ns", (long) Stats.median(writeNs[r])).put("read_ns", (long) Stats.median(readNs[r])).put("errors", 0)
                        .put("choice", how[r][0]).put("written", how[r][1]).toString());
        if (world.rank() == 0) for (ArrayPath p : rows) Files.deleteIfExists(p.file());
        System.out.flush();
    }

    /** One timed write and read: nanoseconds of each, from barrier to barrier; {@code written[0]}: how the write went (untimed). */
    private static long[] writeRead(Comm world, DistributedArray a, ArrayPath target, WriteMode mode, Hints hints, String[] written) throws Exception {
        check(a, true);
        world.barrier();
        long t0 = System.nanoTime();
        a.write(target, ArrayFormats.of(target.file()), hints, mode, Attributes.empty());
        world.barrier();
        long t1 = System.nanoTime();
        written[0] = a.hints().get("jpio_array_data");
        Arrays.fill(a.ints(), -1);
        world.barrier();
        long t2 = System.nanoTime();
        a.read(target, ArrayFormats.of(target.file()), hints);
        world.barrier();
        long t3 = System.nanoTime();
        return new long[] {t1 - t0, t3 - t2};
    }

    /** Fills (fill=true) or counts mismatches of each owned element's global linear index. */
    private static long check(DistributedArray a, boolean fill) {
        int[] l = a.localShape(), s = a.globalStart(), g = a.globalShape();
        int[] v = a.ints();
        long bad = 0;
        int k = 0;
        for (int i = 0; i < l[0]; i++)
            for (int j = 0; j < l[1]; j++) {
                int row = ((s[0] + i) * g[1] + s[1] + j) * g[2] + s[2];
                for (int m = 0; m < l[2]; m++, k++) {
                    if (fill) v[k] = row + m;
                    else if (v[k] != row + m) bad++;
                }
            }
        return bad;
    }
}
