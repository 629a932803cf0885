package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.CollectiveIOException;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.H5Layout;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDF5 both ways with the tools users read it with: h5py (/usr/bin/python3) reads what DistributedArray
 * writes (every element type, 1 to 4 dimensions of awkward sizes, several datasets and groups in one file,
 * attributes of every kind on the file, a group and datasets), h5dump accepts every file jpio writes, and
 * DistributedArray reads what h5py writes (contiguous and chunked/compressed, both byte orders) on several
 * rank counts and distributions. A dataset of a type jpio has no element type for, and one whose offset is
 * corrupt, fail naming file, dataset and what was found, and no byte of the file changes.
 */
class H5InteropTest {
    static final String PY = NumpyArrayInteropTest.VALUES + "import h5py\n";
    static final int[] SHAPE = {5, 3, 4};

    @TempDir static Path dir;
    static final List<Path> h5pyFiles = new ArrayList<>();

    @BeforeAll
    static void h5pyWrites() throws Exception {
        String s = PY + String.join("\n",
                "d = sys.argv[1]",
                "for code in " + pyList(NumpyArrayInteropTest.CODES) + ":",
                "    for bo in ('<', '>'):",
                "        a = values(code, " + tuple(SHAPE) + ").astype(np.dtype(code).newbyteorder(bo))",
                "        name = '%s/py_%s_%s.h5' % (d, code, 'be' if bo == '>' else 'le')",
                "        with h5py.File(name, 'w') as f:",
                "            f.create_dataset('contiguous', data=a)",
                "            f.create_dataset('chunked/gzip', data=a, chunks=(2, 2, 3), compression='gzip', shuffle=True)",
                "        print(name)",
                "with h5py.File(d + '/py_bad.h5', 'w') as f:",
                "    f.create_dataset('u32', data=np.arange(12, dtype=np.uint32).reshape(3, 4))",
                "    f.create_dataset('strings', data=np.array([b'ab', b'cd']))",
                "");
        for (String line : python(s, dir.toString()).split("\n")) if (line.endsWith(".h5")) h5pyFiles.add(Path.of(line));
        assertEquals(NumpyArrayInteropTest.CODES.length * 2, h5pyFiles.size());
    }

    @Test
    void readsContiguousAndChunkedDatasetsH5pyWroteOnSeveralRankCounts() throws Exception {
        int[][] layouts = {{1, 0}, {3, 1}, {4, 0}, {2, 2}};
        int k = 0;
        for (Path file : h5pyFiles) {
            ElementType t = NumpyArrayInteropTest.typeOf(file.getFileName().toString().substring(3, 5));
            for (String dataset : new String[] {"/contiguous", "/chunked/gzip"}) {
                int[] l = layouts[k++ % layouts.length];
                Dist[] dists = k % 2 == 0 ? new Dist[] {Dist.BLOCK, Dist.cyclic(2), Dist.NONE} : new Dist[] {Dist.CYCLIC, Dist.BLOCK, Dist.BLOCK};
                LocalComm.run(l[0], comm -> {
                    DistributedArray a = DistributedArray.create(comm, t, SHAPE, null, dists, l[1]);
                    Fill.clear(a);
                    a.read(new ArrayPath(file, dataset));
                    Fill.check(a, "file=" + file + ":" + dataset);
                    String data = a.hints().get("jpio_array_data");
                    if (dataset.equals("/contiguous")) assertTrue(data.startsWith("read with collective I/O at offset"), data);
                    else assertTrue(data.contains("library") && data.contains("chunked [2, 2, 3]") && data.contains("deflate")
                            && (comm.size() == 1 || data.contains("took turns")), data);
                });
            }
        }
    }

