package org.jpio.npy;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jpio.io.ElementType;
import org.jpio.testing.TestArrays;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Files jpio writes are loaded by real numpy ({@code /usr/bin/python3}), which checks every element. */
class NumpyInteropTest {
    static final String PYTHON = "/usr/bin/python3";
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void numpyLoadsWhatJpioWrote(ElementType t) throws Exception {
        Object data = TestArrays.random(t, 5 * 7 * 3, 1234 + t.ordinal());
        Path npy = dir.resolve(t + ".npy");
        NpyFile.write(npy, data, 5, 7, 3);
        // the raw bytes of the data, C order, as the reference numpy compares against
        Path raw = dir.resolve(t + ".raw");
        try (var f = org.jpio.file.ArrayFile.open(raw, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            f.writeArray(0, data);
        }
        String dtype = NpyHeader.descr(t, java.nio.ByteOrder.nativeOrder());
        String script = String.join("\n",
                "import numpy as np, sys",
                "a = np.load(sys.argv[1])",
                "m = np.memmap(sys.argv[1], mode='r', dtype=a.dtype, offset=" + NpyHeader.of(t, java.nio.ByteOrder.nativeOrder(), false, 5, 7, 3).dataOffset() + ", shape=a.shape)",
                "ref = np.fromfile(sys.argv[2], dtype=np.dtype('" + dtype + "')).reshape(5, 7, 3)",
                "assert a.shape == (5, 7, 3), a.shape",
                "assert a.dtype == np.dtype('" + dtype + "'), a.dtype",
                "assert a.tobytes() == ref.tobytes(), 'data differs'",
                "assert m.tobytes() == ref.tobytes(), 'memmap differs'",
                "print('ok', a.dtype, a.shape)");
        Process p = new ProcessBuilder(PYTHON, "-c", script, npy.toString(), raw.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.startsWith("ok"), out);
    }
}
