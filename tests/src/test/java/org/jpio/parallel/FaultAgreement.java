package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.Comm;
import org.jpio.comm.RankFailure;
import org.jpio.engine.Engines;

/**
 * Whatever an aggregator throws in the I/O phase of a collective call (an IOException, a RuntimeException,
 * an Error, at its n-th read or write), every rank leaves that call with the same exception naming the
 * rank and the cause, and the next collective on the same communicator works. One SPMD body for in-JVM
 * ranks and mpirun ({@link #main}).
 */
public final class FaultAgreement {
    private FaultAgreement() { }

    /** {@code mpirun -np N java ... FaultAgreement DIR}; prints "faults ok rank=R". */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        check(world, Path.of(args[0]));
        System.out.println("faults ok rank=" + world.rank() + " size=" + world.size());
    }

    public static void check(Comm comm, Path dir) throws Exception {
        int faulty = comm.size() - 1; // an aggregator under cb_config_list *:* (every rank aggregates)
        for (FaultyEngine.Kind kind : FaultyEngine.Kind.values())
            for (boolean reads : new boolean[] {false, true})
                for (String shared : new String[] {"disable", "enable"})
                    for (int n : new int[] {1, 2}) one(comm, dir.resolve("fault-" + kind + reads + shared + n + "-" + comm.size() + ".bin"), faulty, kind, reads, shared, n);
    }

    private static void one(Comm comm, Path file, int faulty, FaultyEngine.Kind kind, boolean reads, String shared, int n) throws Exception {
        String what = kind + (reads ? " read " : " write ") + n + " jpio_cb_shared=" + shared;
        Hints h = Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.ROMIO_CB_READ, "enable", Hints.CB_CONFIG_LIST, "*:*",
                Hints.CB_BUFFER_SIZE, "64", Hints.JPIO_CB_SHARED, shared);
        FaultyEngine engine = new FaultyEngine(Engines.defaultEngine(), comm.rank() == faulty ? n : 0, kind, reads);
        int[] mine = new int[64];
        java.util.Arrays.fill(mine, comm.rank() + 1);
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h, engine)) {
            f.setView(ParallelFileContract.interleaved(comm));
            Exception e;
            if (reads) {
                if (comm.rank() == 0) Files.write(file, new byte[mine.length * 4 * comm.size()]);
                comm.barrier();
                e = assertThrows(Exception.class, () -> f.readAtAll(0, Elements.of(new int[mine.length])), what);
            } else {
                e = assertThrows(Exception.class, () -> f.writeAtAll(0, Elements.of(mine)), what);
            }
            // the same exception on every rank, naming the faulty rank and the cause
            java.util.List<RankFailure> failures = e instanceof CollectiveIOException io ? io.failures()
                    : e instanceof CollectiveException c ? c.failures() : java.util.List.of();
            assertEquals(kind == FaultyEngine.Kind.IO ? CollectiveIOException.class : CollectiveException.class, e.getClass(), what + ": " + e);
            assertEquals(1, failures.size(), what + ": " + e.getMessage());
            assertEquals(faulty, failures.get(0).rank(), what);
            assertTrue(failures.get(0).message().contains(FaultyEngine.message(kind)), what + ": " + e.getMessage());
            // the communicator is still in step: the next collective works
            long[] ranks = comm.allgather(comm.rank());
            for (int r = 0; r < comm.size(); r++) assertEquals(r, ranks[r], what);
        }
        // and so is a file opened afterwards, without the fault
        try (ParallelFile g = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), h)) {
            g.setView(ParallelFileContract.interleaved(comm));
            g.writeAtAll(0, Elements.of(mine));
            int[] back = new int[mine.length];
            g.readAtAll(0, Elements.of(back));
            assertArrayEquals(mine, back, what);
        }
    }
}
