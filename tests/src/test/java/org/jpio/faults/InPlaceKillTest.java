package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the JVM while DistributedArray.write rewrites an existing .h5 or .npy file in place
 * ({@link RewriteInPlace}, 256 MiB on 4 in-JVM ranks): the old file's blocks are written over, so the old
 * array may be gone, but the file never opens as complete with anything else than the whole new array:
 * h5py and numpy find the complete old array (killed before the write began), the complete new one, or
 * refuse the file (HDF5 without its signature, .npy without its header), never a mixture. Negative
 * control: with the HDF5 file truncated and its metadata written first (the default of
 * {@code ArrayFormat.prepareInPlace}, what jpio did before), a kill at 513 ms of a 1.2 s rewrite left a file
 * h5py opened holding 1220608 of the new array's 33554432 elements and zeros for the rest.
 *
 * <p>One kill per format in {@code make test}; {@code -Djpio.soak=N} runs N of each, {@code -Djpio.seed=S}
 * repeats a run's moments (the seed is printed).
 */
class InPlaceKillTest {
    static final int N = 1 << 25; // longs: 256 MiB
    @TempDir Path dir;

    /** What h5py or numpy makes of the file: "old", "new", "refused: ..." or "MIXTURE ..." / another failure. */
    private static final String SCRIPT = String.join("\n",
            "import sys, numpy as np",
            "path, n = sys.argv[1], int(sys.argv[2])",
            "try:",
            "    if path.endswith('.h5'):",
            "        import h5py",
            "        a = h5py.File(path, 'r')['data']",
            "    else:",
            "        a = np.load(path, mmap_mode='r')",
            "except (OSError, ValueError) as e:",
            "    print('refused: ' + str(e).splitlines()[0]); sys.exit(0)",
            "assert a.dtype == np.int64 and a.shape == (n,), 'dtype %s shape %s' % (a.dtype, a.shape)",
            "old = new = 0",
            "for lo in range(0, n, 1 << 24):",
            "    i = np.arange(lo, min(n, lo + (1 << 24)), dtype=np.int64)",
            "    b = a[lo:lo + len(i)]",
            "    old += int(np.count_nonzero(b == i)); new += int(np.count_nonzero(b == ~i))",
            "print('old' if old == n else 'new' if new == n else 'MIXTURE old=%d new=%d other=%d of %d' % (old, new, n - old - new, n))");

    @ParameterizedTest
    @ValueSource(strings = {"big.h5", "big.npy"})
    void killingTheJvmMidRewriteLeavesTheOldTheNewOrARefusedFile(String name) throws Exception {
        Path file = dir.resolve(name);
        long seed = Long.getLong("jpio.seed", System.nanoTime());
        Random random = new Random(seed);
        writeWhole(file, "old");
        double seconds = writeWhole(file, "old"); // an in-place rewrite: the window the kills aim at
        assertEquals("old", which(file));
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < Integer.getInteger("jpio.soak", 1); round++) {
            long delay = (long) (seconds * 1000 * (0.05 + 0.65 * random.nextDouble()));
            Process p = writer(file, "new").redirectErrorStream(true).start();
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder out = new StringBuilder();
            long pid = -1;
            for (String l; pid < 0 && (l = r.readLine()) != null; ) {
                out.append(l).append('\n');
                Matcher m = Pattern.compile("writing rank=0 pid=(\\d+)").matcher(l);
                if (m.find()) pid = Long.parseLong(m.group(1));
            }
            assertTrue(pid > 0, "the writer ended before writing: " + out);
            Thread.sleep(delay);
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out.toString());
            String what = which(file);
            assertTrue(what.equals("old") || what.equals("new") || what.startsWith("refused: "), "after kill -9 at " + delay + " ms: " + what);
            seen.add(what + "@" + delay + "ms");
            writeWhole(file, "old"); // a rewrite of a refused file works, and the next round starts from the old array
            assertEquals("old", which(file));
        }
        System.out.println("kill -9 during a " + seconds + " s in-place rewrite of " + name + " (seed " + seed + "): " + seen);
    }

    private static ProcessBuilder writer(Path file, String which) {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"),
                RewriteInPlace.class.getName(), file.toString(), Integer.toString(N), which);
    }

    private static double writeWhole(Path file, String which) throws Exception {
        Process p = writer(file, which).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        Matcher m = Pattern.compile("written rank=0 seconds=([0-9.E]+)").matcher(out);
        assertTrue(m.find(), out);
        return Double.parseDouble(m.group(1));
    }

    private static String which(Path file) throws Exception {
        Process p = new ProcessBuilder(Numpy.PYTHON, "-c", SCRIPT, file.toString(), Integer.toString(N)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(300, TimeUnit.SECONDS)) p.destroyForcibly();
        assertEquals(0, p.exitValue(), "python on " + file + ": " + out);
        return out;
    }
}
