package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.RecordingFormat;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a collective write and read ask of their format, through the seam's fake: one rank prepares and
 * finishes; an array added to a file whose finish fails is discarded, leaving the file's datasets as they
 * were (and, as the negative control, one whose discard fails too stays behind under its temporary name).
 */
class ArrayIoStepsTest {
    @TempDir Path dir;

    @Test
    void oneRankPreparesAndFinishesAndTheLibraryReadIsEveryRanks() throws Exception {
        Path file = dir.resolve("steps.h5");
        RecordingFormat f = new RecordingFormat(ArrayFormats.H5);
        LocalComm.run(3, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.INT, 6, 4);
            Fill.fill(a);
            a.write(ArrayPath.of(file, "/g/x"), f, Hints.defaults(), WriteMode.REPLACE, Attributes.empty());
            DistributedArray b = DistributedArray.create(comm, ElementType.INT, 6, 4);
            b.read(ArrayPath.of(file, "/g/x"), f, Hints.defaults());
            Fill.check(b, "read back");
        });
        assertEquals(List.of("prepare /g/x", "finish /g/x", "inspect /g/x"), f.calls());
        assertTrue(Files.list(dir).allMatch(p -> p.equals(file)), "no temporary is left");
    }

    /**
     * A write in place over an existing file of each format asks the format to lay the array over the old
     * file (no truncation), in the same inode, and leaves no scratch file; one whose finish fails leaves a
     * file that no reader takes for complete (HDF5 without its signature, .npy without its header).
     */
    @Test
    void aWriteInPlaceGoesOverTheOldFileAndAFailedOneLeavesItRefused() throws Exception {
        for (String name : List.of("p.h5", "p.npy", "p.raw")) {
            Path file = dir.resolve(name);
            LocalComm.run(2, comm -> {
                DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 40, 9);
                Fill.fill(a);
                a.write(file);
            });
            Object inode = Files.getAttribute(file, "unix:ino");
            RecordingFormat f = new RecordingFormat(ArrayFormats.of(file));
            LocalComm.run(3, comm -> {
                DistributedArray a = DistributedArray.create(comm, ElementType.INT, 17, 5);
                Fill.fill(a);
                a.write(ArrayPath.of(file), f, Hints.defaults(), WriteMode.IN_PLACE, Attributes.empty());
                DistributedArray b = DistributedArray.create(comm, ElementType.INT, 17, 5);
                b.read(ArrayPath.of(file), ArrayFormats.of(file), Hints.defaults());
                Fill.check(b, "read back from " + name);
            });
            String dataset = name.endsWith(".h5") ? "/data" : "";
            assertEquals(List.of("prepareInPlace ", "finish " + dataset), f.calls().subList(0, 2), name);
            assertEquals(inode, Files.getAttribute(file, "unix:ino"), name);
            assertTrue(Files.list(dir).allMatch(p -> !p.getFileName().toString().startsWith(".")), "no scratch or temporary is left");
            if (name.endsWith(".h5")) H5InteropTest.h5dump(file);

            RecordingFormat g = new RecordingFormat(ArrayFormats.of(file)).failAt("finish");
            assertThrows(CollectiveIOException.class, () -> LocalComm.run(2, comm ->
                    DistributedArray.create(comm, ElementType.INT, 17, 5).write(ArrayPath.of(file), g, Hints.defaults(), WriteMode.IN_PLACE, Attributes.empty())));
            if (!name.endsWith(".raw")) {
                Exception refused = assertThrows(Exception.class, () -> LocalComm.run(1, comm ->
                        DistributedArray.create(comm, ElementType.INT, 17, 5).read(ArrayPath.of(file), ArrayFormats.of(file), Hints.defaults())));
                assertTrue(refused.getMessage().contains(file.toString()), refused.getMessage());
            }
        }
    }

    @Test
    void anAddedArrayWhoseFinishFailsIsDiscardedAndTheFileKeepsItsDatasets() throws Exception {
        Path file = dir.resolve("add.h5");
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.DOUBLE, 5);
            Fill.fill(a);
            a.write(ArrayPath.of(file, "/keep"));
        });
        RecordingFormat f = new RecordingFormat(ArrayFormats.H5).failAt("finish");
        CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> LocalComm.run(2, comm ->
                DistributedArray.create(comm, ElementType.INT, 3).write(ArrayPath.of(file, "/new"), f, Hints.defaults(), WriteMode.ADD, Attributes.empty())));
        assertTrue(e.getMessage().contains("finish fails as asked"), e.getMessage());
        assertEquals(List.of("prepare /new", "finish /new", "discard /new"), f.calls());
        assertEquals(List.of("/keep"), ArrayFormats.H5.datasets(file));
        String dump = H5InteropTest.h5dump(file);
        assertTrue(!dump.contains("jpio-incomplete"), dump);
        LocalComm.run(2, comm -> {
            DistributedArray b = DistributedArray.create(comm, ElementType.DOUBLE, 5);
            b.read(ArrayPath.of(file, "/keep"));
            Fill.check(b, "the kept dataset");
        });

        RecordingFormat g = new RecordingFormat(ArrayFormats.H5).failAt("finish", "discard");
        CollectiveIOException left = assertThrows(CollectiveIOException.class, () -> LocalComm.run(2, comm ->
                DistributedArray.create(comm, ElementType.INT, 3).write(ArrayPath.of(file, "/new"), g, Hints.defaults(), WriteMode.ADD, Attributes.empty())));
        assertEquals(List.of("prepare /new", "finish /new", "discard /new"), g.calls(), left.toString());
        assertTrue(H5InteropTest.h5dump(file).contains(".new.jpio-incomplete"), "negative control: without the discard the half-written array stays (hidden)");
        assertEquals(List.of("/keep"), ArrayFormats.H5.datasets(file), "and is never listed");
    }
}