    @Test
    void h5pyReadsSeveralDatasetsGroupsAndAttributesJpioWrote() throws Exception {
        Path file = dir.resolve("jpio_all.h5");
        for (ElementType t : ElementType.values()) {
            int ranks = 1 + t.ordinal() % 5;
            LocalComm.run(ranks, comm -> {
                DistributedArray a = DistributedArray.builder(comm, t, SHAPE).ghost(t.ordinal() % 2).create();
                Fill.fill(a);
                a.write(ArrayPath.of(file, "/types/" + t), ArrayFormats.H5, Hints.defaults(), WriteMode.ADD, attributesOf(t));
            });
        }
        int[][] shapes = {{7}, {1, 13}, {3, 1, 4}, {2, 3, 1, 5}, {11, 2}};
        for (int[] shape : shapes) {
            LocalComm.run(shape.length + 1, comm -> {
                DistributedArray a = DistributedArray.builder(comm, ElementType.DOUBLE, shape).ghost(1).create();
                Fill.fill(a);
                a.write(ArrayPath.of(file, "/shapes/d" + shape.length + "_" + shape[0]), ArrayFormats.H5, Hints.defaults(), WriteMode.ADD, Attributes.empty());
            });
        }
        LocalComm.run(2, comm -> {
            ArrayFiles.setAttributes(comm, ArrayPath.of(file, "/"), Attributes.of("step", 12L, "time", 0.25, "units", "m s\u207b\u00b9 (\u00fc)"));
            ArrayFiles.setAttributes(comm, ArrayPath.of(file, "/types"), Attributes.of("names", new String[] {"u", "", "w\u00fc"}, "count", 8));
        });
        String s = PY + String.join("\n",
                "f = h5py.File(sys.argv[1], 'r')",
                "for code, t in " + pairs() + ":",
                "    ds = f['types/' + t]",
                "    want = values(code, " + tuple(SHAPE) + ")",
                "    assert ds.dtype == np.dtype(code).newbyteorder('<') and ds.shape == want.shape, (t, ds.dtype, ds.shape)",
                "    assert np.array_equal(ds[...], want), t",
                "    assert ds.attrs['scalar'] == values(code, (1,))[0] and ds.attrs['scalar'].dtype == want.dtype, (t, ds.attrs['scalar'])",
                "    assert np.array_equal(ds.attrs['array'], values(code, (4,))) and ds.attrs['array'].dtype == want.dtype, t",
                "    assert ds.attrs['type'] == t, ds.attrs['type']",
                "for shape in " + shapesPy(shapes) + ":",
                "    ds = f['shapes/d%d_%d' % (len(shape), shape[0])]",
                "    assert np.array_equal(ds[...], values('f8', shape)), shape",
                "assert dict(f.attrs) == {'step': 12, 'time': 0.25, 'units': 'm s\\u207b\\u00b9 (\\u00fc)'}, dict(f.attrs)",
                "assert f.attrs['step'].dtype == np.int64",
                "assert list(f['types'].attrs['names']) == ['u', '', 'w\\u00fc'] and f['types'].attrs['count'] == 8, dict(f['types'].attrs)",
                "names = []",
                "f.visit(names.append)",
                "assert not [n for n in names if 'jpio' in n], names",
                "print('ok', len(names))",
                "");
        String out = python(s, file.toString());
        assertTrue(out.contains("ok " + (2 + 8 + shapes.length)), out);
        h5dump(file);
        assertEquals(8 + shapes.length, ArrayFormats.H5.datasets(file).size());
    }

    /** A scalar, an array and a string attribute of the type's own kind: what h5py checks against numpy's values. */
    static Attributes attributesOf(ElementType t) {
        Object scalar = Fill.value(t, 0), array = t.newArray(4);
        for (int i = 0; i < 4; i++) java.lang.reflect.Array.set(array, i, Fill.value(t, i));
        return Attributes.of("scalar", scalar, "array", array, "type", t.toString());
    }

    @Test
    void everyFileJpioWritesIsAcceptedByH5dump() throws Exception {
        Path file = dir.resolve("dump.h5");
        LocalComm.run(3, comm -> {
            for (ElementType t : ElementType.values()) {
                DistributedArray a = DistributedArray.create(comm, t, 4, 3);
                Fill.fill(a);
                a.write(ArrayPath.of(file, "/" + t), ArrayFormats.H5, Hints.defaults(), t == ElementType.BOOLEAN ? WriteMode.REPLACE : WriteMode.ADD,
                        attributesOf(t));
            }
        });
        String dump = h5dump(file);
        assertTrue(dump.contains("DATASET \"BOOLEAN\"") && dump.contains("H5T_ENUM") && dump.contains("DATASET \"DOUBLE\"") && dump.contains("H5T_IEEE_F64LE"), dump);
    }

    @Test
    void aDatasetOfATypeWithoutAnElementTypeIsNamedAndTheFileKeepsEveryByte() throws Exception {
        Path bad = dir.resolve("py_bad.h5");
        byte[] before = Files.readAllBytes(bad);
        for (String ds : new String[] {"/u32", "/strings"}) {
            CollectiveException e = assertThrows(CollectiveException.class, () -> LocalComm.run(2, comm -> DistributedArray.load(comm, ArrayPath.of(bad, ds), Hints.defaults())));
            assertTrue(e.getMessage().contains(bad.toString()) && e.getMessage().contains("dataset " + ds) && e.getMessage().contains("no Java element type"), e.getMessage());
            if (ds.equals("/u32")) assertTrue(e.getMessage().contains("32-bit unsigned integer, little-endian (H5T_STD_U32LE)"), e.getMessage());
        }
        CollectiveException write = assertThrows(CollectiveException.class, () -> LocalComm.run(2, comm ->
                DistributedArray.create(comm, ElementType.INT, 3, 4).write(ArrayPath.of(bad, "/u32/inside"), ArrayFormats.H5, Hints.defaults(), WriteMode.ADD, Attributes.empty())));
        assertTrue(write.getMessage().contains("/u32") && write.getMessage().contains("not a group"), write.getMessage());
        assertArrayEquals(before, Files.readAllBytes(bad));
    }

