package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.jpio.file.ArrayFile;
import org.junit.jupiter.api.Test;

/** The engine contract for the recording fake over the default engine, and what it records. */
class RecordingEngineContractTest extends AbstractEngineContractTest {
    private final RecordingEngine engine = new RecordingEngine(Engines.defaultEngine());

    @Override protected IoEngine engine() { return engine; }
    @Override protected String childSpec() { return "recording:" + engine.delegate().name(); }

    @Test
    void logsEveryCallWithOffsetAndLength() throws IOException {
        Path p = dir.resolve("rec.bin");
        engine.clear();
        try (ArrayFile f = ArrayFile.open(p, options(ByteOrder.BIG_ENDIAN), CREATE, READ, WRITE)) {
            f.writeArray(8, new long[4]);
            f.readArray(16, new int[3]);
            f.writeArrayRuns(40, new short[10], new int[] {0, 5}, new int[] {2, 3}, 2);
            f.preallocate(0, 100);
            f.sync(false);
            try (var l = f.lock(4, 20, false)) {
                assertNotNull(l);
            }
        }
        List<RecordingEngine.Call> calls = engine.calls();
        assertEquals("open", calls.get(0).op());
        assertEquals(new RecordingEngine.Call("writeArray", p, 8, 32, Thread.currentThread().getName()), calls.get(1));
        assertEquals(List.of(new RecordingEngine.Call("readArray", p, 16, 12, Thread.currentThread().getName())), engine.calls("readArray"));
        assertEquals(List.of(new RecordingEngine.Call("writeArrayRuns", p, 40, 10, Thread.currentThread().getName())), engine.calls("writeArrayRuns"));
        assertTrue(engine.calls("writeArrayRuns").get(0).isWrite());
        assertEquals(1, engine.calls("preallocate").size());
        assertEquals(100, engine.calls("preallocate").get(0).length());
        assertEquals(1, engine.calls("sync").size());
        assertEquals(List.of("lock", "unlock"), engine.calls("lock", "unlock").stream().map(RecordingEngine.Call::op).toList());
        assertEquals("close", calls.get(calls.size() - 1).op());
        assertTrue(calls.get(1).isWrite() && !calls.get(1).isRead());
        engine.clear();
        assertTrue(engine.calls().isEmpty());
    }

    @Test
    void sievedWriteShowsAsOneWindowReadAndWrite() throws IOException {
        Path p = dir.resolve("sieve.bin");
        try (ArrayFile f = ArrayFile.open(p, options(ByteOrder.nativeOrder()), CREATE, READ, WRITE)) {
            f.writeArray(0, new byte[4096]);
            engine.clear();
            f.writePieces(new long[] {0, 100, 200}, new long[] {8, 8, 8}, new long[3], 0, 3);
        }
        // data sieving: one read and one write of the window [0, 208), not three small writes
        List<RecordingEngine.Call> io = engine.calls().stream().filter(c -> c.isRead() || c.isWrite()).toList();
        assertEquals(2, io.size(), io.toString());
        assertTrue(io.get(0).isRead() && io.get(1).isWrite(), io.toString());
        assertEquals(208, io.get(1).length(), io.toString());
    }
}
