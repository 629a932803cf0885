package org.jpio.engine;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where the libraries packaged in the jpio-native jar are unpacked: a per-user private directory, one
 * file per content ({@code libjpio-<first 16 hex digits of its SHA-256>.so}), written once and reused by
 * every later run, rank and thread.
 *
 * <p>Safe when many ranks of a job start at once on one node, or on several nodes sharing a home
 * directory: a copy is written under a unique temporary name in the same directory and renamed into
 * place (atomic), so no process ever sees a partial library; a file already there is used only when it
 * is a regular file of this user, private, and byte for byte the packaged library (anything else is
 * replaced the same way). Directories are created 0700 and must be this user's: a directory another user
 * created (a shared /tmp) is refused, not used; a wider mode on one of ours is narrowed to 0700.
 *
 * <p>Candidate roots, in order: {@code -Djpio.native.cache} (or env {@code JPIO_NATIVE_CACHE}),
 * {@code $XDG_CACHE_HOME/jpio}, {@code $HOME/.cache/jpio}, {@code java.io.tmpdir/jpio-<uid>}. A root that
 * is read-only, refused, or on a file system mounted noexec (where no library can be mapped) is skipped
 * with its reason; {@link NativeLibrary} tries the next.
 */
final class NativeCache {
    static final String PROPERTY = "jpio.native.cache";
    static final String ENV = "JPIO_NATIVE_CACHE";

    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    /**
     * Only the negative control of the extraction race test turns this off: copies are then written in
     * place under their final name, as a naive extractor would, and concurrent loaders see partial files.
     */
    static volatile boolean renameIntoPlace = true;

    private NativeCache() { }

    /** The roots to try, in order, from the given system properties and environment. */
    static List<Path> roots(Map<String, String> props, Map<String, String> env, long uid) {
        List<Path> roots = new ArrayList<>();
        String forced = props.getOrDefault(PROPERTY, env.get(ENV));
        if (forced != null && !forced.isBlank()) roots.add(Path.of(forced.trim()));
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) roots.add(Path.of(xdg, "jpio"));
        String home = env.getOrDefault("HOME", props.get("user.home"));
        if (home != null && !home.isBlank() && !home.equals("?")) roots.add(Path.of(home, ".cache", "jpio"));
        roots.add(Path.of(props.getOrDefault("java.io.tmpdir", "/tmp"), "jpio-" + uid));
        return roots;
    }

    /**
     * The cached copy of {@code content} (a library called {@code fileName}) under {@code root}, written
     * if missing or not trustworthy. IOException naming the directory or file and what is wrong with it.
     */
    static Path file(Path root, String fileName, byte[] content, long uid) throws IOException {
        Path dir = root.resolve("native");
        Files.createDirectories(root.toAbsolutePath().getParent());
        privateDirectory(root, uid);
        privateDirectory(dir, uid);
        Optional<String> noexec = noexecMount(dir);
        if (noexec.isPresent())
            throw new IOException("cache directory " + dir + " is on a file system mounted noexec (mount point " + noexec.get()
                    + "): no library there can be mapped executable");
        String stem = fileName.endsWith(".so") ? fileName.substring(0, fileName.length() - 3) : fileName;
        Path target = dir.resolve(stem + "-" + hash(content) + ".so");
        if (trusted(target, content, uid)) return target;
        Path tmp = renameIntoPlace
                ? dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp")
                : target;
        try {
            try (SeekableByteChannel ch = Files.newByteChannel(tmp,
                    renameIntoPlace ? EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
                            : EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING),
                    PosixFilePermissions.asFileAttribute(FILE_MODE))) {
                java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(content);
                while (b.hasRemaining()) ch.write(b);
            }
            if (renameIntoPlace) Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + e, e);
        } finally {
            if (renameIntoPlace) Files.deleteIfExists(tmp);
        }
        return target;
    }

    /** Creates {@code dir} 0700 if missing; then it must be a real directory (no link) owned by {@code uid}. */
    static void privateDirectory(Path dir, long uid) throws IOException {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIR_MODE));
        } catch (FileAlreadyExistsException there) {
            // checked below, like one we created
        }
        PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) throw new IOException("cache directory " + dir + " is a symbolic link: refused (it could point anywhere)");
        if (!a.isDirectory()) throw new IOException("cache directory " + dir + " is not a directory");
        long owner = ((Number) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue();
        if (owner != uid)
            throw new IOException("cache directory " + dir + " is owned by uid=" + owner + ", not by this user (uid=" + uid
                    + "): refused; set -D" + PROPERTY + "=DIR to use another directory");
        if (!DIR_MODE.equals(a.permissions())) Files.setPosixFilePermissions(dir, DIR_MODE);
    }

    /** Whether {@code file} is a regular file of {@code uid}, private (narrowed if wider), holding exactly {@code content}. */
    private static boolean trusted(Path file, byte[] content, long uid) throws IOException {
        PosixFileAttributes a;
        try {
            a = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException absent) {
            return false;
        }
        if (!a.isRegularFile() || a.size() != content.length) return false;
        if (((Number) Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS)).longValue() != uid) return false;
        if (!Arrays.equals(Files.readAllBytes(file), content)) return false;
        Set<PosixFilePermission> mode = a.permissions();
        if (mode.stream().anyMatch(OTHERS::contains)) Files.setPosixFilePermissions(file, FILE_MODE);
        return true;
    }

    static String hash(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** This process's effective user id (files it creates get it), from /proc/self/status. */
    static long uid() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
        }
        throw new IOException("no Uid line in /proc/self/status");
    }

    /**
     * The mount point of {@code dir}'s file system when it is mounted noexec (the kernel then refuses to
     * map any file there executable, which is what loading a library does), from /proc/self/mountinfo.
     */
    static Optional<String> noexecMount(Path dir) throws IOException {
        String real = dir.toRealPath().toString();
        String best = null;
        boolean noexec = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            if (f.length < 6) continue;
            String mount = unescape(f[4]);
            boolean under = real.equals(mount) || real.startsWith(mount.endsWith("/") ? mount : mount + "/");
            if (under && (best == null || mount.length() >= best.length())) {
                best = mount;
                noexec = Arrays.asList(f[5].split(",")).contains("noexec");
            }
        }
        return noexec ? Optional.of(best) : Optional.empty();
    }

    /** mountinfo writes space, tab, newline and backslash in octal (\040). */
    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length()) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
