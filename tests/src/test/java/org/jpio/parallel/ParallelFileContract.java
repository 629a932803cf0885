package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.Comm;
import org.jpio.comm.RankFailure;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotReadableException;
import org.jpio.io.FileNotWritableException;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * What every file driver must do behind a ParallelFile, as one SPMD body: open modes, views, every
 * transfer with its element count, the file pointer, size, preallocate, sync, atomic mode, delete on
 * close, and every failure reaching every rank as the same exception. Run by {@code ParallelFileContractTest}
 * on in-JVM ranks and, through {@link #main}, under mpirun, for each driver configuration ({@link #hints}).
 */
public final class ParallelFileContract {
    private ParallelFileContract() { }

    /** The configurations: two-phase over messages, two-phase over shared memory, independent, ROMIO. */
    public static Hints hints(String config) {
        return switch (config) {
            case "twophase-messages" -> Hints.of(Hints.JPIO_BACKEND, "twophase", Hints.ROMIO_CB_WRITE, "enable", Hints.ROMIO_CB_READ, "enable",
                    Hints.JPIO_CB_SHARED, "disable", Hints.CB_BUFFER_SIZE, "64", Hints.CB_NODES, "2", Hints.CB_CONFIG_LIST, "*:*");
            case "twophase-shared" -> Hints.of(Hints.JPIO_BACKEND, "twophase", Hints.ROMIO_CB_WRITE, "enable", Hints.ROMIO_CB_READ, "enable",
                    Hints.JPIO_CB_SHARED, "enable", Hints.CB_BUFFER_SIZE, "64", Hints.CB_NODES, "2", Hints.CB_CONFIG_LIST, "*:*");
            case "independent" -> Hints.of(Hints.JPIO_BACKEND, "independent");
            case "romio" -> Hints.of(Hints.JPIO_BACKEND, "romio", Hints.CB_BUFFER_SIZE, "64");
            default -> throw new IllegalArgumentException("unknown driver configuration " + config);
        };
    }

    /** {@code mpirun -np N java ... ParallelFileContract DIR CONFIG [FULL_DIR]}; prints "contract ok rank=R". */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        check(world, Path.of(args[0]), args[1], args.length > 2 ? Path.of(args[2]) : null);
        System.out.println("contract ok rank=" + world.rank() + " size=" + world.size() + " config=" + args[1]);
    }

    /** The whole contract in directory {@code dir} (shared by all ranks); {@code full}: a tiny file system, or null. */
    public static void check(Comm comm, Path dir, String config, Path full) throws Exception {
        Hints h = hints(config);
        String expected = h.backend();
        transfersAndPointer(comm, dir.resolve("t-" + config + ".bin"), h, expected);
        sizes(comm, dir.resolve("s-" + config + ".bin"), h);
        atomicMode(comm, dir.resolve("a-" + config + ".bin"), h);
        openFailures(comm, dir, h, config);
        argumentFailures(comm, dir.resolve("arg-" + config + ".bin"), h);
        readPastEnd(comm, dir.resolve("eof-" + config + ".bin"), h);
        closedAndModes(comm, dir.resolve("c-" + config + ".bin"), h);
        deleteOnClose(comm, dir.resolve("d-" + config + ".bin"), h);
        MpiIoContract.check(comm, dir, config, h);
        if (full != null) fullDisk(comm, full.resolve("full-" + config + ".bin"), h);
    }

    /** Rank r owns blocks of 2 ints at r, r + n, r + 2n, ... (interleaved, so two-phase has work to do). */
    static FileView interleaved(Comm comm) {
        int n = comm.size();
        Datatype pair = Datatype.resized(0, 2L * 4 * n, Datatype.contiguous(2, Datatype.of(ElementType.INT)));
        return new FileView(2L * 4 * comm.rank(), ElementType.INT, pair, DataRep.NATIVE);
    }

    static int value(int rank, int i) { return rank * 100_000 + i; }

    static void transfersAndPointer(Comm comm, Path file, Hints h, String driver) throws IOException {
        int k = 8, me = comm.rank(), n = comm.size();
        int[] mine = new int[4 * k];
        for (int i = 0; i < mine.length; i++) mine[i] = value(me, i);
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            assertEquals(driver, f.driver());
            assertEquals(driver, f.hints().get(Hints.JPIO_BACKEND));
            assertEquals(EnumSet.of(Amode.CREATE, Amode.RDWR), f.amode());
            f.seek(5);
            f.setView(interleaved(comm));
            assertEquals(0, f.pointer(), "set_view resets the file pointer");
            assertEquals(8L * me, f.positionOf(0));
            assertEquals(8L * me + 8L * n + 4, f.positionOf(3));
            assertEquals(k, f.writeAll(Elements.of(mine, 0, k)));                          // [0, k) at the pointer
            assertEquals(k, f.pointer());
            assertEquals(k, f.write(Elements.of(mine, k, k)));                             // [k, 2k), independent
            assertEquals(2L * k, f.pointer());
            assertEquals(k, f.writeAtAll(2L * k, Elements.of(mine, 2 * k, k)));            // explicit offsets leave the pointer
            assertEquals(k, f.writeAt(3L * k, Elements.of(mine, 3 * k, k)));
            assertEquals(2L * k, f.pointer());
            f.sync();
            int[] back = new int[4 * k];
            f.seek(0);
            assertEquals(k, f.readAll(Elements.of(back, 0, k)));
            assertEquals(k, f.read(Elements.of(back, k, k)));
            assertEquals(2L * k, f.pointer());
            assertEquals(k, f.readAtAll(2L * k, Elements.of(back, 2 * k, k)));
            assertEquals(k, f.readAt(3L * k, Elements.of(back, 3 * k, k)));
            assertArrayEquals(mine, back, "rank " + me + " reads back what it wrote");
            assertEquals(4L * k * n * 4, f.size());
        }
        comm.barrier();
        if (me == 0) { // the file, as any other program sees it: pairs of ints, rank by rank
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 4 * k * n; i++) {
                int pair = i / 2, rank = pair % n, index = pair / n * 2 + i % 2;
                assertEquals(value(rank, index), b.getInt(4 * i), "int " + i + " of " + file);
            }
        }
        comm.barrier();
    }

    static void sizes(Comm comm, Path file, Hints h) throws IOException {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            assertEquals(0, f.size());
            f.setSize(1000);
            assertEquals(1000, f.size());
            f.preallocate(4096);
            assertEquals(4096, f.size(), "MPI_File_preallocate extends a smaller file");
            f.preallocate(100);
            assertEquals(4096, f.size(), "and never shrinks one");
            f.setSize(10);
            assertEquals(10, f.size());
            f.sync();
        }
        assertEquals(10, Files.size(file));
    }

    /** In atomic mode every rank writes the same range at once: the range holds one rank's data whole. */
    static void atomicMode(Comm comm, Path file, Hints h) throws IOException {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            assertFalse(f.atomicity());
            f.setAtomicity(true);
            assertTrue(f.atomicity());
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            int[] mine = new int[4096];
            java.util.Arrays.fill(mine, comm.rank() + 1);
            for (int round = 0; round < 3; round++) {
                assertEquals(mine.length, f.writeAtAll(0, Elements.of(mine)));
                int[] back = new int[mine.length];
                f.readAtAll(0, Elements.of(back));
                for (int v : back) assertEquals(back[0], v, "round " + round + ": one rank's write, whole");
            }
            f.setAtomicity(false);
            assertFalse(f.atomicity());
        }
    }

    static void openFailures(Comm comm, Path dir, Hints h, String config) throws IOException {
        Path missingDir = dir.resolve("no/such/dir/" + config + ".bin");
        CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> ParallelFile.open(comm, missingDir, EnumSet.of(Amode.CREATE, Amode.RDWR), h));
        assertTrue(e.getMessage().contains(missingDir.toString()) || e.failures().stream().anyMatch(f -> f.message().contains("no/such/dir")), e.getMessage());
        assertTrue(e.failures().stream().allMatch(RankFailure::io), e.getMessage());

        Path absent = dir.resolve("absent-" + config + ".bin");
        e = assertThrows(CollectiveIOException.class, () -> ParallelFile.open(comm, absent, EnumSet.of(Amode.RDONLY), h));
        assertTrue(e.getMessage().contains("absent-" + config), e.getMessage());

        Path exists = dir.resolve("exists-" + config + ".bin");
        if (comm.rank() == 0) Files.write(exists, new byte[] {1, 2, 3});
        comm.barrier();
        e = assertThrows(CollectiveIOException.class, () -> ParallelFile.open(comm, exists, EnumSet.of(Amode.CREATE, Amode.EXCL, Amode.WRONLY), h));
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(exists), "EXCL left the file alone");

        if (comm.size() > 1) {
            Set<Amode> m = comm.rank() == comm.size() - 1 ? EnumSet.of(Amode.CREATE, Amode.WRONLY) : EnumSet.of(Amode.CREATE, Amode.RDWR);
            CollectiveException d = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, exists, m, h));
            assertTrue(d.getMessage().contains("rank=" + (comm.size() - 1) + " amode="), d.getMessage());
            // open compares digests of path, mode and hints; a difference is still named value by value
            Hints other = comm.rank() == 1 ? h.with(Hints.CB_BUFFER_SIZE, "65536") : h;
            d = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, exists, EnumSet.of(Amode.RDWR), other));
            assertTrue(d.getMessage().contains("rank=1 hint cb_buffer_size=65536 but rank=0"), d.getMessage());
            Path elsewhere = comm.rank() == 0 ? exists : dir.resolve("elsewhere-" + config + ".bin");
            d = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, elsewhere, EnumSet.of(Amode.CREATE, Amode.RDWR), h));
            assertTrue(d.getMessage().contains("path=" + elsewhere.toAbsolutePath()), d.getMessage());
            assertFalse(Files.exists(dir.resolve("elsewhere-" + config + ".bin")), "a refused open creates nothing");
        }
        CollectiveException bad = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, exists, EnumSet.of(Amode.CREATE, Amode.RDONLY), h));
        assertEquals(comm.size(), bad.failures().size(), "every rank's check failed alike");
        assertTrue(bad.getMessage().contains("MPI_ERR_AMODE"), bad.getMessage());
        comm.barrier();
    }

    /** One rank's bad argument fails every rank, naming it, before any byte moves. */
    static void argumentFailures(Comm comm, Path file, Hints h) throws IOException {
        byte[] old = new byte[64 * comm.size()];
        java.util.Arrays.fill(old, (byte) 7);
        if (comm.rank() == 0) Files.write(file, old);
        comm.barrier();
        int last = comm.size() - 1;
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), h)) {
            if (comm.size() > 1) {
                ElementType et = comm.rank() == 1 ? ElementType.DOUBLE : ElementType.INT;
                CollectiveException e = assertThrows(CollectiveException.class, () -> f.setView(FileView.contiguous(0, et, DataRep.NATIVE)));
                assertTrue(e.getMessage().contains("rank=1 etype=DOUBLE"), e.getMessage());
            }
            f.setView(interleaved(comm));
            Object buf = comm.rank() == last ? new long[4] : new int[4];
            CollectiveException w = assertThrows(CollectiveException.class, () -> f.writeAll(Elements.ofArray(buf)));
            assertTrue(w.getMessage().contains("rank=" + last) && w.getMessage().contains("etype=INT"), w.getMessage());
            CollectiveException s = assertThrows(CollectiveException.class,
                    () -> f.writeAtAll(0, Elements.of(new int[2], 0, comm.rank() == 0 ? 3 : 2)));
            assertEquals(1, s.failures().size(), s.getMessage());
            assertEquals(0, s.failures().get(0).rank());
            assertTrue(s.getMessage().contains("length=2"), s.getMessage());
            CollectiveException o = assertThrows(CollectiveException.class,
                    () -> f.writeAtAll(comm.rank() == last ? Long.MAX_VALUE / 2 : 0, Elements.of(new int[2])));
            assertTrue(o.getMessage().contains("rank=" + last) && o.getMessage().contains("overflows"), o.getMessage());
            CollectiveException nul = assertThrows(CollectiveException.class, () -> f.writeAll(comm.rank() == 0 ? null : Elements.of(new int[2])));
            assertTrue(nul.getMessage().contains("buffer is null"), nul.getMessage());
            assertEquals(0, f.pointer(), "no failed call moved the pointer");
        }
        assertArrayEquals(old, Files.readAllBytes(file), "no byte moved");
        comm.barrier();
    }

    /** A read that meets the end reads what is there and says how much (MPI_Get_count); jpio_short_reads=disable refuses it. */
    static void readPastEnd(Comm comm, Path file, Hints h) throws IOException {
        int n = comm.size();
        if (comm.rank() == 0) {
            ByteBuffer b = ByteBuffer.allocate(4 * 8 * n - 4).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 8 * n - 1; i++) b.putInt(4 * i, i);
            Files.write(file, b.array());
        }
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), h)) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            int[] back = new int[8];
            int got = f.readAtAll(comm.rank() * 8L, Elements.of(back));
            assertEquals(comm.rank() == n - 1 ? 7 : 8, got, "elements read before the end");
            for (int i = 0; i < got; i++) assertEquals(comm.rank() * 8 + i, back[i]);
            assertEquals(0, f.readAt(8L * n + 5, Elements.of(new int[3])), "wholly past the end: nothing");
            f.seek(8L * n - 2);
            assertEquals(1, f.read(Elements.of(new int[4])));
            assertEquals(8L * n - 1, f.pointer(), "the pointer moves by what was read");
        }
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), h.with(Hints.JPIO_SHORT_READS, "disable"))) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> f.readAtAll(comm.rank() * 8L, Elements.of(new int[8])));
            assertTrue(e.failures().stream().anyMatch(r -> r.type().equals("EOFException") && r.rank() == n - 1), e.getMessage());
            assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
            assertThrows(java.io.EOFException.class, () -> f.readAt(8L * n, Elements.of(new int[1])));
        }
    }

    static void closedAndModes(Comm comm, Path file, Hints h) throws IOException {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.WRONLY), h)) {
            FileNotReadableException r = assertThrows(FileNotReadableException.class, () -> f.readAtAll(0, Elements.of(new byte[1])));
            assertTrue(r.getMessage().contains("WRONLY") && r.getMessage().contains(file.toString()), r.getMessage());
            assertThrows(FileNotReadableException.class, () -> f.readAt(0, Elements.of(new byte[1])));
            f.writeAtAll(comm.rank(), Elements.of(new byte[] {(byte) comm.rank()}));
        }
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), h)) {
            FileNotWritableException w = assertThrows(FileNotWritableException.class, () -> f.writeAtAll(0, Elements.of(new byte[1])));
            assertTrue(w.getMessage().contains("RDONLY"), w.getMessage());
            byte[] b = new byte[comm.size()];
            f.readAtAll(0, Elements.of(b));
            for (int r = 0; r < b.length; r++) assertEquals(r, b[r]);
            f.close();
            FileClosedException c = assertThrows(FileClosedException.class, () -> f.readAt(0, Elements.of(new byte[1])));
            assertTrue(c.getMessage().contains("closed") && c.getMessage().contains(file.toString()), c.getMessage());
            assertThrows(FileClosedException.class, () -> f.readAtAll(0, Elements.of(new byte[1])));
            assertThrows(FileClosedException.class, f::size);
            assertThrows(FileClosedException.class, f::sync);
            f.close(); // closing twice does nothing
        }
    }

    static void deleteOnClose(Comm comm, Path file, Hints h) throws IOException {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR, Amode.DELETE_ON_CLOSE), h)) {
            f.writeAtAll(comm.rank() * 8L, Elements.of(new long[] {comm.rank()}));
            assertTrue(Files.exists(file));
        }
        assertTrue(Files.notExists(file), "deleted once every rank closed it");
    }

    /** A full file system: every rank throws the same CollectiveIOException, and what was written before survives. */
    static void fullDisk(Comm comm, Path file, Hints h) throws IOException {
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
            int[] first = new int[1024];
            java.util.Arrays.fill(first, 42 + comm.rank());
            f.writeAtAll(comm.rank() * 1024L, Elements.of(first));
            int[] big = new int[64 * 1024]; // 256 KiB more per rank: the small file system fills up
            CollectiveIOException e = assertThrows(CollectiveIOException.class,
                    () -> f.writeAtAll(1024L * comm.size() + comm.rank() * (long) big.length, Elements.of(big)));
            // jpio's drivers name ENOSPC; ROMIO reports it as MPI_ERR_IO, whose text under Open MPI is all MPI passes on
            // ("MPI_ERR_IO: input/output error"), while MPICH's error stack ends in strerror ("No space left on device")
            String m = e.getMessage().toLowerCase();
            assertTrue(h.backend().equals("romio") ? m.contains("mpi_err_io") || m.contains("no space left") : m.contains("no space left"), e.getMessage());
            int[] back = new int[1024];
            f.readAtAll(comm.rank() * 1024L, Elements.of(back));
            assertArrayEquals(first, back, "data written before the disk filled up, rank " + comm.rank());
        } finally {
            comm.barrier();
            if (comm.rank() == 0) Files.deleteIfExists(file);
            comm.barrier();
        }
    }

}
