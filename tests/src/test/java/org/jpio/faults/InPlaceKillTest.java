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
 * ({@link Overwrite} with {@code in-place}, 256 MiB on 4 in-JVM ranks): the old file's blocks are written
 * over, so the old array may be gone, but the file never opens as complete with anything else than the
 * whole new array:
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

    @ParameterizedTest
    @ValueSource(strings = {"big.h5", "big.npy"})
    void killingTheJvmMidRewriteLeavesTheOldTheNewOrARefusedFile(String name) throws Exception {
        Path file = dir.resolve(name);
        long seed = Long.getLong("jpio.seed", System.nanoTime());
        Random random = new Random(seed);
        TornFileTest.writeWhole(writer(file, "old"));
        double seconds = TornFileTest.writeWhole(writer(file, "old")); // an in-place rewrite: the window the kills aim at
        assertEquals("old", Numpy.whichArrayOrRefused(file, N));
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
            String what = Numpy.whichArrayOrRefused(file, N);
            assertTrue(what.equals("old") || what.equals("new") || what.startsWith("refused: "), "after kill -9 at " + delay + " ms: " + what);
            seen.add(what + "@" + delay + "ms");
            TornFileTest.writeWhole(writer(file, "old")); // a rewrite of a refused file works, and the next round starts from the old array
            assertEquals("old", Numpy.whichArrayOrRefused(file, N));
        }
        System.out.println("kill -9 during a " + seconds + " s in-place rewrite of " + name + " (seed " + seed + "): " + seen);
    }

    private static ProcessBuilder writer(Path file, String which) {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", "-cp",
                System.getProperty("java.class.path"), "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"),
                Overwrite.class.getName(), file.toString(), Integer.toString(N), which, "in-place");
    }
}
