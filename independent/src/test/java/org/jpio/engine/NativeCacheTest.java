package org.jpio.engine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unpacking the jar's libraries: one private copy per content, safe when many processes start at once,
 * never taken from a directory or file another user controls, and never silently lost when the cache or
 * the temporary directory is read-only or noexec (real tmpfs mounts, as root).
 */
class NativeCacheTest {
    @TempDir Path dir;

    static final long UID = uid();

    static long uid() {
        try {
            return NativeCache.uid();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static byte[] content(int n, int seed) {
        byte[] b = new byte[n];
        new java.util.Random(seed).nextBytes(b);
        return b;
    }

    static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
    }

    static List<Path> listing(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }

    // ---- one private copy per content -----------------------------------------------------------

    @Test
    void oneCopyPerContentPrivateAndReused() throws IOException {
        Path root = dir.resolve("cache");
        byte[] a = content(100_000, 1), b = content(100_000, 2);
        Path first = NativeCache.file(root, "libjpio.so", a, UID);
        assertEquals(first, NativeCache.file(root, "libjpio.so", a, UID), "the same content is the same file");
        assertEquals(first.getFileName().toString(), "libjpio-" + NativeCache.hash(a) + ".so");
        Path other = NativeCache.file(root, "libjpio.so", b, UID);
        assertNotEquals(first, other, "other content, other file");
        assertEquals(List.of(first, other).stream().sorted().toList(), listing(root.resolve("native")), "no leftovers");
        assertArrayEquals(a, Files.readAllBytes(first));
        assertEquals("rw-------", mode(first));
        assertEquals("rwx------", mode(root));
        assertEquals("rwx------", mode(root.resolve("native")));
    }

    @Test
    void aTamperedOrTruncatedCopyIsReplacedNotUsed() throws IOException {
        Path root = dir.resolve("cache");
        byte[] a = content(50_000, 3);
        Path p = NativeCache.file(root, "libjpio.so", a, UID);
        Files.write(p, Arrays.copyOf(a, 1000)); // a crash in the middle of a naive copy
        assertEquals(p, NativeCache.file(root, "libjpio.so", a, UID));
        assertArrayEquals(a, Files.readAllBytes(p));
        byte[] evil = a.clone();
        evil[777] ^= 1;
        Files.write(p, evil);
        NativeCache.file(root, "libjpio.so", a, UID);
        assertArrayEquals(a, Files.readAllBytes(p), "same size, other bytes: replaced");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-rw-rw-"));
        NativeCache.file(root, "libjpio.so", a, UID);
        assertEquals("rw-------", mode(p), "a wider mode on our own file is narrowed");
    }

    @Test
    void aFileOfAnotherUserIsReplacedAndADirectoryOfAnotherUserRefused() throws Exception {
        Assumptions.assumeTrue(UID == 0, "giving files to another user needs root");
        Path root = dir.resolve("cache");
        byte[] a = content(20_000, 4);
        Path p = NativeCache.file(root, "libjpio.so", a, UID);
        Files.setAttribute(p, "unix:uid", 65534); // same bytes, another owner: not trusted
        NativeCache.file(root, "libjpio.so", a, UID);
        assertEquals(0, ((Number) Files.getAttribute(p, "unix:uid")).intValue(), "replaced by a copy of our own");

        Path shared = Files.createDirectory(dir.resolve("jpio-0"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setAttribute(shared, "unix:uid", 65534); // another user got there first, as in a shared /tmp
        IOException e = assertThrows(IOException.class, () -> NativeCache.file(shared, "libjpio.so", a, UID));
        assertTrue(e.getMessage().contains("is owned by uid=65534, not by this user (uid=0): refused"), e.getMessage());
        assertEquals(List.of(), listing(shared), "nothing written into it");

        Path link = Files.createSymbolicLink(dir.resolve("link"), root);
        e = assertThrows(IOException.class, () -> NativeCache.file(link, "libjpio.so", a, UID));
        assertTrue(e.getMessage().contains("is a symbolic link: refused"), e.getMessage());
    }


    /**
     * A file where the cache's parent directory should be (java.io.tmpdir naming a file): the JDK's
     * exception says only the path, so the reason names the cache root and what was in the way.
     */
    @Test
    void aFileInTheWayOfTheCacheIsNamedWithTheRoot() throws Exception {
        Path file = Files.write(dir.resolve("tmp"), new byte[1]);
        Path root = file.resolve("jpio-" + UID);
        IOException e = assertThrows(IOException.class, () -> NativeCache.file(root, "libjpio.so", content(100, 5), UID));
        assertEquals("cache " + root + ": FileAlreadyExistsException " + file, NativeLibrary.cacheFailure(root, e));
        assertEquals("cache directory x is not a directory", NativeLibrary.cacheFailure(root, new IOException("cache directory x is not a directory")),
                "jpio's own reasons say the path already");
    }
    @Test
    void rootsInOrderPropertyEnvironmentXdgHomeTmp() {
        List<Path> r = NativeCache.roots(Map.of("java.io.tmpdir", "/t", "user.home", "/u"),
                Map.of("JPIO_NATIVE_CACHE", "/e", "XDG_CACHE_HOME", "/x", "HOME", "/h"), 42);
        assertEquals(List.of(Path.of("/e"), Path.of("/x/jpio"), Path.of("/h/.cache/jpio"), Path.of("/t/jpio-42")), r);
        r = NativeCache.roots(Map.of(NativeCache.PROPERTY, "/p", "java.io.tmpdir", "/t"), Map.of("JPIO_NATIVE_CACHE", "/e"), 42);
        assertEquals(List.of(Path.of("/p"), Path.of("/t/jpio-42")), r, "the property before the environment; no home: none");
    }

    // ---- many at once ---------------------------------------------------------------------------

    /** Threads extract the same library into fresh caches at once, each reading its result back at once. */
    static int tornReads(int rounds, Path base) throws Exception {
        int threads = 8;
        byte[] lib = content(4 << 20, 5);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicInteger torn = new AtomicInteger();
        try {
            for (int round = 0; round < rounds; round++) {
                Path root = base.resolve("r" + round);
                CyclicBarrier start = new CyclicBarrier(threads);
                List<Future<?>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    done.add(pool.submit(() -> {
                        start.await();
                        Path p = NativeCache.file(root, "libjpio.so", lib, UID);
                        if (!Arrays.equals(lib, Files.readAllBytes(p))) torn.incrementAndGet();
                        return null;
                    }));
                }
                for (Future<?> f : done) f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        return torn.get();
    }

    @Test
    void concurrentExtractionNeverShowsAPartialLibrary() throws Exception {
        assertEquals(0, tornReads(10, dir));
        for (int round = 0; round < 10; round++)
            assertEquals(1, listing(dir.resolve("r" + round).resolve("native")).size(), "one file, no temporaries, round " + round);
    }

    /** The negative control: written in place under the final name, concurrent loaders see partial copies. */
    @Test
    void negativeControlWritingInPlaceShowsPartialLibraries() throws Exception {
        NativeCache.renameIntoPlace = false;
        try {
            int torn = 0;
            for (int attempt = 0; attempt < 10 && torn == 0; attempt++) torn = tornReads(20, dir.resolve("a" + attempt));
            assertTrue(torn > 0, "in-place writes never showed a partial file in 200 rounds of 8 threads");
        } finally {
            NativeCache.renameIntoPlace = true;
        }
    }

    // ---- other JVMs, started as a user starts them ----------------------------------------------

    /** A JVM running {@link NativeLoadChild} with no jpio.native.dir, the given options and environment. */
    static Process child(List<String> options, Map<String, String> env) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:-UsePerfData"));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), NativeLoadChild.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeAll(List.of("JPIO_NATIVE_CACHE", "XDG_CACHE_HOME", "JPIO_ENGINE"));
        pb.environment().putAll(env);
        return pb.start();
    }

    /** stdout and stderr of a finished child; fails the test unless it exits 0 within a minute. */
    static String[] output(Process p) throws Exception {
        String out = new String(p.getInputStream().readAllBytes()), err = new String(p.getErrorStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child did not finish");
        assertEquals(0, p.exitValue(), "child failed: " + out + err);
        return new String[] {out, err};
    }

    @Test
    void ranksStartingTogetherLoadOneCopy() throws Exception {
        Path cache = dir.resolve("cache");
        List<Process> ranks = new ArrayList<>();
        for (int i = 0; i < 6; i++) ranks.add(child(List.of("-D" + NativeCache.PROPERTY + "=" + cache), Map.of()));
        List<Path> lib = listingAfter(ranks, cache);
        assertEquals(1, lib.size(), "one copy for six processes: " + lib);
        assertTrue(lib.get(0).getFileName().toString().matches("libjpio-[0-9a-f]{16}\\.so"), lib.toString());
        // a second run unpacks nothing: the same file, untouched
        long modified = Files.getLastModifiedTime(lib.get(0)).toMillis();
        assertEquals(lib, listingAfter(List.of(child(List.of("-D" + NativeCache.PROPERTY + "=" + cache), Map.of())), cache));
        assertEquals(modified, Files.getLastModifiedTime(lib.get(0)).toMillis());
    }

    private static List<Path> listingAfter(List<Process> ranks, Path cache) throws Exception {
        for (Process p : ranks) {
            String out = output(p)[0];
            assertTrue(out.contains("outcome libjpio.so: " + cache.resolve("native")) && out.contains("unpacked into the cache " + cache), out);
        }
        return listing(cache.resolve("native"));
    }

    @Test
    void jpioNativeDirThenTheSystemLibraryPathWin() throws Exception {
        Path sys = Files.createDirectory(dir.resolve("sys")), mine = Files.createDirectory(dir.resolve("mine"));
        Path built = Path.of(System.getProperty("jpio.native.dir"), "libjpio.so");
        Files.copy(built, sys.resolve("libjpio.so"));
        Files.copy(built, mine.resolve("libjpio.so"));
        String cache = "-D" + NativeCache.PROPERTY + "=" + dir.resolve("cache");
        String out = output(child(List.of(cache, "-Djava.library.path=" + sys), Map.of()))[0];
        assertTrue(out.contains("outcome libjpio.so: " + sys.resolve("libjpio.so") + " (java.library.path)"), out);
        out = output(child(List.of(cache, "-Djava.library.path=" + sys, "-Djpio.native.dir=" + mine), Map.of()))[0];
        assertTrue(out.contains("outcome libjpio.so: " + mine.resolve("libjpio.so") + " (-Djpio.native.dir)"), out);
        assertFalse(Files.exists(dir.resolve("cache")), "nothing unpacked when an installed copy wins");
    }

    /**
     * A noexec cache (a tmpfs mounted noexec, as /tmp often is) and a read-only one are skipped with their
     * reasons and the next root serves; when every root is on the noexec mount, the native engine is
     * unavailable, the default falls back to another engine and the INFO line says why.
     */
    @Test
    void noexecAndReadOnlyCachesAreSkippedAndAFallbackIsSaid() throws Exception {
        Path noexec = mount("noexec", "rw,noexec"), ro = mount("ro", "ro");
        try {
            Path home = Files.createDirectory(dir.resolve("home"));
            String[] r = output(child(List.of("-D" + NativeCache.PROPERTY + "=" + noexec.resolve("c")),
                    Map.of("XDG_CACHE_HOME", ro.toString(), "HOME", home.toString())));
            assertTrue(r[0].contains("outcome libjpio.so: " + home.resolve(".cache/jpio/native")), r[0]);
            assertTrue(r[0].contains("skipped: cache directory " + noexec.resolve("c/native") + " is on a file system mounted noexec"), r[0]);
            assertTrue(r[0].contains(ro.resolve("jpio") + ": Read-only file system"), r[0]);

            // everything noexec: the temporary directory too
            Path tmp = Files.createDirectory(noexec.resolve("tmp"));
            r = output(child(List.of("-D" + NativeCache.PROPERTY + "=" + noexec.resolve("c"), "-Djava.io.tmpdir=" + tmp),
                    Map.of("XDG_CACHE_HOME", noexec.toString(), "HOME", noexec.toString())));
            assertTrue(r[0].contains("outcome libjpio.so: not loaded:") && r[0].contains("mounted noexec"), r[0]);
            String engine = Runtime.version().feature() >= FfmEngine.MINIMUM_JAVA ? "ffm" : "nio";
            assertTrue(r[0].contains("choice engine=" + engine), r[0]);
            if (engine.equals("nio")) {
                assertTrue(r[1].contains("INFO: jpio: engine=nio; passed over: ffm (needs Java 22+") && r[1].contains("native (libjpio.so did not load:")
                        && r[1].contains("mounted noexec"), "the fallback is said once at INFO: " + r[1]);
            }
        } finally {
            umount(noexec);
            umount(ro);
        }
    }

    private Path mount(String name, String options) throws Exception {
        Path mnt = Files.createDirectory(dir.resolve(name));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16m," + options, "tmpfs", mnt.toString()).redirectErrorStream(true).start();
        String why = new String(p.getInputStream().readAllBytes()).trim();
        Assumptions.assumeTrue(p.waitFor() == 0, "a noexec or read-only file system needs a tmpfs mount, which needs root: " + why);
        return mnt;
    }

    private static void umount(Path mnt) throws Exception {
        new ProcessBuilder("umount", mnt.toString()).inheritIO().start().waitFor();
    }
}
