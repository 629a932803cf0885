package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.H5Layout;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The h5 format's compatibility fixtures (collective/src/test/resources/h5, listed in FIXTURES.md there):
 * files h5py 3.7 on HDF5 1.10.8 wrote, and one jpio wrote. Each dataset's layout descriptor
 * ({@link H5Layout}) is what the file holds, its data and attributes read back as written, and today's
 * writer lays out jpio's fixture arrays exactly as the committed file has them (offsets and sizes
 * included), so a change of what jpio writes shows here first. Run {@link #main} to remake jpio's fixture
 * after a deliberate change, and update docs/FORMATS.md with it.
 */
class H5CompatibilityTest {
    static final Path FIXTURES = Path.of("src/test/resources/h5");

    @TempDir Path dir;

    static H5Layout layout(String dataset, String type, ElementType t, ByteOrder order, long[] shape, String layout, long[] chunk, List<String> filters,
                           long offset, long storage) {
        return new H5Layout(dataset, type, t, order, shape, layout, chunk, filters, 0, offset, storage);
    }

    @Test
    void h5pyFixturesHaveTheirLayoutsDataAndAttributes() throws Exception {
        ByteOrder one = ByteOrder.nativeOrder();
        assertEquals(layout("/x", "H5T_STD_I32LE", ElementType.INT, ByteOrder.LITTLE_ENDIAN, new long[] {2, 3}, "contiguous", new long[0], List.of(), 2048, 24),
                H5Layout.read(FIXTURES.resolve("h5py_contiguous_le.h5"), ""));
        assertEquals(layout("/x", "H5T_IEEE_F64BE", ElementType.DOUBLE, ByteOrder.BIG_ENDIAN, new long[] {3, 2}, "contiguous", new long[0], List.of(), 2048, 48),
                H5Layout.read(FIXTURES.resolve("h5py_contiguous_be.h5"), "/x"));
        assertEquals(layout("/g/y", "H5T_STD_I16LE", ElementType.SHORT, ByteOrder.LITTLE_ENDIAN, new long[] {6, 5}, "chunked", new long[] {2, 5},
                List.of("shuffle", "deflate"), -1, 66), H5Layout.read(FIXTURES.resolve("h5py_chunked_deflate.h5"), "/g/y"));
        assertEquals(layout("/b", "enum {FALSE=0, TRUE=1} of 8-bit integer (bool)", ElementType.BOOLEAN, one, new long[] {4}, "contiguous", new long[0], List.of(),
                2048, 4), H5Layout.read(FIXTURES.resolve("h5py_bool.h5"), "/b"));
        assertEquals(layout("/u", "32-bit unsigned integer, little-endian (H5T_STD_U32LE)", null, one, new long[] {3}, "contiguous", new long[0], List.of(),
                2048, 12), H5Layout.read(FIXTURES.resolve("h5py_uint32.h5"), "/u"));

        LocalComm.run(2, comm -> {
            assertArrayEquals(new int[] {-5, 2, 9, 16, 23, 30}, local(comm, "h5py_contiguous_le.h5", "/x").ints());
            assertArrayEquals(new double[] {-1, -0.75, -0.5, -0.25, 0, 0.25}, local(comm, "h5py_contiguous_be.h5", "/x").doubles());
            short[] y = local(comm, "h5py_chunked_deflate.h5", "/g/y").shorts();
            for (int i = 0; i < 30; i++) assertEquals((short) (-3 * i), y[i]);
            assertArrayEquals(new boolean[] {true, false, false, true}, local(comm, "h5py_bool.h5", "/b").booleans());
            CollectiveException e = assertThrows(CollectiveException.class, () -> local(comm, "h5py_uint32.h5", "/u"));
            assertTrue(e.getMessage().contains("H5T_STD_U32LE"), e.getMessage());
            assertEquals(Attributes.of("flags", new boolean[] {true, false, true}, "label", "fixed", "step", 7L, "time", 0.5, "units", "m"),
                    ArrayFiles.attributes(comm, ArrayPath.of(FIXTURES.resolve("h5py_contiguous_le.h5"), "/")));
        });
    }

    /** The whole dataset on one rank of {@code comm} (rank 0 holds it all: the grid is {size, 1, ...} and extents are small). */
    private static DistributedArray local(Comm comm, String file, String dataset) throws Exception {
        Comm self = comm.split(comm.rank(), 0);
        DistributedArray a = DistributedArray.load(self, ArrayPath.of(FIXTURES.resolve(file), dataset), Hints.defaults());
        self.close();
        return a;
    }

    /** jpio's fixture: two arrays in a group, one added to the file, with attributes on the file, the group and a dataset. */
    static void writeJpioFixture(Comm comm, Path file) throws Exception {
        DistributedArray u = DistributedArray.create(comm, ElementType.DOUBLE, 4, 3);
        int[] s = u.globalStart(), l = u.localShape();
        for (int i = 0; i < l[0]; i++) for (int j = 0; j < l[1]; j++) u.doubles()[u.index(i, j)] = ((s[0] + i) * 3 + s[1] + j) * 0.5;
        u.write(ArrayPath.of(file, "/fields/u"), ArrayFormats.H5, Hints.defaults(), WriteMode.REPLACE, Attributes.of("units", "m/s", "scale", new float[] {1, 2}));
        DistributedArray v = DistributedArray.create(comm, ElementType.INT, 5);
        for (int i = 0; i < v.localShape()[0]; i++) v.ints()[i] = 10 * (v.globalStart()[0] + i);
        v.write(ArrayPath.of(file, "/fields/v"), ArrayFormats.H5, Hints.defaults(), WriteMode.ADD, Attributes.empty());
        ArrayFiles.setAttributes(comm, ArrayPath.of(file, "/"), Attributes.of("step", 3L, "time", 1.5, "code", "jpio"));
        ArrayFiles.setAttributes(comm, ArrayPath.of(file, "/fields"), Attributes.of("count", 2));
    }

    @Test
    void jpiosFixtureIsReadAndTodaysWriterLaysItOutTheSame() throws Exception {
        Path fixture = FIXTURES.resolve("jpio_fields.h5");
        Path today = dir.resolve("jpio_fields.h5");
        LocalComm.run(3, comm -> writeJpioFixture(comm, today));
        for (String ds : new String[] {"/fields/u", "/fields/v"}) assertEquals(H5Layout.read(fixture, ds), H5Layout.read(today, ds), ds);
        assertEquals(layout("/fields/u", "H5T_IEEE_F64LE", ElementType.DOUBLE, ByteOrder.LITTLE_ENDIAN, new long[] {4, 3}, "contiguous", new long[0], List.of(),
                H5Layout.read(fixture, "/fields/u").offset(), 96), H5Layout.read(fixture, "/fields/u"));
        assertTrue(H5Layout.read(fixture, "/fields/u").direct() && H5Layout.read(fixture, "/fields/v").direct());
        LocalComm.run(2, comm -> {
            double[] u = local(comm, "jpio_fields.h5", "/fields/u").doubles();
            for (int i = 0; i < 12; i++) assertEquals(i * 0.5, u[i]);
            assertArrayEquals(new int[] {0, 10, 20, 30, 40}, local(comm, "jpio_fields.h5", "/fields/v").ints());
            assertEquals(Attributes.of("code", "jpio", "step", 3L, "time", 1.5), ArrayFiles.attributes(comm, ArrayPath.of(fixture, "/")));
            assertEquals(Attributes.of("count", 2), ArrayFiles.attributes(comm, ArrayPath.of(fixture, "/fields")));
            assertEquals(Attributes.of("scale", new float[] {1, 2}, "units", "m/s"), ArrayFiles.attributes(comm, ArrayPath.of(fixture, "/fields/u")));
            assertEquals(List.of("/fields/u", "/fields/v"), ArrayFiles.datasets(comm, fixture));
        });
        assertFalse(Files.readString(FIXTURES.resolve("FIXTURES.md")).isEmpty());
    }

    /** Remakes jpio's fixture: {@code main(path)}. */
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.deleteIfExists(out);
        LocalComm.run(3, comm -> writeJpioFixture(comm, out));
    }
}
