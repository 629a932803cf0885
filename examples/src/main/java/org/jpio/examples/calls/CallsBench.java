package org.jpio.examples.calls;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.Stats;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;

/**
 * jpio's side of {@code bench calls}, run by every rank (MPI processes or in-JVM ranks): exactly what the C
 * peer {@code native/src/main/c/bench/mpi_calls.c} does on ROMIO, call for call, timed the same way, so the
 * two rows of a size differ only in the library. On one file holding int i at element i (the round's
 * launches share it, each writing over it, so they use the same page-cache pages), for each size
 * (bytes per rank): writeAtAll and readAtAll of N ints at byte offset rank*bytes; writeAll and readAll of the
 * same N ints through a 3-D BLOCK darray view (seek(0) before each call); open+close of the file. Cold: a
 * fresh open, then the first call, barrier to barrier, {@code cold} times (an open+close timed alone before
 * each round); warm: {@code warmup} untimed calls on one open file, then {@code calls} calls in batches of
 * {@code batch} (barrier, the batch, barrier), the median batch per call; open+close likewise, with
 * {@code opens}/{@code calls} as many. Every read is checked. Rank 0 returns the rows, one per (op, size),
 * in the C peer's JSON format, plus what one warm call cost rank 0 by the file's counters (collective
 * operations, bytes sent to other ranks: one more untimed call after the warm-up), which C has no way to show.
 */
public final class CallsBench {
    /** The ops, in MPI's names, in the order the C peer prints them. */
    public static final List<String> OPS = List.of("write_at_all", "read_at_all", "write_all", "read_all", "open_close");
    private static final int WRITE_AT_ALL = 0, READ_AT_ALL = 1, WRITE_ALL = 2, READ_ALL = 3, OPEN_CLOSE = 4;

    /** How much of each: bytes per rank (multiples of 4), timed calls, untimed calls first, timed open+close, fresh opens, calls per batch. */
    public record Setup(long[] sizes, int calls, int warmup, int opens, int cold, int batch) {
        public Setup {
            sizes = sizes.clone();
            for (long b : sizes)
                if (b < 4 || b % 4 != 0 || b > Integer.MAX_VALUE) throw new IllegalArgumentException("size=" + b + " bytes per rank must be a positive multiple of 4 below 2 GiB");
            if (calls < 1 || opens < 1 || cold < 1 || batch < 1 || batch > calls || warmup < 0)
                throw new IllegalArgumentException("calls=" + calls + " opens=" + opens + " cold=" + cold + " batch=" + batch
                        + " must be positive with batch <= calls, warmup=" + warmup + " not negative");
        }

        /** The C peer's arguments after its FILE: sizes, calls, warm-up, opens, cold, batch. */
        List<String> peerArgs() {
            return List.of(String.join(",", Arrays.stream(sizes).mapToObj(Long::toString).toList()), "" + calls, "" + warmup, "" + opens, "" + cold, "" + batch);
        }
    }

    private CallsBench() { }

