package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which I/O calls two-phase makes, seen through a RecordingEngine (ROMIO keeps ad_testfs for this): 4 ranks
 * whose 8-byte pieces interleave in the file, one aggregator, a 4 KiB collective buffer. Every byte must be
 * written by the aggregator in one large write per cycle, with no read when the cycle has no holes, and a
 * read-modify-write only where it has. Each test runs on both exchanges of two-phase: the aggregators'
 * cycle buffers in shared memory ({@code jpio_cb_shared=enable}) and messages ({@code disable}).
 */
class TwoPhaseCallsTest {
    @TempDir Path dir;

    /** Rank r's view: every 4th pair of ints, from pair r (a cyclic interleave of 8-byte pieces). */
    private static FileView interleaved(int rank, long disp) {
        Datatype pair = Datatype.contiguous(2, Datatype.of(ElementType.INT));
        Datatype every4th = Datatype.resized(0, 32, pair);
        return new FileView(disp + rank * 8L, ElementType.INT, every4th, DataRep.NATIVE);
    }

    /**
     * 4 ranks collectively write {@code data.apply(rank)} through the interleaved view with one aggregator and
     * a 4 KiB collective buffer; {@code rec} holds only the calls of that write.
     */
    private static void writeAllRecorded(Path file, RecordingEngine rec, String shared, java.util.function.IntFunction<int[]> data) throws Exception {
        LocalComm.run(4, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.CB_BUFFER_SIZE, "4096", Hints.CB_NODES, "1", Hints.ROMIO_CB_WRITE, "enable", Hints.JPIO_CB_SHARED, shared), rec)) {
                f.setView(interleaved(comm.rank(), 0));
                comm.barrier();
                if (comm.rank() == 0) rec.clear();
                comm.barrier();
                f.writeAll(Elements.ofArray(data.apply(comm.rank())));
                assertEquals(shared.equals("enable") ? "shared memory" : "messages", f.hints().get("jpio_cb_exchange"));
                comm.barrier();
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void aCallOfOneCycleWritesOnTheAggregatorsOwnThread(String shared) throws Exception {
        Path file = dir.resolve("one.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        writeAllRecorded(file, rec, shared, rank -> new int[256]); // 1 KiB per rank, 4 KiB in all: one cycle
        List<RecordingEngine.Call> writes = rec.calls().stream().filter(RecordingEngine.Call::isWrite).toList();
        assertEquals(1, writes.size(), "one cycle, one write: " + writes);
        // nothing to overlap with: no writer thread is started, no hand-off of two context switches
        assertTrue(writes.get(0).thread().startsWith("jpio-rank-0"), "the aggregator's own thread: " + writes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void oneLargeWritePerCycleOnTheAggregatorAndNoReadWithoutHoles(String shared) throws Exception {
        Path file = dir.resolve("calls.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        int perRank = 4096; // ints: 16 KiB per rank, 64 KiB in all = 16 cycles of 4 KiB
        writeAllRecorded(file, rec, shared, rank -> {
            int[] mine = new int[perRank];
            for (int i = 0; i < perRank; i++) mine[i] = rank * 1_000_000 + i;
            return mine;
        });
        List<RecordingEngine.Call> writes = rec.calls().stream().filter(RecordingEngine.Call::isWrite).toList();
        List<RecordingEngine.Call> reads = rec.calls().stream().filter(RecordingEngine.Call::isRead).toList();
        assertEquals(List.of(), reads, "the cycles have no holes: nothing to read first");
        assertEquals(16, writes.size(), "one write per cycle: " + writes);
        long expect = 0;
        for (RecordingEngine.Call w : writes.stream().sorted(java.util.Comparator.comparingLong(RecordingEngine.Call::position)).toList()) {
            assertEquals(expect, w.position(), "cycles tile the file: " + writes);
            assertEquals(4096, w.length());
            // the last cycle's write overlaps with nothing: the aggregator's own thread writes it
            String on = w.position() == 15 * 4096L ? "jpio-rank-0" : "jpio-twophase-write-0";
            assertTrue(w.thread().startsWith(on), "the aggregator (rank 0) writes, on its writer thread but the last cycle: " + w);
            expect += w.length();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void holesAreReadFirstAndOnlyThere(String shared) throws Exception {
        Path file = dir.resolve("holes.bin");
        byte[] old = new byte[16384];
        java.util.Arrays.fill(old, (byte) 0x77);
        java.nio.file.Files.write(file, old);
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        // rank 3 writes nothing: every 32-byte period has an 8-byte hole at its end
        writeAllRecorded(file, rec, shared, rank -> new int[rank == 3 ? 0 : 1024]);
        // by position: the cycles' writes run on the aggregator's writer thread and the last on the rank's own,
        // so the order in which two of them are recorded is not the cycles' order
        java.util.Comparator<RecordingEngine.Call> byPosition = java.util.Comparator.comparingLong(RecordingEngine.Call::position);
        List<RecordingEngine.Call> reads = rec.calls().stream().filter(RecordingEngine.Call::isRead).sorted(byPosition).toList();
        List<RecordingEngine.Call> writes = rec.calls().stream().filter(RecordingEngine.Call::isWrite).sorted(byPosition).toList();
        assertEquals(writes.size(), reads.size(), "each cycle with holes is read before it is written: " + rec.calls());
        for (RecordingEngine.Call w : writes) {
            int written = rec.calls().indexOf(w);
            assertTrue(rec.calls().subList(0, written).stream().anyMatch(c -> c.isRead() && c.position() == w.position()),
                    "the span is read before it is written: " + w);
        }
        for (int i = 0; i < reads.size(); i++) {
            assertEquals(writes.get(i).position(), reads.get(i).position(), "the read covers the span the write then writes");
            assertEquals(writes.get(i).length(), reads.get(i).length());
        }
        byte[] now = java.nio.file.Files.readAllBytes(file);
        for (int i = 0; i < now.length; i++)
            assertEquals(i % 32 >= 24 ? (byte) 0x77 : 0, now[i], "byte " + i + ": holes keep the old content, data is the zeros written");
    }

    /**
     * 2 ranks, each owning one contiguous half of the file, one aggregator (rank 0): the cycles of rank 0's
     * half hold only its own gap-free data and are written straight from its array (writeArray, no copy into
     * the cycle buffer); the cycles of rank 1's half go through the buffer (writeFully). One write per cycle
     * either way, and the file holds both halves.
     */
    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void cyclesOfTheAggregatorsOwnContiguousDataAreWrittenFromItsArray(String shared) throws Exception {
        Path file = dir.resolve("halves.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        int perRank = 4096; // 16 KiB per rank: 4 cycles of 4 KiB each
        LocalComm.run(2, comm -> {
            try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR),
                    Hints.of(Hints.CB_BUFFER_SIZE, "4096", Hints.CB_NODES, "1", Hints.ROMIO_CB_WRITE, "enable", Hints.JPIO_CB_SHARED, shared), rec)) {
                f.setView(new FileView(comm.rank() * perRank * 4L, ElementType.INT, Datatype.of(ElementType.INT), DataRep.NATIVE));
                comm.barrier();
                if (comm.rank() == 0) rec.clear();
                comm.barrier();
                int[] mine = new int[perRank];
                for (int i = 0; i < perRank; i++) mine[i] = comm.rank() * 1_000_000 + i;
                f.writeAll(Elements.ofArray(mine));
                comm.barrier();
            }
        });
        assertCycles(rec.calls().stream().filter(RecordingEngine.Call::isWrite).toList(), 4, "writeArray", "writeFully", "jpio-twophase-write-0");
        java.nio.ByteBuffer back = java.nio.ByteBuffer.wrap(java.nio.file.Files.readAllBytes(file)).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < 2 * perRank; i++) assertEquals((i / perRank) * 1_000_000 + i % perRank, back.getInt(), "int " + i);
    }

    /**
     * The read side of the same layout: the windows of rank 0's half are read straight into its array
     * (readArray on the reader thread, no cycle buffer), rank 1's through the buffer (readFully of the
     * window), one read per cycle, and both ranks get their halves. A rank whose extent reaches into a
     * window keeps that window on the buffer path: here rank 1 also reads rank 0's last int.
     */
    @ParameterizedTest
    @ValueSource(strings = {"enable", "disable"})
    void windowsOfTheAggregatorsOwnContiguousDataAreReadIntoItsArray(String shared) throws Exception {
        Path file = dir.resolve("halves-read.bin");
        int perRank = 4096;
        java.nio.ByteBuffer content = java.nio.ByteBuffer.allocate(2 * perRank * 4).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < 2 * perRank; i++) content.putInt(i * 7 + 1);
        java.nio.file.Files.write(file, content.array());
        for (boolean overlap : new boolean[] {false, true}) {
            RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
            int[][] got = new int[2][];
            LocalComm.run(2, comm -> {
                try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY),
                        Hints.of(Hints.CB_BUFFER_SIZE, "4096", Hints.CB_NODES, "1", Hints.ROMIO_CB_READ, "enable", Hints.JPIO_CB_SHARED, shared), rec)) {
                    long first = comm.rank() * perRank - (overlap && comm.rank() == 1 ? 1 : 0);
                    f.setView(new FileView(first * 4, ElementType.INT, Datatype.of(ElementType.INT), DataRep.NATIVE));
                    int[] mine = new int[perRank + (overlap && comm.rank() == 1 ? 1 : 0)];
                    comm.barrier();
                    if (comm.rank() == 0) rec.clear();
                    comm.barrier();
                    f.readAll(Elements.ofArray(mine));
                    comm.barrier();
                    got[comm.rank()] = mine;
                }
            });
            for (int r = 0; r < 2; r++) {
                int first = r * perRank - (overlap && r == 1 ? 1 : 0);
                for (int i = 0; i < got[r].length; i++) assertEquals((first + i) * 7 + 1, got[r][i], "rank " + r + " int " + i + " overlap=" + overlap);
            }
            // with the overlap, rank 1's extent reaches rank 0's last window, which then goes through the buffer
            assertCycles(rec.calls().stream().filter(RecordingEngine.Call::isRead).toList(), overlap ? 3 : 4,
                    "readArray", "readFully", "jpio-twophase-read-0");
        }
    }

    /**
     * The calls tile the 32 KiB file in 8 cycles of 4 KiB, one call each, on the aggregator's I/O thread
     * (a write's last cycle on the aggregator's own): the first {@code straight} by the array path ({@code arrayOp}), the rest by the buffer's.
     */
    private static void assertCycles(List<RecordingEngine.Call> calls, int straight, String arrayOp, String bufferOp, String thread) {
        List<RecordingEngine.Call> sorted = calls.stream().sorted(java.util.Comparator.comparingLong(RecordingEngine.Call::position)).toList();
        assertEquals(8, sorted.size(), "one call per cycle: " + sorted);
        for (int i = 0; i < 8; i++) {
            RecordingEngine.Call c = sorted.get(i);
            assertEquals(i * 4096L, c.position(), "cycles tile the file: " + sorted);
            assertEquals(4096, c.length());
            assertEquals(i < straight ? arrayOp : bufferOp, c.op(), "cycle " + i + ": " + c);
            // a write's last cycle overlaps with nothing: the aggregator's own thread writes it (reads prefetch every window)
            String on = i == 7 && thread.contains("write") ? "jpio-rank-" : thread;
            assertTrue(c.thread().startsWith(on), "the aggregator's I/O thread: " + c);
        }
    }
}
