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
    private static final String SCRIPT = String.join("\n",
            "import sys, numpy as np",
            "a = np.load(sys.argv[1], mmap_mode='r')",
            "n = int(sys.argv[2])",
            "assert a.dtype == np.int64 and a.shape == (n,), 'dtype %s shape %s, expected int64 (%d,)' % (a.dtype, a.shape, n)",
            "old = new = 0",
            "for lo in range(0, n, 1 << 24):",
            "    i = np.arange(lo, min(n, lo + (1 << 24)), dtype=np.int64)",
            "    b = a[lo:lo + len(i)]",
            "    old += int(np.count_nonzero(b == i)); new += int(np.count_nonzero(b == ~i))",
            "print('old' if old == n else 'new' if new == n else 'MIXTURE old=%d new=%d other=%d of %d' % (old, new, n - old - new, n))");

    private Numpy() { }

    static String whichArray(Path file, long n) throws Exception {
        Process p = new ProcessBuilder(PYTHON, "-c", SCRIPT, file.toString(), Long.toString(n)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(300, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(0, p.exitValue(), "numpy could not load " + file + ": " + out);
        if (!out.equals("old") && !out.equals("new")) throw new AssertionError("numpy: " + file + " is neither the old array nor the new one: " + out);
        return out;
    }
}
