package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine contract for the JNI engine (with the O_DIRECT cases of every engine that calls the OS
 * itself), plus the unavailable-library path. The library must load here (the build sets
 * jpio.native.dir): a missing library fails these tests instead of skipping them.
 */
class NativeEngineContractTest extends AbstractPosixEngineContractTest {
    @Override
    protected IoEngine engine() {
        return Engines.get(NativeEngine.NAME);
    }

    @Override protected String childSpec() { return NativeEngine.NAME; }

    // ---- unavailable library ----------------------------------------------------------------------

    @Test
    void missingLibrarySaysWhatIsMissing() {
        NativeEngine missing = new NativeEngine("jpio_no_such_library");
        String why = missing.unavailableReason().orElseThrow();
        assertTrue(why.contains("libjpio_no_such_library.so"), why);
        var e = assertThrows(IllegalArgumentException.class, () -> Engines.select(List.of(new NioEngine(), missing), NativeEngine.NAME));
        assertTrue(e.getMessage().contains("engine=native is unavailable") && e.getMessage().contains("libjpio_no_such_library.so"), e.getMessage());
        Path p = dir.resolve("never.bin");
        e = assertThrows(IllegalArgumentException.class, () -> missing.open(p, OpenSpec.of(CREATE, WRITE)));
        assertTrue(e.getMessage().contains("libjpio_no_such_library.so") && e.getMessage().contains("path=" + p), e.getMessage());
        assertFalse(Files.exists(p), "an unavailable engine created the file");
        e = assertThrows(IllegalArgumentException.class, () -> Engines.get("no-such-engine"));
        assertTrue(e.getMessage().contains("known: nio, native, ffm"), e.getMessage());
    }

}
