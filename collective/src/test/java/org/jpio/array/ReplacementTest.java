package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.npy.NpyFile;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file is replaced whole or not at all; what it holds can be learned from it; a temporary never outlives its writer. */
class ReplacementTest {
    @TempDir Path dir;

    private static List<Path> temporaries(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().contains(".jpio-")).toList();
        }
    }

    @Test
    void aReplacedFileKeepsItsPermissionsAndLeavesNoTemporary() throws Exception {
        Path file = dir.resolve("p.npy");
        Files.write(file, new byte[10]);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        Object inode = Files.getAttribute(file, "unix:ino");
        LocalComm.run(3, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.INT, 5, 4);
            Fill.fill(a);
            a.write(file);
        });
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(!inode.equals(Files.getAttribute(file, "unix:ino")), "a new file took the old one's name");
        assertEquals(List.of(), temporaries(dir));
        int[] all = (int[]) NpyFile.read(file).data();
        for (int p = 0; p < all.length; p++) assertEquals(Fill.value(ElementType.INT, p), all[p]);
    }

    @Test
    void aZombieWriterCountsAsGone() throws Exception {
        // a parent that forks a child which exits at once, and never collects it: the child stays a zombie
        // (a shell may reap its background job before it execs; Python leaves it alone)
        Process parent = new ProcessBuilder("/usr/bin/python3", "-c",
                "import os, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)").start();
        try {
            long zombie = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream())).readLine().trim());
            for (int i = 0; i < 200 && !Files.readString(Path.of("/proc/" + zombie + "/stat")).contains(") Z"); i++) Thread.sleep(10);
            assertTrue(ProcessHandle.of(zombie).isPresent(), "the JDK reports the zombie as a process: the reason for the check");
            assertTrue(Replacement.gone(zombie), "a zombie writes nothing more");
            assertTrue(!Replacement.gone(ProcessHandle.current().pid()), "this process is not gone");
        } finally {
            parent.destroyForcibly();
        }
    }

    @Test
    void inPlaceKeepsTheInode() throws Exception {
        Path file = dir.resolve("i.raw");
        Files.write(file, new byte[1000]);
        Object inode = Files.getAttribute(file, "unix:ino");
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.SHORT, 7);
            Fill.fill(a);
            a.write(file, ArrayFormats.RAW, Hints.defaults(), WriteMode.IN_PLACE);
        });
        assertEquals(inode, Files.getAttribute(file, "unix:ino"));
        assertEquals(14, Files.size(file));
    }

    @Test
    void theNextWriterRemovesTheTemporaryOfADeadOne() throws Exception {
        Path file = dir.resolve("s.npy");
        String host = LocalComm.runAndCollect(1, c -> c.hostName()).get(0);
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = dir.resolve(".s.npy.jpio-" + host + "-" + gone.pid() + "-abc.tmp");
        Path alive = dir.resolve(".s.npy.jpio-" + host + "-" + ProcessHandle.current().pid() + "-def.tmp");
        Path otherHost = dir.resolve(".s.npy.jpio-elsewhere-" + gone.pid() + "-0.tmp");
        for (Path p : List.of(stale, alive, otherHost)) Files.write(p, new byte[3]);
        LocalComm.run(2, comm -> DistributedArray.create(comm, ElementType.BYTE, 4).write(file));
        assertTrue(Files.notExists(stale), "a dead writer's temporary is removed");
        assertTrue(Files.exists(alive), "a live writer's temporary is not");
        assertTrue(Files.exists(otherHost), "nor one whose writer runs on another host (its liveness is not known here)");
    }

    @Test
    void loadAndInspectTakeTypeAndShapeFromTheFile() throws Exception {
        Path file = dir.resolve("l.npy");
        NpyFile.write(file, new double[] {1, 2, 3, 4, 5, 6}, 3, 2);
        LocalComm.run(2, comm -> {
            StoredArray s = DistributedArray.inspect(comm, file);
            assertEquals(ElementType.DOUBLE, s.type());
            assertArrayEquals(new long[] {3, 2}, s.shape());
            DistributedArray a = DistributedArray.load(comm, file);
            assertArrayEquals(new int[] {3, 2}, a.globalShape());
            for (int i = 0; i < a.localShape()[0]; i++)
                for (int j = 0; j < 2; j++) {
                    int[] g = a.toGlobal(i, j);
                    assertEquals(g[0] * 2 + g[1] + 1, a.doubles()[a.index(i, j)]);
                }
            Path raw = dir.resolve("l.raw");
            if (comm.rank() == 0) Files.write(raw, new byte[8]);
            comm.barrier();
            Exception e = assertThrows(Exception.class, () -> DistributedArray.load(comm, raw));
            assertTrue(e.getMessage().contains("give the element type and shape") && e.getMessage().contains("l.raw"), e.getMessage());
        });
    }

    /** A full disk mid-write: every rank gets the IOException, the old file is intact, the temporary is gone. */
    @Test
    void aFullDiskLeavesTheOldFileWhole() throws Exception {
        Path mnt = Files.createDirectories(dir.resolve("tmpfs"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        String why = new String(mount.getInputStream().readAllBytes()).trim();
        Assumptions.assumeTrue(mount.waitFor() == 0, "a real ENOSPC needs a small tmpfs, and mounting one needs root: " + why);
        try {
            Path file = mnt.resolve("f.npy");
            LocalComm.run(2, comm -> {
                DistributedArray a = DistributedArray.create(comm, ElementType.LONG, 10_000);
                Fill.fill(a);
                a.write(file);
            });
            byte[] old = Files.readAllBytes(file);
            for (String cb : List.of("enable", "disable")) {
                LocalComm.run(2, comm -> {
                    DistributedArray big = DistributedArray.create(comm, ElementType.LONG, 30_000); // 240 KB more than fits beside the old
                    CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> big.write(file, ArrayFormats.NPY, Hints.of(Hints.ROMIO_CB_WRITE, cb)));
                    assertTrue(e.getMessage().toLowerCase().contains("no space left"), e.getMessage());
                });
                assertArrayEquals(old, Files.readAllBytes(file), "the old file, whole (romio_cb_write=" + cb + ")");
                assertEquals(List.of(), temporaries(mnt));
            }
        } finally {
            assertEquals(0, new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor());
        }
    }

    /** The descriptors of this JVM open on a file that no longer has a name (what /proc shows as "(deleted)"). */
    private static long heldDeleted(Path file) throws Exception {
        String gone = file.toAbsolutePath() + " (deleted)";
        long n = 0;
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(gone)) n++;
                } catch (java.io.IOException e) {
                    // the listing's own descriptor, closed by now
                }
            }
        }
        return n;
    }

    @Test
    void theOldVersionIsFreedInTheBackgroundAndBeforeTheNextReplacement() throws Exception {
        Path file = dir.resolve("big.raw");
        Files.write(file, new byte[1 << 20]);
        java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
        Replacement.RELEASES.submit(() -> { hold.await(); return null; }); // the release thread busy: closes queue up
        try {
            Path tmp = Replacement.temporary(file, "h");
            Files.write(tmp, new byte[] {1, 2, 3});
            Replacement.commit(tmp, file); // returns although the old version's close waits behind the latch
            assertEquals(3, Files.size(file));
            assertEquals(1, heldDeleted(file), "the old version is held open, its blocks not yet freed");
            java.util.concurrent.CompletableFuture<Path> next = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return Replacement.temporary(file, "h");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            Thread.sleep(300);
            assertTrue(!next.isDone(), "the next replacement waits until the old version's blocks are free");
            hold.countDown();
            next.get(10, java.util.concurrent.TimeUnit.SECONDS);
            assertEquals(0, heldDeleted(file), "the old version is closed once the release thread runs");
        } finally {
            hold.countDown();
        }
    }

    /** Bytes of {@code file} in the page cache, as util-linux's fincore counts them (mincore). */
    private static long cached(Path file) throws Exception {
        Process p = new ProcessBuilder("fincore", "--bytes", "--noheadings", "--raw", "--output", "RES", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).trim();
        assertEquals(0, p.waitFor(), out);
        return Long.parseLong(out);
    }

    /**
     * Before the new version is written, the old one's pages leave the page cache (so that the new version's
     * writes reuse them: see Replacement.dropCachedPages), and the old version stays whole under its name.
     */
    @Test
    void theOldVersionLeavesThePageCacheBeforeTheNewOneIsWrittenAndStaysWhole() throws Exception {
        Assumptions.assumeTrue(!"tmpfs".equals(Files.getFileStore(dir).type()), "a tmpfs file is its pages: nothing to drop");
        Assumptions.assumeTrue(!org.jpio.engine.Engines.defaultEngine().name().equals("nio"), "the nio engine has no posix_fadvise");
        Assumptions.assumeTrue(new ProcessBuilder("fincore", "--version").start().waitFor() == 0, "fincore (util-linux) counts cached pages");
        Path file = dir.resolve("cached.raw");
        byte[] old = new byte[4 << 20];
        new java.util.Random(15).nextBytes(old);
        Files.write(file, old);
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            c.force(true); // DONTNEED drops clean pages only
        }
        assertArrayEquals(old, Files.readAllBytes(file));
        assertEquals(old.length, cached(file), "the old version is cached before the replacement starts");
        Path tmp = Replacement.temporary(file, "h");
        assertEquals(0, cached(file), "its pages are given back before any byte of the new version is written");
        assertArrayEquals(old, Files.readAllBytes(file), "the old version, whole under its name");
        Files.write(tmp, new byte[] {1, 2, 3});
        Replacement.commit(tmp, file);
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
    }
}
