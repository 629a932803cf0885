package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The ROMIO programs run only from a build directory that is this user's and private (0700). */
class RomioProgramsTest {
    @TempDir Path dir;

    private Path build(String mode) throws Exception {
        Path d = Files.createDirectories(dir.resolve("romio-tests"));
        Files.writeString(d.resolve("async"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(d.resolve("async"), PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
        return d;
    }

    @Test
    void aPrivateDirectoryOfThisUserIsUsed() throws Exception {
        Path d = build("rwx------");
        assertEquals(d.resolve("async"), RomioPrograms.binary(d, "async"));
    }

    @Test
    void aDirectoryOthersCanReadOrWriteIsRefused() throws Exception {
        for (String mode : new String[] {"rwxr-xr-x", "rwxrwxrwx", "rwx---r-x"}) {
            Path d = build(mode);
            AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RomioPrograms.binary(d, "async"), mode);
            assertTrue(e.getMessage().contains("not a private directory (0700)") && e.getMessage().contains("mode=" + mode), e.getMessage());
        }
    }

    @Test
    void aDirectoryOfAnotherUserIsRefused() throws Exception {
        Path d = build("rwx------");
        UserPrincipal nobody;
        try {
            nobody = d.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
            Files.setOwner(d, nobody);
        } catch (java.io.IOException notRoot) {
            org.junit.jupiter.api.Assumptions.abort("changing a directory's owner needs root: " + notRoot);
            return;
        }
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> RomioPrograms.binary(d, "async"));
        assertTrue(e.getMessage().contains("owner=nobody"), e.getMessage());
    }
}
