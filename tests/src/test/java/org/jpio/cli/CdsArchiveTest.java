package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.Map;
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
        JpioCli.Result train = JpioCli.exec(dir, 120, Map.of(), List.of("bash", JpioCli.HOME.resolve("scripts/cds-archive.sh").toString()));
        assertEquals(0, train.status(), "scripts/cds-archive.sh: " + train.err() + train.out());
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
            JpioCli.Result v = JpioCli.run(dir, 120, "--version");
            assertEquals(0, v.status(), v.err());
            assertEquals(1, v.out().size() + v.err().strip().lines().count(), "only the version, no JVM warning: " + v.out() + v.err());
            assertTrue(source(dir).startsWith("file:"), "a damaged archive is passed over");
        } finally {
            Files.write(archive, whole);
        }
    }

    /** Where the JVM that bin/jpio starts took jpio's command-line class from, as -Xlog:class+load says. */
    private static String source(Path dir) throws Exception {
        JpioCli.Result p = JpioCli.exec(dir, 120, Map.of("JAVA_OPTS", "-Xlog:class+load=info"),
                List.of(JpioCli.HOME.resolve("bin/jpio").toString(), "--version"));
        assertEquals(0, p.status(), p.err());
        for (String line : p.out()) {
            int at = line.indexOf(CLI + " source: ");
            if (at >= 0) return line.substring(at + CLI.length() + " source: ".length()).strip();
        }
        throw new AssertionError("no class+load line for " + CLI + ":\n" + p.out());
    }
}
