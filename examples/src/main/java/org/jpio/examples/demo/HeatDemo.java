package org.jpio.examples.demo;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.jpio.array.DistributedArray;
import org.jpio.array.WriteMode;
import org.jpio.comm.Comm;
import org.jpio.comm.Spmd;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;

/**
 * The README's main job: ranks advance a 3-D heat-diffusion stencil on a block-distributed field with
 * ghost cells (exchanged through the Comm), write it collectively as .npy, read it back on a different
 * number of ranks, and check every element against a serial recomputation of the same field (the stencil
 * is evaluated identically everywhere, so the check is bit for bit). The file's ending picks the format:
 * .npy (the default), or .h5, where the field is the dataset /temperature with the run's parameters as
 * attributes. One {@code main} for both launches:
 * ranks are threads of this JVM, or MPI processes when the JVM was started by mpirun ({@link Spmd}).
 */
public final class HeatDemo {
    private HeatDemo() { }

    /**
     * What to run; {@code ranks} applies to in-JVM runs (under mpirun the launcher decides), and the read
     * uses {@code readRanks} of the ranks (at most all of them; 0: one fewer than the writers).
     */
    public record Options(int ranks, int readRanks, int[] shape, int steps, Path file) {
        public Options {
            if (shape == null || shape.length != 3 || Arrays.stream(shape).anyMatch(n -> n < 1))
                throw new IllegalArgumentException("shape=" + Arrays.toString(shape) + " must be three positive sizes");
            if (ranks < 1 || readRanks < 0) throw new IllegalArgumentException("ranks=" + ranks + " must be >= 1 and readRanks=" + readRanks + " >= 0");
            if (steps < 0) throw new IllegalArgumentException("steps=" + steps + " must be >= 0");
            if (file == null) throw new IllegalArgumentException("file must not be null");
            shape = shape.clone();
        }

        /** The readers among {@code writers} ranks: {@code readRanks} when given (at most all), else one fewer than the writers (one when one rank wrote). */
        int readersAmong(int writers) { return readRanks > 0 ? Math.min(readRanks, writers) : Math.max(1, writers - 1); }
    }

    /**
     * What happened: in-memory mismatches are the distributed field against the serial reference before the
     * write, read mismatches the field read back against it; both 0 on success.
     */
    public record Result(String mode, int ranks, int readRanks, int[] shape, int steps, Path file, long bytes,
                         double writeSeconds, double readSeconds, long memoryMismatches, long readMismatches, double sum, double singleWriterSeconds) {
        public boolean ok() { return memoryMismatches == 0 && readMismatches == 0; }
        public double writeMBps() { return bytes / 1e6 / writeSeconds; }
        /** One process writing the same bytes in one call, new file, synced and renamed as the demo's write ({@link SingleWriter}). */
        public double singleWriterMBps() { return bytes / 1e6 / singleWriterSeconds; }
        public double readMBps() { return bytes / 1e6 / readSeconds; }
    }

    /**
     * Runs the demo through one launch path ({@link Spmd}): threads of this JVM, or MPI processes under
     * mpirun. The first {@code readRanks} ranks read the file back on a communicator split off the world.
     * Prints its report on {@code out} (world rank 0 only).
     */
    public static Result run(Options o, PrintStream out) throws Exception { return run(o, HeatCheckpoints.Plan.NONE, out); }

    /** {@link #run(Options, PrintStream)} with checkpoints written, or a restart, as {@code checkpoints} says. */
    static Result run(Options o, HeatCheckpoints.Plan checkpoints, PrintStream out) throws Exception {
        AtomicReference<Result> result = new AtomicReference<>();
        double[] reference = HeatField.reference(o.shape(), o.steps());
        Spmd.run(o.ranks(), world -> {
            String mode = Spmd.launchedByMpi() ? "MPI processes" : "threads";
            int readers = o.readersAmong(world.size());
            PrintStream quiet = world.rank() == 0 ? out : new PrintStream(PrintStream.nullOutputStream());
            quiet.printf("jpio heat demo: %d ranks (%s) on a %s double field, %d steps%n", world.size(), mode, shape(o.shape()), o.steps());
            long[] w = simulateAndWrite(world, o, checkpoints, quiet, reference);
            long[] r;
            try (Comm sub = world.split(world.rank() < readers ? 0 : 1, world.rank())) {
                r = world.rank() < readers ? readAndVerify(sub, o, reference) : new long[2];
            }
            long readMismatches = world.allreduce(r[0], Comm.Op.SUM);
            long[] fromRoot = {r[1], readMismatches};
            world.bcast(fromRoot, 0, 2, 0);
            Result res = report(quiet, mode, world.size(), readers, o, w, new long[] {fromRoot[1], fromRoot[0]}, reference);
            if (world.rank() == 0 || Spmd.launchedByMpi()) result.set(res); // every MPI process has its own; in one JVM, rank 0's
        });
        return result.get();
    }

