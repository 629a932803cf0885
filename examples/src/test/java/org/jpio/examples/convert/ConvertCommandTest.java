package org.jpio.examples.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jpio.examples.cli.JpioCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code jpio convert} in this JVM on N-to-M rank counts: NPY to an HDF5 dataset, an HDF5 dataset added to
 * another file, HDF5 to RAW and RAW (with --dtype/--shape) back to HDF5; numpy and h5py check the data,
 * h5dump every HDF5 file. A RAW source without its type, and an unknown dataset, are refused naming them.
 */
class ConvertCommandTest {
    @TempDir Path dir;

    record Run(int status, String out, String err) { }

    static Run jpio(String... args) {
        CommandLine cl = JpioCommand.commandLine();
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err));
        PrintStream old = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            int status = cl.execute(args);
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(old);
        }
    }

    static String python(String script, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("/usr/bin/python3", "-c", script));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    static void h5dump(Path file) throws Exception {
        Process p = new ProcessBuilder("h5dump", "-H", file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
    }

    @Test
    void betweenNpyHdf5AndRawOnDifferentRankCounts() throws Exception {
        Path npy = dir.resolve("a.npy"), h5 = dir.resolve("a.h5"), all = dir.resolve("all.h5"), raw = dir.resolve("a.raw");
        python("import numpy as np, sys; np.save(sys.argv[1], (np.arange(7 * 5 * 3, dtype=np.int64) * 3 - 50).reshape(7, 5, 3))", npy.toString());
        Run r1 = jpio("convert", npy.toString(), h5 + ":/fields/x", "--ranks", "3");
        assertEquals(0, r1.status(), r1.err());
        assertTrue(r1.out().contains("on 3 ranks (threads)") && r1.out().contains("(npy LONG [7, 5, 3])"), r1.out());
        Run r2 = jpio("convert", h5.toString(), all + ":/copy", "--ranks", "2");
        assertEquals(0, r2.status(), r2.err());
        Run r3 = jpio("convert", h5 + ":/fields/x", all + ":/g/again", "--ranks", "4", "--add");
        assertEquals(0, r3.status(), r3.err());
        Run r4 = jpio("convert", all + ":/g/again", raw.toString(), "--ranks", "5");
        assertEquals(0, r4.status(), r4.err());
        assertEquals(7 * 5 * 3 * 8, Files.size(raw));
        Run r5 = jpio("convert", raw.toString(), dir.resolve("back.h5").toString(), "--dtype", "long", "--shape", "7,5,3", "--ranks", "1");
        assertEquals(0, r5.status(), r5.err());
        String out = python(String.join("\n",
                "import numpy as np, h5py, sys",
                "a = np.load(sys.argv[1])",
                "f = h5py.File(sys.argv[2], 'r')",
                "assert sorted(f.keys()) == ['copy', 'g'] and np.array_equal(f['copy'][...], a) and np.array_equal(f['g/again'][...], a)",
                "assert np.array_equal(h5py.File(sys.argv[3], 'r')['data'][...], a)",
                "assert np.array_equal(np.fromfile(sys.argv[4], dtype=np.int64).reshape(7, 5, 3), a)",
                "print('ok')"), npy.toString(), all.toString(), dir.resolve("back.h5").toString(), raw.toString());
        assertTrue(out.contains("ok"), out);
        for (Path p : new Path[] {h5, all, dir.resolve("back.h5")}) h5dump(p);
    }

    @Test
    void whatCannotBeConvertedIsNamed() throws Exception {
        Path raw = dir.resolve("r.raw");
        Files.write(raw, new byte[48]);
        Run noType = jpio("convert", raw.toString(), dir.resolve("o.h5").toString(), "--ranks", "2");
        assertEquals(2, noType.status());
        assertTrue(noType.err().contains("is RAW (no header): give its --dtype and --shape"), noType.err());
        Run wrongSize = jpio("convert", raw.toString(), dir.resolve("o.h5").toString(), "--dtype", "int", "--shape", "5,3", "--ranks", "2");
        assertEquals(2, wrongSize.status());
        assertTrue(wrongSize.err().contains("RAW file size does not match") && wrongSize.err().contains("size=48"), wrongSize.err());
        jpio("convert", raw.toString(), dir.resolve("o.h5").toString(), "--dtype", "int", "--shape", "4,3", "--ranks", "2");
        Run missing = jpio("convert", dir.resolve("o.h5") + ":/nope", dir.resolve("p.npy").toString(), "--ranks", "2");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no dataset /nope") && missing.err().contains("[/data]"), missing.err());
        assertTrue(Files.notExists(dir.resolve("p.npy")), "nothing is written when the source cannot be read");
        Run addToNpy = jpio("convert", dir.resolve("o.h5").toString(), dir.resolve("p.npy").toString(), "--add");
        assertEquals(2, addToNpy.status());
        assertTrue(addToNpy.err().contains("--add needs a destination that holds several arrays"), addToNpy.err());
    }
}
