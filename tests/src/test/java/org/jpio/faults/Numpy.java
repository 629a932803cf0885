package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * What numpy makes of an array file of {@link Overwrite}: np.load, then element by element against the old
 * array (i at position i) and the new one (~i), in blocks so a 1 GiB file needs little memory. Answers
 * "old", "new", or fails the test with what numpy said (a mixture, a file numpy cannot load, a wrong shape).
 */
final class Numpy {
    static final String PYTHON = "/usr/bin/python3";
    private static final String LOAD = String.join("\n",
            "import sys, numpy as np",
            "a = np.load(sys.argv[1], mmap_mode='r')",
            "n = int(sys.argv[2])", "");
    /** An .h5 file's /data through h5py, a .npy through numpy; "refused: why" when the library will not open it. */
    private static final String OPEN_OR_REFUSE = String.join("\n",
            "import sys, numpy as np",
            "path, n = sys.argv[1], int(sys.argv[2])",
            "try:",
            "    if path.endswith('.h5'):",
            "        import h5py",
            "        a = h5py.File(path, 'r')['data']",
            "    else:",
            "        a = np.load(path, mmap_mode='r')",
            "except (OSError, ValueError) as e:",
            "    print('refused: ' + str(e).splitlines()[0]); sys.exit(0)", "");
    private static final String COMPARE = String.join("\n",
            "assert a.dtype == np.int64 and a.shape == (n,), 'dtype %s shape %s, expected int64 (%d,)' % (a.dtype, a.shape, n)",
            "old = new = 0",
            "for lo in range(0, n, 1 << 24):",
            "    i = np.arange(lo, min(n, lo + (1 << 24)), dtype=np.int64)",
            "    b = a[lo:lo + len(i)]",
            "    old += int(np.count_nonzero(b == i)); new += int(np.count_nonzero(b == ~i))",
            "print('old' if old == n else 'new' if new == n else 'MIXTURE old=%d new=%d other=%d of %d' % (old, new, n - old - new, n))");

    private Numpy() { }

    static String whichArray(Path file, long n) throws Exception {
        String out = run(LOAD + COMPARE, file, n, "numpy could not load ");
        if (!out.equals("old") && !out.equals("new")) throw new AssertionError("numpy: " + file + " is neither the old array nor the new one: " + out);
        return out;
    }

    /** As {@link #whichArray} for a .npy or an .h5 file (its /data), but "refused: why" when it will not open, and any mixture as such. */
    static String whichArrayOrRefused(Path file, long n) throws Exception {
        return run(OPEN_OR_REFUSE + COMPARE, file, n, "python on ");
    }

    private static String run(String script, Path file, long n, String failure) throws Exception {
        Process p = new ProcessBuilder(PYTHON, "-c", script, file.toString(), Long.toString(n)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(300, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(0, p.exitValue(), failure + file + ": " + out);
        return out;
    }
}
