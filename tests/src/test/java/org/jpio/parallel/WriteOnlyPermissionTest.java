package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A file the process may write but not read (mode 0200, owned by the unprivileged user the child JVM runs
 * as; root reads everything, so the writer must not be root): jpio opens it write-only and never reads it
 * (no write sieving; two-phase writes only the covered parts of its windows), and the bytes in the holes
 * survive. Needs root to switch users (setpriv); skipped with the reason otherwise.
 */
class WriteOnlyPermissionTest {
    static final int NOBODY = 65534;
    Path dir;

    @BeforeEach
    void privateCopyOfTheClassPath() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "needs root and setpriv to run a JVM as an unprivileged user");
        dir = Files.createTempDirectory("jpio-wo");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @AfterEach
    void clean() throws Exception {
        if (dir == null) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** The class path and native libraries copied where the unprivileged user can read them (~root is 0700). */
    private String classPath() throws IOException {
        List<String> out = new ArrayList<>();
        int k = 0;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path src = Path.of(e);
            if (!Files.exists(src)) continue;
            Path dst = dir.resolve("cp" + k++ + (Files.isDirectory(src) ? "" : ".jar"));
            copy(src, dst);
            out.add(dst.toString());
        }
        return String.join(File.pathSeparator, out);
    }

    private static void copy(Path src, Path dst) throws IOException {
        if (!Files.isDirectory(src)) {
            Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : s.toList()) {
                Path t = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @ParameterizedTest(name = "engine {0}, {1}")
    @CsvSource({"nio,twophase", "native,twophase", "nio,independent", "native,independent", "nio,write_at", "native,write_at"})
    void aFileThatMayOnlyBeWrittenIsNeverRead(String engine, String config) throws Exception {
        String cp = classPath();
        Path nativeDir = dir.resolve("native");
        copy(Path.of(System.getProperty("jpio.native.dir")), nativeDir);
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.setPosixFilePermissions(work, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path file = work.resolve("f.bin");
        byte[] old = new byte[WriteOnly.COUNT * 2 * 2 * 4];
        java.util.Arrays.fill(old, WriteOnly.BACKGROUND);
        Files.write(file, old);
        Files.setAttribute(file, "unix:uid", NOBODY);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
        List<String> cmd = List.of("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-cp", cp, "-Djpio.native.dir=" + nativeDir,
                WriteOnlyPermissionMain.class.getName(), file.toString(), engine, config);
        Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("jpio_write_only=the process may not read the file"), out);
        assertTrue(out.contains("permission ok"), out);
        WriteOnly.verify(file, 2, false, "as an unprivileged user, engine " + engine + " " + config);
    }
}
