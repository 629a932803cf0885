package org.jpio.romio;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.comm.local.LocalComm;
import org.jpio.parallel.Amode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ROMIO backend outside mpirun (this JVM never initialised MPI): it must refuse, saying what is
 * missing, and touch no file.
 */
class RomioBackendTest {
    @TempDir Path dir;

    @Test void libraryLoadsButMpiIsNotInitialised() {
        assertTrue(RomioBackend.libraryProblem().isEmpty(), () -> "jpio's MPI bridge should load: " + RomioBackend.libraryProblem());
        String why = RomioBackend.unavailableReason().orElseThrow();
        assertTrue(why.contains("MPI is not initialised"), why);
        assertFalse(RomioBackend.isAvailable());
    }

    @Test void openWithoutMpiThrowsAndCreatesNothing() {
        Path p = dir.resolve("x.bin");
        RomioUnavailableException e = assertThrows(RomioUnavailableException.class,
            () -> RomioFile.open(0L, p.toString(), EnumSet.of(Amode.CREATE, Amode.WRONLY), Map.of()));
        assertTrue(e.getMessage().startsWith("romio backend unavailable: MPI is not initialised"), e.getMessage());
        assertFalse(Files.exists(p));
        assertThrows(RomioUnavailableException.class, () -> MpiDatatype.of(org.jpio.io.ElementType.INT));
    }

    @Test void localCommIsRefusedByName() throws Exception {
        Path p = dir.resolve("y.bin");
        LocalComm.run(2, comm -> {
            RomioUnavailableException e = assertThrows(RomioUnavailableException.class,
                () -> RomioFile.open(comm, p.toString(), EnumSet.of(Amode.CREATE, Amode.WRONLY), Map.of()));
            assertTrue(e.getMessage().contains("LocalComm") && e.getMessage().contains("MpiComm"), e.getMessage());
        });
        assertFalse(Files.exists(p));
    }
}
