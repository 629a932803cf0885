package org.jpio.array;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;

/**
 * Loads the write path ahead of the program's first write. The first {@code DistributedArray.write} of a
 * JVM pays once for loading, linking and first interpreting some five hundred classes (measured here:
 * 80-150 ms of CPU for an array whose warm write takes 3 ms), which a checkpoint that comes once every few
 * minutes pays at its first write. The first {@code create} of a JVM starts one low-priority daemon thread
 * that writes and reads back a 4x4 array, without and with ghost cells, on two in-JVM ranks (the collective paths too) in
 * a private temporary directory (0700, in /dev/shm where there is one, removed at once, at the JVM's exit
 * if that comes first, or by the next warm-up if the JVM was killed), while the program fills its arrays.
 *
 * <p>Nothing depends on it: the program's own first write does the same work when the warm-up has not
 * run (or failed: its failure is reported on the {@code org.jpio.array} System.Logger at DEBUG and the
 * program's write reports its own). {@code -Djpio.warmup=false} turns it off.
 */
final class WarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final CountDownLatch DONE = new CountDownLatch(1);
    private static volatile Exception failure;

    private WarmUp() { }

    /** Starts the warm-up once per JVM, unless {@code jpio.warmup=false}. */
    static void start() {
        if (!Boolean.parseBoolean(System.getProperty("jpio.warmup", "true")) || !STARTED.compareAndSet(false, true)) return;
        Thread t = new Thread(WarmUp::run, "jpio-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Whether the warm-up ran to its end within {@code millis} (for tests). */
    static boolean awaitDone(long millis) throws InterruptedException {
        return DONE.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    /** What made the warm-up fail, or null (for tests). */
    static Exception failure() { return failure; }

    private static void run() {
        Path dir = null;
        // a JVM that ends while the warm-up runs (a daemon thread) removes its directory on the way out; the
        // hook comes first and looks for the directory by this JVM's pid, so no moment is left uncovered
        Thread atExit = new Thread(WarmUp::removeMine, "jpio-warm-up-removal");
        try {
            Runtime.getRuntime().addShutdownHook(atExit);
            dir = privateDirectory();
            Path in = dir;
            LocalComm.run(2, comm -> {
                for (int ghost = 0; ghost <= 1; ghost++) {
                    DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, new int[] {4, 4}, null, null, ghost);
                    Path file = in.resolve("warm-up-" + ghost + ".npy");
                    a.write(file);
                    a.read(file);
                }
            });
        } catch (Exception e) {
            failure = e;
            System.getLogger("org.jpio.array").log(System.Logger.Level.DEBUG, "jpio: the warm-up write failed (the program's first write reports its own): {0}", e);
        } finally {
            remove(dir);
            try {
                Runtime.getRuntime().removeShutdownHook(atExit);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs and finds nothing to remove
            }
            DONE.countDown();
        }
    }

    /**
     * A new 0700 directory in memory (/dev/shm) where there is one: the warm-up's syncs then flush no disk
     * cache, where in /tmp on a disk each would commit the journal under the program's own first write.
     */
    private static Path privateDirectory() throws IOException {
        var owner = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
        String prefix = PREFIX + ProcessHandle.current().pid() + "-";
        Path shm = places()[0];
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            try {
                removeStale(shm);
                return Files.createTempDirectory(shm, prefix, owner);
            } catch (IOException e) {
                // full or refused: the default temporary directory does as well, only with real syncs
            }
        }
        Path tmp = places()[1];
        removeStale(tmp);
        return Files.createTempDirectory(tmp, prefix, owner);
    }

    private static final String PREFIX = "jpio-warm-up-";

    /** Where a warm-up directory is made: in memory first, else the temporary directory. */
    private static Path[] places() { return new Path[] {Path.of("/dev/shm"), Path.of(System.getProperty("java.io.tmpdir"))}; }

    /**
     * At exit: this JVM's warm-up directories, wherever they are. The warm-up thread may still be writing
     * into one (daemon threads run on during shutdown hooks), so a removal that left something is repeated.
     */
    private static void removeMine() {
        String mine = PREFIX + ProcessHandle.current().pid() + "-";
        for (Path parent : places()) {
            if (!Files.isDirectory(parent)) continue;
            for (int attempt = 0; attempt < 5; attempt++) {
                boolean left = false;
                try (java.nio.file.DirectoryStream<Path> s = Files.newDirectoryStream(parent, mine + "*")) {
                    for (Path d : s) {
                        remove(d);
                        left |= Files.exists(d, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                    }
                } catch (IOException e) {
                    break;
                }
                if (!left) break;
            }
        }
    }

    /**
     * Removes the warm-up directories in {@code parent} that this user's JVMs left when they were killed
     * (named {@code jpio-warm-up-PID-...}, PID no longer running); those of other users and of running
     * JVMs stay. Best effort: what cannot be read or removed is left for the next warm-up.
     */
    static void removeStale(Path parent) {
        java.nio.file.attribute.UserPrincipal me;
        try {
            me = parent.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return;
        }
        try (java.nio.file.DirectoryStream<Path> s = Files.newDirectoryStream(parent, PREFIX + "*-*")) {
            for (Path d : s)
                if (Files.isDirectory(d, java.nio.file.LinkOption.NOFOLLOW_LINKS) && me.equals(Files.getOwner(d, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                        && Replacement.leftByGoneWriter(d.getFileName().toString(), PREFIX)) remove(d);
        } catch (IOException | RuntimeException e) {
            System.getLogger("org.jpio.array").log(System.Logger.Level.DEBUG, "jpio: stale warm-up directories in {0} not removed: {1}", parent, e);
        }
    }

    private static void remove(Path dir) {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.getLogger("org.jpio.array").log(System.Logger.Level.DEBUG, "jpio: warm-up directory {0} not removed: {1}", dir, e);
        }
    }
}