    /** Collective over {@code comm}; rank 0 returns the JSON rows (peer "jpio", {@code launch}), the others an empty list. */
    public static List<String> measure(Comm comm, Setup s, Path file, Hints hints, String launch) throws IOException {
        long max = Arrays.stream(s.sizes()).max().orElseThrow();
        Size whole = new Size(comm, max);
        int[] buf = new int[whole.n];
        whole.fill(buf, false);
        // written over, not made anew: every launch of a round (this one, the C peer's) copies to and from
        // the same page-cache pages, which new ones would not be (the harness removes the file at the end)
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
            f.writeAtAll((long) comm.rank() * max, Elements.of(buf, 0, whole.n));
        }
        List<String> rows = new ArrayList<>();
        for (long bytes : s.sizes()) {
            Size z = new Size(comm, bytes);
            double[][] cold = new double[OPS.size()][s.cold()];
            long[] errors = new long[OPS.size()];
            for (int k = 0; k < s.cold(); k++) {
                for (int o = 0; o < OPS.size(); o++) {
                    int op = (o + OPEN_CLOSE) % OPS.size();         // open+close first, then the transfers, as the C peer
                    prepare(z, op, buf);
                    ParallelFile f = op == OPEN_CLOSE ? null : open(comm, file, hints, z, op);
                    comm.barrier();
                    long t0 = System.nanoTime();
                    call(op, f, comm, file, hints, z, buf);
                    comm.barrier();
                    cold[op][k] = (System.nanoTime() - t0) / 1e3;
                    errors[op] += verify(z, op, buf);
                    if (f != null) f.close();
                }
            }
            double[] warm = new double[OPS.size()];
            CountingComm.Counts[] perCall = new CountingComm.Counts[OPS.size()];
            for (int op = 0; op < OPS.size(); op++) {
                int per = op == OPEN_CLOSE ? (int) (((long) s.batch() * s.opens() + s.calls() - 1) / s.calls()) : s.batch();
                long pre = op == OPEN_CLOSE ? (long) s.warmup() * s.opens() / s.calls() : s.warmup();
                double[] batches = new double[s.calls() / s.batch()];
                prepare(z, op, buf);
                ParallelFile f = op == OPEN_CLOSE ? null : open(comm, file, hints, z, op);
                try {
                    for (long i = 0; i < pre; i++) call(op, f, comm, file, hints, z, buf);
                    perCall[op] = counted(op, f, comm, file, hints, z, buf);
                    for (int b = 0; b < batches.length; b++) {
                        if (op == READ_AT_ALL || op == READ_ALL) Arrays.fill(buf, 0, z.n, -1);
                        comm.barrier();
                        long t0 = System.nanoTime();
                        for (int i = 0; i < per; i++) call(op, f, comm, file, hints, z, buf);
                        comm.barrier();
                        batches[b] = (System.nanoTime() - t0) / 1e3 / per;
                        errors[op] += verify(z, op, buf);
                    }
                } finally {
                    if (f != null) f.close();
                }
                warm[op] = Stats.median(batches);
            }
            long[] all = new long[errors.length];
            comm.allreduce(errors, all, errors.length, Comm.Op.SUM);
            if (comm.rank() != 0) continue;
            for (int op = 0; op < OPS.size(); op++)
                rows.add(new Json().put("peer", "jpio").put("launch", launch).put("np", comm.size()).put("op", OPS.get(op)).put("bytes", bytes)
                        .put("dims", z.dims()).put("cold_us", Stats.median(cold[op])).put("first_us", cold[op][0]).put("warm_us", warm[op])
                        .put("collectives", perCall[op].collectives()).put("exchanged_bytes", perCall[op].exchangedBytes()).put("errors", all[op]).toString());
        }
        comm.barrier();
        return rows;
    }

    /**
     * One more warm call, untimed, and what it cost this rank in collective operations and bytes sent to
     * other ranks (ParallelFile's counters: the difference of two snapshots; open+close: the new file's
     * counts after its close, the open's agreement included).
     */
    private static CountingComm.Counts counted(int op, ParallelFile f, Comm comm, Path file, Hints hints, Size z, int[] buf) throws IOException {
        if (op == OPEN_CLOSE) {
            ParallelFile g = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), hints);
            g.close();
            return g.counts();
        }
        CountingComm.Counts before = f.counts();
        call(op, f, comm, file, hints, z, buf);
        return f.counts().minus(before);
    }

    private static ParallelFile open(Comm comm, Path file, Hints hints, Size z, int op) throws IOException {
        ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), hints);
        if (op == WRITE_ALL || op == READ_ALL) f.setView(z.view);
        return f;
    }

    /** A write's buffer holds the elements' indices; a read's is cleared, so a read that misses an element cannot pass. */
    private static void prepare(Size z, int op, int[] buf) {
        if (op == WRITE_AT_ALL || op == WRITE_ALL) z.fill(buf, op == WRITE_ALL);
        else Arrays.fill(buf, 0, z.n, -1);
    }

    private static long verify(Size z, int op, int[] buf) {
        return op == READ_AT_ALL || op == READ_ALL ? z.wrong(buf, op == READ_ALL) : 0;
    }

    private static void call(int op, ParallelFile f, Comm comm, Path file, Hints hints, Size z, int[] buf) throws IOException {
        switch (op) {
            case WRITE_AT_ALL -> f.writeAtAll(z.offset, z.elements(buf));
            case READ_AT_ALL -> f.readAtAll(z.offset, z.elements(buf));
            case WRITE_ALL -> {
                f.seek(0);
                f.writeAll(z.elements(buf));
            }
            case READ_ALL -> {
                f.seek(0);
                f.readAll(z.elements(buf));
            }
            default -> ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), hints).close();
        }
    }

    /** One size: N ints per rank at byte offset rank*bytes, and the same N ints as this rank's box of a 3-D BLOCK darray. */
    static final class Size {
        final int n;
        final long offset;
        final int[] local, grid, lo = new int[3];
        final FileView view;
        private Elements elements;
        private int[] of;

        Size(Comm comm, long bytes) {
            n = (int) (bytes / 4);
            offset = comm.rank() * bytes;
            local = box(n);
            grid = Dims.create(comm.size(), new int[3]);
            int[] g = new int[3];
            for (int d = 2, rest = comm.rank(); d >= 0; d--) {
                lo[d] = rest % grid[d] * local[d];
                rest /= grid[d];
                g[d] = grid[d] * local[d];
            }
            Distribution[] dist = {Distribution.BLOCK, Distribution.BLOCK, Distribution.BLOCK};
            int[] dargs = {Darray.DFLT_DARG, Darray.DFLT_DARG, Darray.DFLT_DARG};
            view = new FileView(0, ElementType.INT, Datatype.darray(comm.size(), comm.rank(), g, dist, dargs, grid, Order.C, Datatype.of(ElementType.INT)),
                    DataRep.NATIVE);
        }

        /** The memory side of a call, made once per size and buffer (as the C peer passes the same pointer every call). */
        Elements elements(int[] buf) {
            if (of != buf) {
                elements = Elements.of(buf, 0, n);
                of = buf;
            }
            return elements;
        }

        String dims() { return local[0] + "x" + local[1] + "x" + local[2]; }

        /** Element k's global index in the file: rank*N + k, or through the darray its box's place in the global array. */
        long element(boolean darray, int k) {
            if (!darray) return offset / 4 + k;
            long l1 = local[1], l2 = local[2];
            long i = k / (l1 * l2), j = k / l2 % l1, m = k % l2;
            return ((lo[0] + i) * grid[1] * l1 + lo[1] + j) * grid[2] * l2 + lo[2] + m;
        }

        void fill(int[] buf, boolean darray) {
            for (int k = 0; k < n; k++) buf[k] = (int) element(darray, k);
        }

        long wrong(int[] buf, boolean darray) {
            long bad = 0;
            for (int k = 0; k < n; k++) if (buf[k] != (int) element(darray, k)) bad++;
            return bad;
        }

        /** The box l0 x l1 x l2 = n as the C peer factors it: l0 the largest divisor not above n's cube root, l1 likewise of the rest's square root. */
        static int[] box(int n) {
            int a = 1, b = 1;
            for (long d = 1; d * d * d <= n; d++) if (n % d == 0) a = (int) d;
            int rest = n / a;
            for (long d = 1; d * d <= rest; d++) if (rest % d == 0) b = (int) d;
            return new int[] {a, b, rest / b};
        }
    }
}
