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
    void failuresReadAsTheNativeEnginesDo() throws Exception {
        Path p = dir.resolve("absent/missing.bin");
        var ffm = assertThrows(java.io.IOException.class, () -> engine().open(p, OpenSpec.of(READ)));
        var jni = assertThrows(java.io.IOException.class, () -> Engines.get(NativeEngine.NAME).open(p, OpenSpec.of(READ)));
        assertEquals(jni.getMessage(), ffm.getMessage());
        assertEquals(java.nio.file.NoSuchFileException.class, ffm.getClass());
        assertTrue(ffm.getMessage().contains("errno=2"), ffm.getMessage());
        Path there = dir.resolve("there.bin");
        java.nio.file.Files.write(there, new byte[1]);
        ffm = assertThrows(java.io.IOException.class, () -> engine().open(there, OpenSpec.of(CREATE_NEW, WRITE)));
        jni = assertThrows(java.io.IOException.class, () -> Engines.get(NativeEngine.NAME).open(there, OpenSpec.of(CREATE_NEW, WRITE)));
        assertEquals(jni.getMessage(), ffm.getMessage());
        assertEquals(java.nio.file.FileAlreadyExistsException.class, ffm.getClass());
    }
}