    @Test
    void aCorruptOffsetIsRefusedBeforeAnyByteMovesAndTheFileKeepsEveryByte() throws Exception {
        Path file = dir.resolve("corrupt.h5");
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.INT, 64);
            Fill.fill(a);
            a.write(ArrayPath.of(file, "/d"));
        });
        long offset = ArrayFormats.H5.inspect(file, "/d").dataPosition();
        byte[] bytes = Files.readAllBytes(file);
        // the data layout message, version 3, class contiguous: 3, 1, then the address and the size (docs/FORMATS.md)
        byte[] message = ByteBuffer.allocate(18).order(ByteOrder.LITTLE_ENDIAN).put((byte) 3).put((byte) 1).putLong(offset).putLong(64 * 4).array();
        int at = find(bytes, message) + 2;
        assertTrue(at > 2 && find(java.util.Arrays.copyOfRange(bytes, at, bytes.length), message) < 0, "the layout message is in the file once");
        long bogus = 1L << 40;
        System.arraycopy(le(bogus), 0, bytes, at, 8);
        Files.write(file, bytes);
        assertEquals(bogus, H5Layout.read(file, "/d").offset(), "negative control: the library hands out the corrupt offset; only jpio's check stops it");
        CollectiveIOException e = assertThrows(CollectiveIOException.class, () -> LocalComm.run(3, comm -> {
            DistributedArray b = DistributedArray.create(comm, ElementType.INT, 64);
            b.read(ArrayPath.of(file, "/d"));
        }));
        assertTrue(e.getMessage().contains("corrupt") && e.getMessage().contains("offset=" + bogus) && e.getMessage().contains("size=" + bytes.length)
                && e.getMessage().contains(file.toString()) && e.getMessage().contains("/d"), e.getMessage());
        assertArrayEquals(bytes, Files.readAllBytes(file));
    }

    @Test
    void aSecondDatasetOfTheSameNameReplacesTheFirstOnlyOnceWritten() throws Exception {
        Path file = dir.resolve("replace.h5");
        LocalComm.run(2, comm -> {
            DistributedArray a = DistributedArray.create(comm, ElementType.LONG, 6);
            Fill.fill(a);
            a.write(ArrayPath.of(file, "/x"));
            DistributedArray b = DistributedArray.create(comm, ElementType.SHORT, 2, 2);
            b.write(ArrayPath.of(file, "/x"), ArrayFormats.H5, Hints.defaults(), WriteMode.ADD, Attributes.of("v", 2));
            StoredArray s = DistributedArray.inspect(comm, ArrayPath.of(file, "/x"));
            assertEquals(ElementType.SHORT, s.type());
            assertEquals(Attributes.of("v", 2), ArrayFiles.attributes(comm, ArrayPath.of(file, "/x")));
            assertEquals(List.of("/x"), ArrayFiles.datasets(comm, file));
        });
        h5dump(file);
    }

    static String h5dump(Path file) throws Exception {
        Process p = new ProcessBuilder("h5dump", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), "h5dump " + file + ":\n" + out);
        assertTrue(!out.contains("h5dump error"), out);
        return out;
    }

    static byte[] le(long v) { return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array(); }

    static int find(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }

    static String python(String script, String... args) throws Exception {
        return NumpyArrayInteropTest.python(script, args);
    }

    static String pyList(String[] s) { return "['" + String.join("', '", s) + "']"; }

    static String tuple(int[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int x : s) b.append(x).append(", ");
        return b.append(")").toString();
    }

    private static String shapesPy(int[][] shapes) {
        StringBuilder b = new StringBuilder("[");
        for (int[] s : shapes) b.append(tuple(s)).append(", ");
        return b.append("]").toString();
    }

    private static String pairs() {
        StringBuilder b = new StringBuilder("[");
        for (ElementType t : ElementType.values()) b.append("('").append(t.numpyKind()).append(t.size()).append("', '").append(t).append("'), ");
        return b.append("]").toString();
    }
}