    /**
     * One rank's part of the run: returns {memory mismatches (all ranks), write nanoseconds (rank 0's), and
     * rank 0's nanoseconds to write the same bytes alone in one call after it ({@link SingleWriter})}.
     */
    private static long[] simulateAndWrite(Comm comm, Options o, HeatCheckpoints.Plan checkpoints, PrintStream out, double[] reference) throws Exception {
        DistributedArray u = DistributedArray.builder(comm, ElementType.DOUBLE, o.shape()).ghost(1).create();
        DistributedArray next = DistributedArray.builder(comm, ElementType.DOUBLE, o.shape()).ghost(1).create();
        int[] start = u.globalStart(), local = u.localShape();
        double[] a = u.doubles();
        for (int i = 0; i < local[0]; i++)
            for (int j = 0; j < local[1]; j++)
                for (int k = 0; k < local[2]; k++)
                    a[u.index(i, j, k)] = HeatField.initial(start[0] + i, start[1] + j, start[2] + k, o.shape());
        try (HeatCheckpoints ck = HeatCheckpoints.open(comm, checkpoints, out)) {
            for (int s = ck.resume(u, o.steps()); s < o.steps(); s++) {
                u.exchangeGhosts();
                HeatField.step(u.doubles(), next.doubles(), local);
                DistributedArray t = u; u = next; next = t;             // global-boundary ghosts stay 0 in both
                ck.after(s + 1, u);
            }
        }
        long bad = comm.allreduce(mismatches(u, reference), Comm.Op.SUM);
        comm.barrier();
        long t0 = System.nanoTime();
        u.write(target(o), ArrayFormats.of(o.file()), Hints.fromEnvironment(), WriteMode.REPLACE, attributes(o));
        comm.barrier();
        long nanos = System.nanoTime() - t0, single = 0;
        if (comm.rank() == 0) {                                         // the figure a user reads the demo's rate against
            Path other = o.file().toAbsolutePath().resolveSibling(o.file().getFileName() + ".single-writer");
            try {
                single = (long) (SingleWriter.seconds(other, SingleWriter.bytes(reference)) * 1e9);
            } finally {
                Files.deleteIfExists(other);
            }
        }
        long[] alone = {single};
        comm.bcast(alone, 0, 1, 0);                                     // every rank's result carries rank 0's figure
        return new long[] {bad, nanos, alone[0]};
    }

    /** Reads the file on this communicator's ranks: returns {read mismatches (all ranks), read nanoseconds}. */
    static long[] readAndVerify(Comm comm, Options o, double[] reference) throws Exception {
        DistributedArray b = DistributedArray.create(comm, ElementType.DOUBLE, o.shape());
        Arrays.fill(b.doubles(), Double.NaN);                           // an element the read misses cannot pass
        comm.barrier();
        long t0 = System.nanoTime();
        b.read(target(o));
        comm.barrier();
        long nanos = System.nanoTime() - t0;
        return new long[] {comm.allreduce(mismatches(b, reference), Comm.Op.SUM), nanos};
    }

    /** Owned elements that differ from the reference bit for bit. */
    static long mismatches(DistributedArray a, double[] reference) {
        int[] start = a.globalStart(), local = a.localShape(), shape = a.globalShape();
        double[] d = a.doubles();
        long bad = 0;
        for (int i = 0; i < local[0]; i++)
            for (int j = 0; j < local[1]; j++)
                for (int k = 0; k < local[2]; k++) {
                    double want = reference[((start[0] + i) * shape[1] + start[1] + j) * shape[2] + start[2] + k];
                    if (Double.doubleToRawLongBits(d[a.index(i, j, k)]) != Double.doubleToRawLongBits(want)) bad++;
                }
        return bad;
    }

    private static Result report(PrintStream out, String mode, int ranks, int readers, Options o, long[] w, long[] r, double[] reference) {
        long bytes = 8L * reference.length;
        double sum = 0;
        for (double x : reference) sum += x;
        Result res = new Result(mode, ranks, readers, o.shape(), o.steps(), o.file().toAbsolutePath(), bytes,
                w[1] / 1e9, r[1] / 1e9, w[0], r[0], sum, w[2] / 1e9);
        out.printf("wrote %s (%.2f MB) with %d ranks in %.3f s: %.1f MB/s%n", res.file(), bytes / 1e6, ranks, res.writeSeconds(), res.writeMBps());
        out.printf("one process writing the same bytes in one FileChannel write (new file, synced, renamed, as above): %.1f MB/s; the demo's write: %.2fx of it%n",
                res.singleWriterMBps(), res.writeMBps() / res.singleWriterMBps());
        out.printf("read it back with %d ranks in %.3f s: %.1f MB/s%n", readers, res.readSeconds(), res.readMBps());
        out.printf("verified %d elements against a serial recomputation: %d wrong in memory, %d wrong after the read -> %s%n",
                reference.length, res.memoryMismatches(), res.readMismatches(), res.ok() ? "OK" : "FAILED");
        if (ArrayFormats.of(o.file()).holdsSeveral()) {
            out.printf("field sum = %.10g; open it with h5py:%n", sum);
            out.printf("  python3 -c \"import h5py; f=h5py.File('%s'); a=f['%s'][...]; print(a.shape, a.dtype, a.sum(), dict(f['%s'].attrs))\"%n",
                    res.file(), DATASET, DATASET);
        } else {
            out.printf("field sum = %.10g; load it with numpy:%n", sum);
            out.printf("  python3 -c \"import numpy; a=numpy.load('%s'); print(a.shape, a.dtype, a.sum())\"%n", res.file());
        }
        return res;
    }

    /** The dataset of the field in a file of several (HDF5). */
    static final String DATASET = "/temperature";

    /** Where the field goes: the file, and in an HDF5 file its dataset. */
    static ArrayPath target(Options o) {
        return ArrayFormats.of(o.file()).holdsSeveral() ? ArrayPath.of(o.file(), DATASET) : ArrayPath.of(o.file());
    }

    /** What an HDF5 file says about the field; a one-array format keeps no attributes. */
    static Attributes attributes(Options o) {
        if (!ArrayFormats.of(o.file()).holdsSeveral()) return Attributes.empty();
        return Attributes.of("steps", o.steps(), "alpha", HeatField.ALPHA, "shape", o.shape(), "description", "3-D heat diffusion, explicit 7-point stencil");
    }

    private static String shape(int[] s) {
        return s[0] + "x" + s[1] + "x" + s[2];
    }
}
