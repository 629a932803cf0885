package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.function.Supplier;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm.Counts;
import org.jpio.driver.Extents;
import org.jpio.driver.FileDriver;
import org.jpio.driver.IndependentDriver;
import org.jpio.driver.Transfer;
import org.jpio.twophase.TwoPhaseDriver;
import org.jpio.view.FileView;

/**
 * A collective read that repeats the one before it reads first and agrees after, in one allgather
 * (ParallelFile's {@code Transfers.readFirst}): what it reads, and that every rank still learns every
 * failure and every other rank's changed or bad call. One SPMD body for in-JVM ranks and mpirun
 * ({@link #main}); the drivers are jpio's own, wrapped so that a test can make one rank's read fail.
 */
public final class ReadFirstContract {
    private ReadFirstContract() { }

    /** {@code mpirun -np N java ... ReadFirstContract DIR}: prints "read first ok rank=R". */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        check(world, Path.of(args[0]));
        System.out.println("read first ok rank=" + world.rank() + " size=" + world.size());
    }

    public static void check(Comm comm, Path dir) throws Exception {
        for (String backend : new String[] {"independent", "twophase"}) {
            readsWhatIsThere(comm, dir.resolve("first-" + backend), backend);
            aChangedCallOnOneRankGoesTheUsualWay(comm, dir.resolve("changed-" + backend), backend);
            aBadArgumentOnOneRankFailsEveryRank(comm, dir.resolve("bad-" + backend), backend);
            aFailedReadOnOneRankFailsEveryRank(comm, dir.resolve("failed-" + backend), backend);
        }
    }

    static final int N = 256;

    private static int[] expected(int rank, int step) {
        int[] v = new int[N];
        for (int i = 0; i < N; i++) v[i] = step * 1_000_000 + rank * 1000 + i;
        return v;
    }

    /** A file written and reread every step, the read repeating its arguments: each read sees that step's data. */
    static void readsWhatIsThere(Comm comm, Path file, String backend) throws IOException {
        int r = comm.rank();
        int[] got = new int[N];
        Failing[] driver = new Failing[1];
        try (ParallelFile f = open(comm, file, backend, null, driver)) {
            for (int step = 0; step < 4; step++) {
                // another rank writes this rank's part: the read must see what the file holds now, not a remembered result
                int other = (r + 1) % comm.size();
                f.writeAtAll((long) other * N * 4, Elements.of(expected(other, step)));
                Counts before = f.counts();
                f.readAtAll((long) r * N * 4, Elements.of(got));
                long readAlls = driver[0].readAlls.get();
                f.readAtAll((long) r * N * 4, Elements.of(got));
                assertEquals(readAlls, driver[0].readAlls.get(), "a read made first is not made again: rank=" + r + " " + backend);
                long collectives = f.counts().minus(before).collectives();
                assertArrayEquals(expected(r, step), got, "rank=" + r + " step=" + step + " " + backend);
                // the first read follows a write (a new call: 2 collectives), the second repeats it (1)
                assertEquals(comm.size() == 1 ? 0 : 3, collectives, "rank=" + r + " step=" + step + " " + backend);
            }
        }
    }

    /** Rank 0 repeats its read while the last rank reads elsewhere: every rank goes on as in a new call, and reads right. */
    static void aChangedCallOnOneRankGoesTheUsualWay(Comm comm, Path file, String backend) throws IOException {
        int r = comm.rank(), last = comm.size() - 1;
        int[] got = new int[N];
        try (ParallelFile f = open(comm, file, backend, null)) {
            f.writeAtAll((long) r * N * 4, Elements.of(expected(r, 0)));
            f.writeAtAll((long) (comm.size() + r) * N * 4, Elements.of(expected(r, 1)));
            f.readAtAll((long) r * N * 4, Elements.of(got));
            f.readAtAll((long) r * N * 4, Elements.of(got)); // every rank reads first
            // the last rank now reads its second block; the others repeat and read first, then learn it
            long offset = r == last ? (long) (comm.size() + r) * N * 4 : (long) r * N * 4;
            java.util.Arrays.fill(got, -1);
            Counts before = f.counts();
            f.readAtAll(offset, Elements.of(got));
            assertArrayEquals(expected(r, r == last ? 1 : 0), got, "rank=" + r + " " + backend);
            if (comm.size() > 1) assertEquals(2, f.counts().minus(before).collectives(), "the allgather, then the usual outcome agreement: rank=" + r);
            // and the next call, the same again on every rank, is a repeat once more
            f.readAtAll(offset, Elements.of(got));
            assertArrayEquals(expected(r, r == last ? 1 : 0), got, "rank=" + r + " " + backend);
        }
    }

    /** A bad argument on one rank during a repeated read: every rank throws, naming that rank. */
    static void aBadArgumentOnOneRankFailsEveryRank(Comm comm, Path file, String backend) throws IOException {
        int r = comm.rank(), last = comm.size() - 1;
        int[] got = new int[N];
        try (ParallelFile f = open(comm, file, backend, null)) {
            f.writeAtAll((long) r * N * 4, Elements.of(expected(r, 0)));
            f.readAtAll((long) r * N * 4, Elements.of(got));
            f.readAtAll((long) r * N * 4, Elements.of(got));
            if (comm.size() == 1) return; // nobody else to be wrong
            CollectiveException e = assertThrows(CollectiveException.class, () -> f.readAtAll(r == last ? -4 : (long) r * N * 4, Elements.of(got)));
            assertEquals(1, e.failures().size(), e.getMessage());
            assertEquals(last, e.failures().get(0).rank(), e.getMessage());
            assertTrue(e.getMessage().contains("offset=-4") && e.getMessage().contains("read_at_all"), e.getMessage());
            f.readAtAll((long) r * N * 4, Elements.of(got)); // the file stays usable
            assertArrayEquals(expected(r, 0), got);
        }
    }

    /** A failed read on one rank of a repeated read: every rank throws a CollectiveIOException naming it. */
    static void aFailedReadOnOneRankFailsEveryRank(Comm comm, Path file, String backend) throws IOException {
        int r = comm.rank(), last = comm.size() - 1;
        int[] got = new int[N];
        boolean[] fail = {false};
        try (ParallelFile f = open(comm, file, backend, () -> fail[0] && r == last)) {
            f.writeAtAll((long) r * N * 4, Elements.of(expected(r, 0)));
            f.readAtAll((long) r * N * 4, Elements.of(got));
            f.readAtAll((long) r * N * 4, Elements.of(got)); // read first from now on
            fail[0] = true;
            CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> f.readAtAll((long) r * N * 4, Elements.of(got)));
            assertEquals(1, e.failures().size(), e.getMessage());
            assertEquals(last, e.failures().get(0).rank(), e.getMessage());
            assertTrue(e.getMessage().contains("injected read failure"), e.getMessage());
            fail[0] = false;
            f.readAtAll((long) r * N * 4, Elements.of(got));
            assertArrayEquals(expected(r, 0), got);
        }
    }

    private static ParallelFile open(Comm comm, Path file, String backend, Supplier<Boolean> failReads) throws IOException {
        return open(comm, file, backend, failReads, new Failing[1]);
    }

    /** {@code opened[0]}: the driver of this rank, for its counts. */
    private static ParallelFile open(Comm comm, Path file, String backend, Supplier<Boolean> failReads, Failing[] opened) throws IOException {
        Hints h = Hints.of(Hints.JPIO_BACKEND, backend);
        FileDriver.Factory real = backend.equals("twophase") ? TwoPhaseDriver::open : IndependentDriver::open;
        return ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h,
                req -> opened[0] = new Failing(real.open(req), failReads == null ? () -> false : failReads, new java.util.concurrent.atomic.AtomicLong()));
    }

    /** A real driver whose independent reads fail when asked (the read-first path reads through {@link #read}). */
    private record Failing(FileDriver d, Supplier<Boolean> now, java.util.concurrent.atomic.AtomicLong readAlls) implements FileDriver {
        private void maybeFail(Transfer t) throws IOException {
            if (now.get()) throw new IOException("injected read failure: rank=" + t.comm().rank() + " offset=" + t.offset());
        }
        @Override public String name() { return d.name(); }
        @Override public void setHints(Hints h) { d.setHints(h); }
        @Override public void setView(FileView v) throws IOException { d.setView(v); }
        @Override public long read(Transfer t) throws IOException { maybeFail(t); return d.read(t); }
        @Override public long write(Transfer t) throws IOException { return d.write(t); }
        @Override public long readAll(Transfer t, Extents all) throws IOException { // fails only a read made first
            readAlls.incrementAndGet();
            return d.readAll(t, all);
        }
        @Override public boolean readsAlone(Extents all) { return d.readsAlone(all); }
        @Override public long writeAll(Transfer t, Extents all) throws IOException { return d.writeAll(t, all); }
        @Override public long size() throws IOException { return d.size(); }
        @Override public boolean knownWithin(long end) { return d.knownWithin(end); }
        @Override public void setSize(long size) throws IOException { d.setSize(size); }
        @Override public void preallocate(long size) throws IOException { d.preallocate(size); }
        @Override public void sync() throws IOException { d.sync(); }
        @Override public void setAtomicity(boolean on) throws IOException { d.setAtomicity(on); }
        @Override public Map<String, String> hints() { return d.hints(); }
        @Override public void close() throws IOException { d.close(); }
        @Override public boolean deletesOnClose() { return d.deletesOnClose(); }
    }
}
