package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.local.LocalComm;
import org.jpio.driver.RecordingDriver;
import org.jpio.driver.RecordingDriver.Call;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What ParallelFile does above the drivers, seen through a driver that records its calls and moves no
 * bytes: the file pointer, views, explicit offsets, and argument checks that stop a bad call on every rank
 * before any driver sees it (each checked against the same call with good arguments, which does arrive).
 */
class ParallelFileSemanticsTest {
    @TempDir Path dir;

    private static ParallelFile open(org.jpio.comm.Comm comm, Path file, EnumSet<Amode> amode, long size, List<RecordingDriver> drivers) throws Exception {
        return ParallelFile.open(comm, file, amode, Hints.defaults(), RecordingDriver.factory(size, drivers::add));
    }

    @Test
    void thePointerMovesByWhatIndividualPointerCallsMove() throws Exception {
        List<RecordingDriver> d = new ArrayList<>();
        try (ParallelFile f = open(org.jpio.comm.local.SelfComm.create(), dir.resolve("p"), EnumSet.of(Amode.RDWR), 0, d)) {
            FileView ints = FileView.contiguous(16, ElementType.INT, DataRep.NATIVE);
            f.seek(3);
            f.setView(ints);
            assertEquals(0, f.pointer(), "set_view resets the pointer");
            assertEquals(5, f.writeAll(Elements.of(new int[5])));
            assertEquals(5, f.pointer());
            assertEquals(2, f.write(Elements.of(new int[9], 3, 2)));
            assertEquals(7, f.pointer());
            f.writeAtAll(100, Elements.of(new int[1]));
            f.readAt(50, Elements.of(new int[4]));
            assertEquals(7, f.pointer(), "explicit offsets leave the pointer alone");
            f.seek(1);
            f.readAll(Elements.of(new int[3]));
            f.read(Elements.of(new int[1]));
            assertEquals(5, f.pointer());
            assertEquals(16 + 4 * 9, f.positionOf(9));
            // under the byte etype a buffer of ints moves 4 etypes per element
            f.setView(FileView.bytes());
            f.write(Elements.of(new int[2]));
            assertEquals(8, f.pointer());
        }
        assertEquals(List.of(new Call("set_view", 16, 0), new Call("write_at_all", 0, 5), new Call("write_at", 5, 2), new Call("write_at_all", 100, 1),
                new Call("read_at", 50, 4), new Call("read_at_all", 1, 3), new Call("read_at", 4, 1), new Call("set_view", 0, 0),
                new Call("write_at", 0, 2), new Call("close", 0, 0)), d.get(0).calls());
    }

    @Test
    void aBadArgumentOnOneRankReachesNoDriverOnAnyRank() throws Exception {
        List<RecordingDriver> d = Collections.synchronizedList(new ArrayList<>());
        LocalComm.run(3, comm -> {
            try (ParallelFile f = open(comm, dir.resolve("b"), EnumSet.of(Amode.RDWR), 0, d)) {
                f.setView(new FileView(0, ElementType.INT, Datatype.vector(2, 1, 3, Datatype.of(ElementType.INT)), DataRep.NATIVE));
                comm.barrier();
                int before = d.get(0).calls().size();
                // good arguments arrive: the negative control for the absence below
                f.writeAtAll(0, Elements.of(new int[4]));
                assertEquals(before + 1, d.get(0).calls().size());
                List<Elements> bad = List.of(Elements.of(new int[4], 2, 3), Elements.ofArray(new long[4]), Elements.ofArray("not an array"),
                        Elements.of(new int[4], -1, 1));
                for (Elements b : bad) {
                    CollectiveException e = assertThrows(CollectiveException.class, () -> f.writeAtAll(0, comm.rank() == 1 ? b : Elements.of(new int[4])));
                    assertEquals(1, e.failures().size(), e.getMessage());
                    assertEquals(1, e.failures().get(0).rank(), e.getMessage());
                    assertTrue(e.getMessage().contains("path=") && e.getMessage().contains("write_at_all"), e.getMessage());
                }
                CollectiveException neg = assertThrows(CollectiveException.class, () -> f.readAtAll(comm.rank() == 2 ? -4 : 0, Elements.of(new int[1])));
                assertTrue(neg.getMessage().contains("rank=2") && neg.getMessage().contains("offset=-4"), neg.getMessage());
                comm.barrier();
                for (RecordingDriver r : d) assertEquals(before + 1, r.calls().size(), "no driver saw a bad call: " + r.calls());
                comm.barrier(); // nobody closes (a recorded call) while another still counts
            }
        });
    }

    @Test
    void appendStartsAtTheEndAndSequentialRefusesExplicitOffsets() throws Exception {
        List<RecordingDriver> d = new ArrayList<>();
        try (ParallelFile f = open(org.jpio.comm.local.SelfComm.create(), dir.resolve("a"), EnumSet.of(Amode.WRONLY, Amode.APPEND), 96, d)) {
            assertEquals(96, f.pointer());
            f.write(Elements.of(new byte[4]));
            assertEquals(new Call("write_at", 96, 4), d.get(0).calls().get(0));
        }
        try (ParallelFile f = open(org.jpio.comm.local.SelfComm.create(), dir.resolve("s"), EnumSet.of(Amode.WRONLY, Amode.SEQUENTIAL), 0, d)) {
            assertTrue(assertThrows(CollectiveException.class, () -> f.writeAtAll(0, Elements.of(new byte[1]))).getMessage().contains("SEQUENTIAL"));
            assertTrue(assertThrows(IllegalArgumentException.class, () -> f.writeAt(0, Elements.of(new byte[1]))).getMessage().contains("SEQUENTIAL"));
            f.write(Elements.of(new byte[1]));
        }
        assertThrows(CollectiveException.class, () -> open(org.jpio.comm.local.SelfComm.create(), dir.resolve("x"), EnumSet.of(Amode.RDWR, Amode.SEQUENTIAL), 0, d));
    }

    @Test
    void atomicityAndSizesReachTheDriver() throws Exception {
        List<RecordingDriver> d = new ArrayList<>();
        try (ParallelFile f = open(org.jpio.comm.local.SelfComm.create(), dir.resolve("z"), EnumSet.of(Amode.RDWR), 0, d)) {
            f.setAtomicity(true);
            assertTrue(d.get(0).atomic());
            f.setSize(10);
            f.preallocate(20);
            f.sync();
            assertEquals(20, f.size());
            assertThrows(CollectiveException.class, () -> f.setSize(-1));
        }
        assertEquals(List.of(new Call("set_atomicity", 1, 0), new Call("set_size", 10, 0), new Call("preallocate", 20, 0), new Call("sync", 0, 0),
                new Call("close", 0, 0)), d.get(0).calls());
    }
}
