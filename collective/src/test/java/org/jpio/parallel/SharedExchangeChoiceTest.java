package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.ForwardingComm;
import org.jpio.comm.RankFailure;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which exchange two-phase takes (hint {@code jpio_cb_shared}) on a communicator that cannot share memory,
 * as MpiComm over several nodes: {@code automatic} takes messages and writes the same file, {@code enable}
 * fails on every rank before any byte moves, naming the file, the rank and why.
 */
class SharedExchangeChoiceTest {
    @TempDir Path dir;

    /** A LocalComm without shared memory (left at Comm's default, none); its class name is in the reason hints() gives. */
    private static final class NoSharedMemory extends ForwardingComm {
        NoSharedMemory(Comm c) { super(c); }
    }

    /** Rank r's view: every other int from int r, so the two ranks' data interleave and two-phase is forced. */
    private static FileView interleaved(int rank) {
        return new FileView(4L * rank, ElementType.INT, Datatype.resized(0, 8, Datatype.of(ElementType.INT)), DataRep.NATIVE);
    }

    @Test
    void automaticTakesMessagesWhereMemoryIsNotShared() throws Exception {
        Path file = dir.resolve("auto.bin");
        List<String> exchange = LocalComm.runAndCollect(2, local -> {
            Comm comm = new NoSharedMemory(local);
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.CB_BUFFER_SIZE, "64"))) {
                f.setView(interleaved(comm.rank()));
                f.writeAll(Elements.ofArray(new int[] {comm.rank(), 10 + comm.rank(), 20 + comm.rank()}));
                return f.hints().get("jpio_cb_exchange");
            }
        });
        String why = "messages (no shared memory: communicator NoSharedMemory has no shared memory)"; // hints() says why
        assertEquals(List.of(why, why), exchange);
        java.nio.IntBuffer back = java.nio.ByteBuffer.wrap(java.nio.file.Files.readAllBytes(file)).order(java.nio.ByteOrder.nativeOrder()).asIntBuffer();
        int[] ints = new int[back.remaining()];
        back.get(ints);
        assertArrayEquals(new int[] {0, 1, 10, 11, 20, 21}, ints);
    }

    @Test
    void enableFailsOnEveryRankWhereMemoryIsNotShared() throws Exception {
        Path file = dir.resolve("enable.bin");
        java.nio.file.Files.write(file, new byte[] {1, 2, 3});
        CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(2, local -> {
            Comm comm = new NoSharedMemory(local);
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR),
                    Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.JPIO_CB_SHARED, "enable"))) {
                f.setView(interleaved(comm.rank()));
                f.writeAll(Elements.ofArray(new int[] {7, 8}));
            }
        }));
        assertEquals(2, e.failures().size(), "every rank failed alike: " + e.getMessage());
        for (RankFailure r : e.failures()) {
            assertEquals("IllegalStateException", r.type());
            assertTrue(r.message().startsWith("jpio_cb_shared=enable but the ranks cannot share memory: write_all path=" + file), r.message());
            assertTrue(r.message().contains("has no shared memory"), r.message());
        }
        assertEquals(1, e.getSuppressed().length, "the other rank failed alike");
        assertArrayEquals(new byte[] {1, 2, 3}, java.nio.file.Files.readAllBytes(file), "no byte moved");
    }
}
