package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Collective errors: one rank's failure reaches every rank as an exception naming it, nobody hangs, nothing outside is lost. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParallelFileFailureTest {
    @TempDir Path dir;

    private static final EnumSet<AccessMode> CREATE_RW = EnumSet.of(AccessMode.CREATE, AccessMode.RDWR);

    @Test
    void missingDirectoryFailsOnEveryRank() throws Exception {
        Path file = dir.resolve("no/such/dir/a.bin");
        List<String> seen = LocalComm.runAndCollect(3, comm -> {
            CollectiveException e = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, file, CREATE_RW, Hints.none()));
            return e.getMessage();
        });
        for (String m : seen) assertTrue(m.contains("rank=0") && m.contains(file.toString()), m);
    }

    @Test
    void openWithoutCreateOfMissingFileNamesThePath() throws Exception {
        Path file = dir.resolve("absent.bin");
        LocalComm.run(2, comm -> {
            CollectiveException e = assertThrows(CollectiveException.class,
                    () -> ParallelFile.open(comm, file, EnumSet.of(AccessMode.RDONLY), Hints.none()));
            assertTrue(e.getMessage().contains("absent.bin") && e.getMessage().contains("rank=1"), e.getMessage());
        });
    }

    @Test
    void exclusiveCreateOfAnExistingFileFails() throws Exception {
        Path file = Files.write(dir.resolve("exists.bin"), new byte[] {1, 2, 3});
        LocalComm.run(2, comm -> {
            CollectiveException e = assertThrows(CollectiveException.class,
                    () -> ParallelFile.open(comm, file, EnumSet.of(AccessMode.CREATE, AccessMode.EXCL, AccessMode.WRONLY), Hints.none()));
            assertTrue(e.getMessage().contains("EXCL"), e.getMessage());
        });
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
    }

    @Test
    void amodeThatDiffersBetweenRanksIsReported() throws Exception {
        Path file = dir.resolve("a.bin");
        LocalComm.run(3, comm -> {
            EnumSet<AccessMode> m = comm.rank() == 2 ? EnumSet.of(AccessMode.CREATE, AccessMode.WRONLY) : CREATE_RW;
            CollectiveException e = assertThrows(CollectiveException.class, () -> ParallelFile.open(comm, file, m, Hints.none()));
            assertTrue(e.getMessage().contains("rank=2 amode="), e.getMessage());
        });
    }

    @Test
    void badViewOnOneRankFailsEveryRankAndKeepsTheFile() throws Exception {
        Path file = dir.resolve("v.bin");
        byte[] old = new byte[64];
        java.util.Arrays.fill(old, (byte) 7);
        Files.write(file, old);
        LocalComm.run(3, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(AccessMode.RDWR), Hints.none())) {
                ElementType et = comm.rank() == 1 ? ElementType.DOUBLE : ElementType.INT;
                CollectiveException e = assertThrows(CollectiveException.class,
                        () -> f.setView(FileView.contiguous(0, et, DataRep.NATIVE)));
                assertTrue(e.getMessage().contains("rank=1 etype=DOUBLE"), e.getMessage());
                // a buffer that does not match the view on one rank: no byte moves anywhere
                f.setView(new FileView(0, ElementType.INT, Datatype.vector(2, 1, 2, Datatype.of(ElementType.INT)), DataRep.NATIVE));
                Object buf = comm.rank() == 2 ? new long[4] : new int[4];
                CollectiveException w = assertThrows(CollectiveException.class, () -> f.writeAll(buf));
                assertTrue(w.getMessage().contains("rank=2") && w.getMessage().contains("etype=INT"), w.getMessage());
                // too small an array on rank 0
                CollectiveException s = assertThrows(CollectiveException.class,
                        () -> f.writeAtAll(0, new int[2], 0, comm.rank() == 0 ? 3 : 2));
                assertTrue(s.getMessage().contains("rank=0") && s.getMessage().contains("length=2"), s.getMessage());
            }
        });
        assertArrayEquals(old, Files.readAllBytes(file));
    }

    @Test
    void readPastEndOfFileFailsCollectively() throws Exception {
        Path file = Files.write(dir.resolve("short.bin"), new byte[40]);
        for (String cb : List.of("enable", "disable")) {
            LocalComm.run(2, comm -> {
                try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(AccessMode.RDONLY), Hints.of(Hints.ROMIO_CB_READ, cb))) {
                    f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                    CollectiveException e = assertThrows(CollectiveException.class, () -> f.readAtAll(comm.rank() * 8L, new int[8], 0, 8));
                    assertTrue(e.getMessage().contains("short.bin"), e.getMessage());
                }
            });
        }
    }

    @Test
    void fullDiskReachesEveryRankAndKeepsEarlierData() throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("tmpfs"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        String why = new String(mount.getInputStream().readAllBytes()).trim();
        Assumptions.assumeTrue(mount.waitFor() == 0, "a real ENOSPC needs a small tmpfs, and mounting one needs root: " + why);
        try {
            Path file = mnt.resolve("full.bin");
            for (String cb : List.of("enable", "disable")) {
                Files.deleteIfExists(file);
                LocalComm.run(4, comm -> {
                    try (ParallelFile f = ParallelFile.open(comm, file, CREATE_RW, Hints.of(Hints.ROMIO_CB_WRITE, cb, Hints.CB_BUFFER_SIZE, "65536"))) {
                        f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
                        int[] first = new int[1024];
                        java.util.Arrays.fill(first, 42 + comm.rank());
                        f.writeAtAll(comm.rank() * 1024L, first, 0, 1024);
                        int[] big = new int[32 * 1024]; // 4 ranks x 128 KiB more: the 256 KiB file system fills up
                        CollectiveException e = assertThrows(CollectiveException.class,
                                () -> f.writeAtAll(4096 + comm.rank() * (long) big.length, big, 0, big.length));
                        assertTrue(e.getMessage().toLowerCase().contains("no space left"), e.getMessage());
                        int[] back = new int[1024];
                        f.readAtAll(comm.rank() * 1024L, back, 0, 1024);
                        assertArrayEquals(first, back, "data written before the disk filled up, rank " + comm.rank() + " cb=" + cb);
                    }
                });
            }
        } finally {
            assertEquals(0, new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor());
        }
    }

    @Test
    void romioBackendUnderLocalCommSaysWhyOnEveryRank() throws Exception {
        Path file = dir.resolve("r.bin");
        List<String> seen = LocalComm.runAndCollect(2, comm -> assertThrows(CollectiveException.class,
                () -> ParallelFile.open(comm, file, CREATE_RW, Hints.of(Hints.JPIO_BACKEND, "romio"))).getMessage());
        for (String m : seen) assertTrue(m.contains("rank=0") && m.contains("rank=1") && m.contains("jpio_backend=romio"), m);
        assertTrue(Files.notExists(file), "nothing created");
    }

    @Test
    void operationsAfterCloseFailClearly() throws Exception {
        Path file = dir.resolve("c.bin");
        LocalComm.run(2, comm -> {
            ParallelFile f = ParallelFile.open(comm, file, CREATE_RW, Hints.none());
            f.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.writeAt(0, new byte[1], 0, 1));
            assertTrue(e.getMessage().contains("closed") && e.getMessage().contains("c.bin"), e.getMessage());
        });
    }

    @Test
    void deleteOnCloseRemovesTheFileAfterEveryRankClosed() throws Exception {
        Path file = dir.resolve("tmp.bin");
        LocalComm.run(3, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(AccessMode.CREATE, AccessMode.RDWR, AccessMode.DELETE_ON_CLOSE), Hints.none())) {
                f.writeAtAll(comm.rank() * 8L, new long[] {comm.rank()}, 0, 1);
            }
        });
        assertTrue(Files.notExists(file));
    }
}
