package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * KNOWN BUGS of jpio's ROMIO driver (org.jpio.romio and its C bridge), found by the ports of MPICH's
 * zero_count.c and setviewcur.c ({@link Port#romioBug} says what fails and the fix). These tests FAIL
 * until the bugs are fixed, so they run only with {@code -Djpio.knownBugs=true}:
 * {@code mvn -pl tests -am test -Dtest=RomioDriverBugsTest -Djpio.knownBugs=true -Dsurefire.failIfNoSpecifiedTests=false}.
 * Once fixed, delete the condition and {@link Port#romioBug}'s case.
 */
@EnabledIfSystemProperty(named = "jpio.knownBugs", matches = "true",
        disabledReason = "KNOWN BUGS of the ROMIO driver (zero-length counts; shared pointer on SEQUENTIAL files): fail until fixed, see Port.romioBug")
class RomioDriverBugsTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "ROMIO driver, {0}")
    @EnumSource(names = {"ZERO_COUNT", "SETVIEWCUR"})
    void portRunsOnTheRomioDriver(Port port) {
        assertNotNull(port.romioBug());
        String out = MpiRun.run(3, RomioPortsMain.class, 90, List.of("--mca", "io", "romio321"), dir.toString(), "romio", port.program);
        MpiRun.requireEachRank(out, 3, "romio ports ok rank=%d size=3 config=romio");
    }
}
