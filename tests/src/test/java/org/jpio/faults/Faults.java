package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Spmd;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * The ways one rank can fail that issue 14 lists, as SPMD bodies: each runs on ranks that are threads
 * ({@link RankFailureTest}) and, through {@link #main}, on MPI processes. Rank 1 is the one that fails;
 * the others go on to a collective call that needs it. Bodies that end the job on MPI leave the checks to
 * the test (exit status, output); bodies whose failure every rank must see check it themselves and print
 * "NAME ok rank=R".
 */
public final class Faults {
    static final int INTS = 1024;

    private Faults() { }

    /**
     * {@code mpirun -np N java ... Faults SCENARIO DIR} on MPI processes, or {@code java ... Faults SCENARIO
     * DIR threads} on 4 ranks that are threads of one JVM (for limits set on a process: ulimit -f).
     */
    public static void main(String[] args) throws Exception {
        if (args[0].equals("spmd-throw")) { // through Spmd.run, which owns the failure handling
            Spmd.run(4, comm -> spmdThrow(comm, Path.of(args[1])));
            return;
        }
        if (args.length > 2 && args[2].equals("threads")) {
            org.jpio.comm.local.LocalComm.run(4, comm -> {
                run(args[0], comm, Path.of(args[1]));
                System.out.println(args[0] + " ok rank=" + comm.rank());
            });
            return;
        }
        Comm world = Comm.world();
        run(args[0], world, Path.of(args[1]));
        System.out.println(args[0] + " ok rank=" + world.rank());
    }

    public static void run(String scenario, Comm comm, Path dir) throws Exception {
        switch (scenario) {
            case "skip-return" -> skipAndReturn(comm, dir);
            case "exit3" -> exit3(comm, dir);
            case "uncaught" -> uncaught(comm, dir);
            case "throw-in-try" -> throwInTry(comm, dir);
            case "bad-args" -> badArguments(comm, dir);
            case "negative-displacement" -> negativeDisplacement(comm, dir);
            case "abort" -> abort(comm, dir);
            case "watchdog" -> watchdog(comm, dir);
            case "uneven-exit" -> unevenExit(comm);
            case "npy" -> npy(comm, dir);
            case "wait-cpu" -> waitCpu(comm);
            case "disk-full" -> diskFull(comm, dir);
            case "file-limit" -> fileLimit(comm, dir);
            default -> throw new IllegalArgumentException("no scenario " + scenario);
        }
    }

    /** What the failing rank prints, with the wall-clock time, so a test can tell how long the job took to end after it. */
    static void failing(String what) {
        System.out.println("rank 1 " + what + " FAILED-AT=" + System.currentTimeMillis());
        System.out.flush();
    }

    static int[] mine(Comm comm) {
        int[] a = new int[INTS];
        java.util.Arrays.fill(a, comm.rank() + 1);
        return a;
    }

    static ParallelFile create(Comm comm, Path file) throws IOException {
        return ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.WRONLY));
    }

    /** What rank 1 does instead of the collective write. */
    @FunctionalInterface
    interface Failure { void run() throws Exception; }

    /**
     * Rank 1 announces {@code what} and does {@code failure} once the file is open, then returns from the
     * body (the file left open) if {@code failure} returned; the other ranks go on to write_at_all and close.
     */
    static void rank1Fails(Comm comm, Path file, String what, Failure failure) throws Exception {
        ParallelFile f = create(comm, file);
        if (comm.rank() == 1) {
            failing(what);
            failure.run();
            return;
        }
        f.writeAtAll((long) comm.rank() * INTS * 4, Elements.of(mine(comm)));
        f.close();
    }

    /** Rank 1 skips the collective write and returns from main (the file left open): its peers wait in write_at_all. */
    static void skipAndReturn(Comm comm, Path dir) throws Exception {
        rank1Fails(comm, dir.resolve("skip.bin"), "skips write_at_all and returns", () -> { });
    }

    /** Rank 1 calls System.exit(3) while its peers go on to a collective write. MPI only. */
    static void exit3(Comm comm, Path dir) throws Exception {
        rank1Fails(comm, dir.resolve("exit3.bin"), "calls System.exit(3)", () -> System.exit(3));
    }

    /** Rank 1 dies of an exception that nothing catches, with the file open. */
    static void uncaught(Comm comm, Path dir) throws Exception {
        rank1Fails(comm, dir.resolve("uncaught.bin"), "throws", () -> { throw new IllegalStateException("boom on rank 1"); });
    }

    /** Spmd.run's body throws on rank 1, which Spmd.run sees at once (no collective close on the way out). */
    static void spmdThrow(Comm comm, Path dir) throws Exception {
        rank1Fails(comm, dir.resolve("spmd-" + comm.size() + ".bin"), "throws in its Spmd.run body",
                () -> { throw new IllegalStateException("boom on rank 1"); });
    }

    /** Rank 1 throws inside try-with-resources: it closes the file (a collective) while its peers write. */
    static void throwInTry(Comm comm, Path dir) throws IOException {
        try (ParallelFile f = create(comm, dir.resolve("try.bin"))) {
            if (comm.rank() == 1) {
                failing("throws inside try-with-resources");
                throw new IllegalStateException("boom on rank 1");
            }
            f.writeAtAll((long) comm.rank() * INTS * 4, Elements.of(mine(comm)));
        }
    }

    /**
     * A bad argument on rank 1 only: a null buffer, then an offset that overflows a file position. Every rank
     * gets the same error naming rank 1 and the problem before any byte moves, and the ranks stay in step: a
     * good write follows.
     */
    static void badArguments(Comm comm, Path dir) throws IOException {
        Path file = dir.resolve("bad-args-" + comm.size() + ".bin");
        try (ParallelFile f = create(comm, file)) {
            Elements data = Elements.of(mine(comm));
            CollectiveException e = assertThrows(CollectiveException.class, () -> f.writeAtAll(0, comm.rank() == 1 ? null : data));
            assertOnRank1(e, "write_at_all path=", "buffer is null");
            e = assertThrows(CollectiveException.class, () -> f.writeAtAll(comm.rank() == 1 ? Long.MAX_VALUE - 2 : 0, data));
            assertOnRank1(e, "write_at_all path=", "overflows a file position", "offset=" + (Long.MAX_VALUE - 2));
            e = assertThrows(CollectiveException.class, () -> f.setSize(comm.rank() == 1 ? -5 : 0));
            assertOnRank1(e, "set_size path=", "size=-5");
            assertEquals(INTS, f.writeAtAll((long) comm.rank() * INTS * 4, data));
        }
        assertEquals((long) comm.size() * INTS * 4, Files.size(file));
    }

    private static void assertOnRank1(CollectiveException e, String... parts) {
        assertEquals(1, e.failures().size(), e.getMessage());
        assertEquals(1, e.failures().get(0).rank(), e.getMessage());
        for (String p : parts) assertTrue(e.getMessage().contains(p), "missing '" + p + "' in: " + e.getMessage());
    }

    /** Rank 1 builds a view with a negative displacement: its own call fails at once, and it leaves. */
    static void negativeDisplacement(Comm comm, Path dir) throws IOException {
        try (ParallelFile f = create(comm, dir.resolve("disp.bin"))) {
            if (comm.rank() == 1) failing("makes a view with displacement -8");
            f.setView(new FileView(comm.rank() == 1 ? -8 : 0, ElementType.INT, org.jpio.view.Datatype.of(ElementType.INT), DataRep.NATIVE));
            f.writeAtAll((long) comm.rank() * INTS, Elements.of(mine(comm)));
        }
    }

    /** Rank 1 ends the job itself, with status 7. */
    static void abort(Comm comm, Path dir) throws Exception {
        rank1Fails(comm, dir.resolve("abort.bin"), "calls abort(7)", () -> comm.abort(7, "rank 1 cannot go on: the input deck is missing"));
    }

    /**
     * Rank 1 never arrives (it sleeps far longer than the 3 s watchdog limit this file's hint sets): the
     * watchdog ends the job.
     */
    static void watchdog(Comm comm, Path dir) throws Exception {
        ParallelFile f = ParallelFile.open(comm, dir.resolve("watchdog-" + comm.size() + ".bin"), EnumSet.of(Amode.CREATE, Amode.WRONLY),
                Hints.of(Hints.JPIO_WATCHDOG_TIMEOUT, "3"));
        if (comm.rank() == 1) {
            failing("sleeps instead of writing");
            Thread.sleep(600_000);
        }
        f.writeAtAll((long) comm.rank() * INTS * 4, Elements.of(mine(comm)));
        f.close();
    }

    /**
     * Rank 1 arrives at a barrier 6 s after the others; each waiting rank's processor time during the wait
     * (sampled from another thread between 1.5 s and 5.5 s into it, after the throttle has set in) is
     * printed as "wait-cpu rank=R percent=P".
     */
    static void waitCpu(Comm comm) throws Exception {
        comm.barrier();
        if (comm.rank() == 1) {
            Thread.sleep(6000);
            comm.barrier();
            return;
        }
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long waiter = Thread.currentThread().getId();
        long[] cpu = new long[2];
        Thread sampler = new Thread(() -> {
            try {
                Thread.sleep(1500);
                cpu[0] = mx.getThreadCpuTime(waiter);
                Thread.sleep(4000);
                cpu[1] = mx.getThreadCpuTime(waiter);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        sampler.start();
        comm.barrier();
        sampler.join();
        System.out.println(String.format(java.util.Locale.ROOT, "wait-cpu rank=%d percent=%.1f", comm.rank(), (cpu[1] - cpu[0]) / 4e9 * 100));
    }

    /** Rank 0 finishes three seconds after the others: a normal exit still finalises, status 0. */
    static void unevenExit(Comm comm) throws Exception {
        comm.barrier();
        if (comm.rank() == 0) Thread.sleep(3000);
    }

    /**
     * Bad .npy files read by every rank: a shape whose size overflows a long is an IOException naming the
     * file on every rank; a garbage header is an error that quotes it escaped and cut, not 5000 raw bytes.
     */
    static void npy(Comm comm, Path dir) throws IOException {
        Path overflow = dir.resolve("overflow-" + comm.size() + ".npy"), garbage = dir.resolve("garbage-" + comm.size() + ".npy");
        if (comm.rank() == 0) {
            writeOverflowingNpy(overflow);
            writeGarbageNpy(garbage);
        }
        comm.barrier();
        java.io.IOException io = assertThrows(java.io.IOException.class, () -> DistributedArray.load(comm, overflow));
        assertTrue(io.getMessage().contains("more bytes than a file can hold") && io.getMessage().contains(overflow.toString())
                && io.getMessage().contains("load path="), io.getMessage());
        CollectiveException bad = assertThrows(CollectiveException.class, () -> DistributedArray.inspect(comm, garbage));
        String m = bad.getMessage();
        assertTrue(m.contains("bad .npy header") && m.contains(garbage.toString()) && m.contains("5000 characters in all"), m);
        assertTrue(m.length() < 1000, "a garbage header is cut: " + m.length() + " characters: " + m);
        assertTrue(m.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "a garbage header is escaped: " + m);
    }

    /** The array {@link Overwrite} writes: {@code n} longs, i at position i, or ~i for the new one. */
    static DistributedArray longs(Comm comm, int n, boolean fresh) {
        DistributedArray a = DistributedArray.create(comm, ElementType.LONG, n);
        long[] local = a.longs();
        long first = a.globalStart()[0];
        for (int k = 0; k < local.length; k++) local[k] = fresh ? ~(first + k) : first + k;
        return a;
    }

    /**
     * On a 64 MiB tmpfs: an array of 24 MiB is written; overwriting it with 48 MiB fills the disk, and every
     * rank gets the IOException ("no space left", naming the call and file), the old file stays (the test
     * asks numpy) and no temporary is left; a new file of 80 MiB fails alike and leaves nothing at all.
     */
    static void diskFull(Comm comm, Path dir) throws IOException {
        Path file = dir.resolve("full-" + comm.size() + ".npy"), fresh = dir.resolve("new-" + comm.size() + ".npy");
        longs(comm, 3 << 20, false).write(file);
        DistributedArray big = longs(comm, 6 << 20, true);
        org.jpio.comm.CollectiveIOException e = assertThrows(org.jpio.comm.CollectiveIOException.class, () -> big.write(file));
        assertTrue(e.getMessage().startsWith("write path=" + file) && e.getMessage().contains("no space left"), e.getMessage());
        DistributedArray bigger = longs(comm, 10 << 20, true);
        e = assertThrows(org.jpio.comm.CollectiveIOException.class, () -> bigger.write(fresh));
        assertTrue(e.getMessage().startsWith("write path=" + fresh) && e.getMessage().contains("no space left"), e.getMessage());
        comm.barrier();
        assertTrue(Files.notExists(fresh), "a failed write of a new file leaves no file");
        assertEquals(java.util.List.of(), temporaries(dir));
    }

    /** Under ulimit -f 16384 (16 MiB): a 32 MiB array fails on every rank with "file too large" and the limit, and leaves nothing. */
    static void fileLimit(Comm comm, Path dir) throws IOException {
        Path file = dir.resolve("limit-" + comm.size() + ".npy");
        DistributedArray a = longs(comm, 4 << 20, false);
        org.jpio.comm.CollectiveIOException e = assertThrows(org.jpio.comm.CollectiveIOException.class, () -> a.write(file));
        assertTrue(e.getMessage().startsWith("write path=" + file)
                && e.getMessage().contains("file too large (the file size limit, ulimit -f, is 16777216 bytes)"), e.getMessage());
        assertTrue(!e.getMessage().contains("no space left"), e.getMessage());
        comm.barrier();
        assertTrue(Files.notExists(file));
        assertEquals(java.util.List.of(), temporaries(dir));
    }

    static java.util.List<Path> temporaries(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().contains(".jpio-")).toList();
        }
    }

    /** A .npy header whose shape needs more bytes than a long counts. */
    static void writeOverflowingNpy(Path file) throws IOException {
        writeNpyHeader(file, "{'descr': '<i8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }");
    }

    /** A .npy whose header is binary garbage of 5000 bytes after a valid magic and length. */
    static void writeGarbageNpy(Path file) throws IOException {
        byte[] junk = new byte[5000];
        new java.util.Random(14).nextBytes(junk);
        junk[0] = '{';
        writeNpyHeader(file, new String(junk, StandardCharsets.ISO_8859_1));
    }

    private static void writeNpyHeader(Path file, String dict) throws IOException {
        byte[] d = dict.getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(12 + d.length + 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0}).putInt(d.length).put(d);
        Files.write(file, b.array());
    }
}
