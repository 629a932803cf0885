package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real numpy ({@code /usr/bin/python3}) on both sides: files numpy writes (all eight dtypes, both byte
 * orders, C and Fortran order, format versions 1.0-3.0) read by DistributedArray on a few ranks and
 * distributions, and files DistributedArray writes loaded by numpy (np.load and np.memmap), which checks
 * every element against the same formula {@link Fill#value} uses.
 */
class NumpyArrayInteropTest {
    static final String PYTHON = "/usr/bin/python3";
    static final int[] SHAPE = {5, 3, 4};
    static final String[] CODES = {"b1", "i1", "u2", "i2", "i4", "i8", "f4", "f8"};

    /** numpy's version of Fill.value: the element at C position p ({@link Fill#NUMPY_VALUES}). */
    static final String VALUES = Fill.NUMPY_VALUES;

    @TempDir static Path dir;
    static final List<String> written = new ArrayList<>();

    static ElementType typeOf(String code) {
        for (ElementType t : ElementType.values()) if (code.equals("" + t.numpyKind() + t.size())) return t;
        throw new AssertionError(code);
    }

    /** numpy writes every combination once; the tests read them. */
    @BeforeAll
    static void numpyWrites() throws Exception {
        StringBuilder s = new StringBuilder(VALUES);
        s.append("d = sys.argv[1]\n");
        s.append("for code in " + pyList(CODES) + ":\n");
        s.append("    for bo in ('<', '>'):\n");
        s.append("        for layout in ('c', 'f'):\n");
        s.append("            a = values(code, " + pyTuple(SHAPE) + ").astype(np.dtype(code).newbyteorder(bo))\n");
        s.append("            if layout == 'f': a = np.asfortranarray(a)\n");
        s.append("            name = '%s/%s_%s_%s.npy' % (d, code, 'be' if bo == '>' else 'le', layout)\n");
        s.append("            np.save(name, a)\n");
        s.append("            print(name)\n");
        s.append("for v in ((2, 0), (3, 0)):\n");
        s.append("    with open('%s/i4_v%d.npy' % (d, v[0]), 'wb') as f: np.lib.format.write_array(f, values('i4', " + pyTuple(SHAPE) + "), version=v)\n");
        s.append("    with open('%s/f8_fv%d.npy' % (d, v[0]), 'wb') as f: np.lib.format.write_array(f, np.asfortranarray(values('f8', " + pyTuple(SHAPE) + ").astype('>f8')), version=v)\n");
        String out = python(s.toString(), dir.toString());
        for (String line : out.split("\n")) if (line.endsWith(".npy")) written.add(line);
        assertEquals(CODES.length * 4, written.size(), out);
    }

    @Test
    void readsEveryFileNumpyWrote() throws Exception {
        int[][] layouts = {{3, 0}, {4, 1}, {2, 0}, {5, 2}};
        int k = 0;
        List<String> all = new ArrayList<>(written);
        for (String v : new String[] {"i4_v2", "i4_v3", "f8_fv2", "f8_fv3"}) all.add(dir.resolve(v + ".npy").toString());
        for (String name : all) {
            Path file = Path.of(name);
            ElementType t = typeOf(file.getFileName().toString().substring(0, 2));
            int[] l = layouts[k++ % layouts.length];
            Dist[] dists = k % 2 == 0 ? new Dist[] {Dist.BLOCK, Dist.cyclic(2), Dist.NONE} : new Dist[] {Dist.CYCLIC, Dist.BLOCK, Dist.BLOCK};
            LocalComm.run(l[0], comm -> {
                DistributedArray a = DistributedArray.create(comm, t, SHAPE, null, dists, l[1]);
                Fill.clear(a);
                a.read(file);
                Fill.check(a, "file=" + file);
            });
        }
    }

    @Test
    void numpyLoadsWhatEveryRankCountWrote() throws Exception {
        for (ElementType t : ElementType.values()) {
            int ranks = 1 + t.ordinal() % 5;
            Path file = dir.resolve("jpio_" + t + ".npy");
            LocalComm.run(ranks, comm -> {
                DistributedArray a = DistributedArray.builder(comm, t, SHAPE).ghost(t.ordinal() % 2).create();
                Fill.fill(a);
                a.write(file);
            });
        }
        StringBuilder s = new StringBuilder(VALUES);
        s.append("import numpy.lib.format as fmt\n");
        s.append("for code, t in " + pyPairs() + ":\n");
        s.append("    name = '%s/jpio_%s.npy' % (sys.argv[1], t)\n");
        s.append("    a = np.load(name)\n");
        s.append("    want = values(code, " + pyTuple(SHAPE) + ")\n");
        s.append("    assert a.shape == want.shape and a.dtype == np.dtype(code).newbyteorder('<'), (name, a.shape, a.dtype)\n");
        s.append("    assert np.array_equal(a, want), (name, a, want)\n");
        s.append("    with open(name, 'rb') as f:\n");
        s.append("        version = fmt.read_magic(f)\n");
        s.append("        fmt.read_array_header_1_0(f)\n");
        s.append("        offset = f.tell()\n");
        s.append("    assert version == (1, 0) and offset % 64 == 0, (name, version, offset)\n");
        s.append("    m = np.load(name, mmap_mode='r')\n");
        s.append("    assert np.array_equal(m, want), name\n");
        s.append("    print('ok', name)\n");
        String out = python(s.toString(), dir.toString());
        assertEquals(ElementType.values().length, out.lines().filter(x -> x.startsWith("ok")).count(), out);
    }

    static String python(String script, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, "-c", script));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static String pyTuple(int[] s) {
        StringBuilder b = new StringBuilder("(");
        for (int x : s) b.append(x).append(", ");
        return b.append(")").toString();
    }

    private static String pyList(String[] s) {
        return "['" + String.join("', '", s) + "']";
    }

    private static String pyPairs() {
        StringBuilder b = new StringBuilder("[");
        for (ElementType t : ElementType.values()) b.append("('").append(t.numpyKind()).append(t.size()).append("', '").append(t).append("'), ");
        return b.append("]").toString();
    }
}
