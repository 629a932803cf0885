package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The engine contract for the FFM engine, O_DIRECT included. Java 22+ only, from the multi-release jar:
 * the build runs it in the Java 25 test execution (independent/pom.xml); on Java 17 {@link EnginesTest}
 * checks that the engine is registered as unavailable with the reason.
 */
class FfmEngineContractTest extends AbstractPosixEngineContractTest {
    @Override
    protected IoEngine engine() {
        return Engines.get(FfmEngine.NAME);
    }

    @Override protected String childSpec() { return FfmEngine.NAME; }

    /** The same message as the native engine's for the same failure: one style whichever engine runs. */
    @Test
    void failuresReadAsTheNativeEnginesDo() {
        Path p = dir.resolve("absent/missing.bin");
        var ffm = assertThrows(java.io.IOException.class, () -> engine().open(p, OpenSpec.of(READ)));
        var jni = assertThrows(java.io.IOException.class, () -> Engines.get(NativeEngine.NAME).open(p, OpenSpec.of(READ)));
        assertEquals(jni.getMessage(), ffm.getMessage());
        assertTrue(ffm.getMessage().contains("errno=2"), ffm.getMessage());
    }
}
