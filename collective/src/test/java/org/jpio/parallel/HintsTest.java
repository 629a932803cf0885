package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.jpio.comm.local.LocalComm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ROMIO's keys and defaults, validation that names key and value, the ROMIO_HINTS file, and hints() in effect. */
class HintsTest {
    @TempDir Path dir;

    /** An open without hints and without ROMIO_HINTS takes the defaults parsed once; given hints are parsed anew. */
    @Test
    void noHintsAreTheDefaultsParsedOnce() {
        String file = System.getenv("ROMIO_HINTS");
        org.junit.jupiter.api.Assumptions.assumeTrue(file == null || file.isBlank(), "ROMIO_HINTS names a file here");
        assertSame(Hints.defaults(), Hints.fromEnvironment());
        assertSame(Hints.defaults(), Hints.of(java.util.Map.of()));
        Hints given = Hints.of("cb_nodes", "2");
        assertNotSame(Hints.defaults(), given);
        assertEquals("2", given.get("cb_nodes"));
    }

    @Test
    void romioDefaults() {
        Hints h = Hints.defaults();
        assertEquals(16 * 1024 * 1024, h.cbBufferSize());
        assertEquals(4 * 1024 * 1024, h.indRdBufferSize());
        assertEquals(512 * 1024, h.indWrBufferSize());
        assertEquals(Hints.Mode.AUTOMATIC, h.cbWrite());
        assertEquals(Hints.Mode.AUTOMATIC, h.cbRead());
        assertEquals(Hints.Mode.AUTOMATIC, h.dsWrite());
        assertEquals("*:1", h.cbConfigList());
        assertEquals(0, h.cbNodes(), "cb_nodes is settled at open: one per host");
        assertEquals("twophase", h.backend());
        assertNull(h.engine());
    }

    @Test
    void badValuesNameKeyAndValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.of("cb_buffer_size", "16M"));
        assertTrue(e.getMessage().contains("cb_buffer_size=16M"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.of("romio_cb_write", "sometimes"));
        assertTrue(e.getMessage().contains("romio_cb_write=sometimes") && e.getMessage().contains("enable, disable or automatic"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.of("cb_nodes", "0"));
        assertTrue(e.getMessage().contains("cb_nodes=0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.of("cb_nodes", "zz")); // a count, not bytes: the message says neither
        assertTrue(e.getMessage().endsWith("cb_nodes=zz is not a whole number"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.of("jpio_backend", "magic"));
        assertTrue(e.getMessage().contains("jpio_backend=magic"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.parse(List.of("cb_nodes")));
        assertTrue(e.getMessage().contains("not key=value"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Hints.of("cb_nodes"));
    }

    @Test
    void unknownKeysPassThroughAndModesAcceptRomioSpellings() {
        Hints h = Hints.parse(List.of("romio_cb_read=enable", "romio_ds_write=disable", "some_fs_hint=42"));
        assertEquals(Hints.Mode.ENABLE, h.cbRead());
        assertEquals(Hints.Mode.DISABLE, h.dsWrite());
        assertEquals("42", h.get("some_fs_hint"));
        assertEquals("65536", h.with("cb_buffer_size", "65536").get("cb_buffer_size"));
    }

    @Test
    void hintsFileFromTheEnvironmentVariableAndProgramHintsWin() throws Exception {
        Path file = Files.writeString(dir.resolve("hints"), "# site tuning\ncb_buffer_size 1048576\n\nromio_cb_write   disable\ncb_nodes 3\n");
        Hints h = Hints.fromSources(file.toString(), Map.of("cb_nodes", "2"));
        assertEquals(1048576, h.cbBufferSize());
        assertEquals(Hints.Mode.DISABLE, h.cbWrite());
        assertEquals(2, h.cbNodes(), "the program's hint wins over the file's");
        Path bad = Files.writeString(dir.resolve("bad"), "cb_buffer_size\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.fromSources(bad.toString(), Map.of()));
        assertTrue(e.getMessage().contains("line=1") && e.getMessage().contains(bad.toString()), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hints.fromSources(dir.resolve("missing").toString(), Map.of()));
        assertTrue(e.getMessage().contains("ROMIO_HINTS="), e.getMessage());
    }

    @Test
    void hintsInEffectIncludeDefaultsAndWhatJpioSettled() throws Exception {
        Path file = dir.resolve("f.bin");
        LocalComm.run(4, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.of("cb_nodes", "2", "cb_config_list", "*:*"))) {
                Map<String, String> h = f.hints();
                assertEquals("16777216", h.get("cb_buffer_size"));
                assertEquals("2", h.get("cb_nodes"));
                assertEquals("0 1", h.get("romio_aggregator_list"));
                assertTrue(h.containsKey("jpio_engine"));
                assertEquals(org.jpio.engine.Engines.choice().toString(), h.get("jpio_engine_choice"), "the default engine says why it runs");
                assertTrue(h.get("jpio_engine_choice").startsWith("engine=" + h.get("jpio_engine")), h.toString());
                f.writeAtAll(comm.rank() * 4L, Elements.ofArray(new int[] {comm.rank()}, 0, 1));
                assertTrue(h.get("jpio_cb_write_choice") == null && f.hints().get("jpio_cb_write_choice").startsWith("independent"),
                        "contiguous disjoint blocks need no aggregation: " + f.hints());
            }
        });
    }

    /** A misspelt key does nothing, as in ROMIO, but unlike ROMIO hints() says so; the watchdog limit in effect is there too. */
    @Test
    void unknownKeysAreReportedAndTheWatchdogLimitIsInEffect() throws Exception {
        Path file = dir.resolve("u.bin");
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of("cb_bufer_size", "1048576", "romio_no_indep_rw", "true", "jpio_watchdog_timeout", "42"))) {
                Map<String, String> h = f.hints();
                assertEquals("cb_bufer_size: not hints jpio or ROMIO knows, so they do nothing (ROMIO ignores them without a word)",
                        h.get(Hints.JPIO_UNKNOWN_HINTS));
                assertEquals("42", h.get(Hints.JPIO_WATCHDOG_TIMEOUT));
            }
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), Hints.defaults())) {
                assertNull(f.hints().get(Hints.JPIO_UNKNOWN_HINTS));
                assertEquals("600", f.hints().get(Hints.JPIO_WATCHDOG_TIMEOUT), "the default, where neither hint nor property sets it");
            }
        });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Hints.of("jpio_watchdog_timeout", "10m"));
        assertTrue(e.getMessage().contains("jpio_watchdog_timeout=10m is not a number of seconds"), e.getMessage());
    }

    /** The build clears ROMIO_HINTS for tests (root pom, MpiRun): no test reads the hints file of the environment it runs in. */
    @org.junit.jupiter.api.Test
    void testsDoNotReadTheEnvironmentsHintsFile() {
        String env = System.getenv(Hints.ENV_HINTS_FILE);
        org.junit.jupiter.api.Assertions.assertTrue(env == null || env.isBlank(), "ROMIO_HINTS=" + env + " reached a test");
        org.junit.jupiter.api.Assertions.assertEquals(Hints.defaults(), Hints.fromEnvironment());
    }
}
