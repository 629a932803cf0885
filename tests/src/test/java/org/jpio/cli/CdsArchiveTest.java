package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive `make build` trains (scripts/cds-archive.sh) and bin/jpio maps: private (0600 in
 * a 0700 directory), used only when this user owns it, and harmless when it is stale or damaged (the JVM
 * then loads the classes from the jars, silently).
 */
class CdsArchiveTest {
    private static final String CLI = "org.jpio.examples.cli.JpioCommand";

    @Test
    @Timeout(180)
    void theTrainedArchiveIsPrivateAndServesJpiosClasses(@TempDir Path dir) throws Exception {
        Proc train = run(dir, List.of("bash", JpioCli.HOME.resolve("scripts/cds-archive.sh").toString()), "");
        assertEquals(0, train.status, "scripts/cds-archive.sh: " + train.out);
        Path archive;
        try (Stream<Path> s = Files.list(JpioCli.HOME.resolve("examples/target/cds"))) {
            archive = s.filter(p -> p.toString().endsWith(".jsa")).findFirst().orElseThrow();
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(archive)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(archive.getParent())));
        assertEquals("shared objects file (top)", source(dir), "bin/jpio maps the archive");

        if (Files.getOwner(archive).getName().equals("root")) { // the owner check, shown failing without its owner
            UserPrincipal root = Files.getOwner(archive);
            UserPrincipal nobody = archive.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(archive, nobody);
            try {
                assertTrue(source(dir).startsWith("file:"), "an archive another user owns is not used");
            } finally {
                Files.setOwner(archive, root);
            }
        }

        byte[] whole = Files.readAllBytes(archive);
        Files.write(archive, java.util.Arrays.copyOf(whole, whole.length / 3)); // damaged: cut short
        try {
            Proc v = run(dir, List.of(JpioCli.HOME.resolve("bin/jpio").toString(), "--version"), "");
            assertEquals(0, v.status, v.out);
            assertEquals(1, v.out.strip().lines().count(), "only the version, no JVM warning: " + v.out);
            assertTrue(source(dir).startsWith("file:"), "a damaged archive is passed over");
        } finally {
            Files.write(archive, whole);
        }
    }

    /** Where the JVM that bin/jpio starts took jpio's command-line class from, as -Xlog:class+load says. */
    private static String source(Path dir) throws Exception {
        Proc p = run(dir, List.of(JpioCli.HOME.resolve("bin/jpio").toString(), "--version"), "-Xlog:class+load=info");
        assertEquals(0, p.status, p.out);
        for (String line : p.out.split("\n")) {
            int at = line.indexOf(CLI + " source: ");
            if (at >= 0) return line.substring(at + CLI.length() + " source: ".length()).strip();
        }
        throw new AssertionError("no class+load line for " + CLI + ":\n" + p.out);
    }

    private record Proc(int status, String out) { }

    private static Proc run(Path dir, List<String> cmd, String javaOpts) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("JAVA_OPTS", javaOpts);
        Process p = pb.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("hangs: " + cmd + "\n" + Files.readString(out));
        }
        return new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }
}
