package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import org.jpio.file.ArrayFile;
import org.junit.jupiter.api.Test;

/** The engine contract for the pure-Java engine. */
class NioEngineContractTest extends AbstractEngineContractTest {
    @Override protected IoEngine engine() { return new NioEngine(); }
    @Override protected String childSpec() { return NioEngine.NAME; }

    @Test
    void directIsRefusedWithTheReason() {
        Path p = dir.resolve("direct.bin");
        var e = assertThrows(IllegalArgumentException.class,
                () -> ArrayFile.open(p, options(java.nio.ByteOrder.nativeOrder()).withDirect(true), CREATE, WRITE));
        assertTrue(e.getMessage().contains("engine=nio") && e.getMessage().contains("O_DIRECT"), e.getMessage());
    }
}
