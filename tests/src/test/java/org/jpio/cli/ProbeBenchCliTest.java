package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/jpio bench tuning} and {@code bench jvm-io} at tiny sizes: every study's Java, JNI and C
 * programs run and pass their checks, every Java program has its ratio to its C counterpart, the derived
 * rows are there, and the figure is drawn from the JSON rows.
 */
class ProbeBenchCliTest {
    static Set<String> check(JpioCli.Result r, String bench) {
        Set<String> seen = new TreeSet<>();
        for (Map<String, String> row : r.rows()) {
            assertEquals(bench, row.get("bench"));
            assertFalse(row.containsKey("failed") || row.containsKey("unavailable"), "every program runs here: " + row);
            assertEquals("true", row.get("verified"), row.toString());
            seen.add(row.get("study") + "/" + row.get("impl"));
            // user CPU of a tiny run can be 0 (getrusage is tick-accounted): only wall-clock figures always give a ratio here
            if (row.get("lang").equals("java") && !row.get("metric").startsWith("user_"))
                assertTrue(Double.parseDouble(row.get("ratio_c")) > 0, "a ratio to C: " + row);
        }
        return seen;
    }

    @Test
    @Timeout(120)
    void tuning(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("tuning.png");
        JpioCli.Result r = JpioCli.ok(dir, 100, "bench", "tuning", "--size", "64k", "--max-calls", "2000", "--calls", "20000", "--repeat", "1",
                "--warmup", "0", "--buffers", "1,4096", "--ops", "1,4096", "--jni-ops", "1,64", "--json", "--dir", dir.toString(), "--plot", png.toString());
        Set<String> seen = check(r, "tuning");
        for (String s : List.of("strategies/java-raw", "strategies/c-raw", "strategies/java-buffered", "strategies/c-stdio", "strategies/java-direct",
                "buffer/c-direct", "opsize/java-op", "opsize/c-op", "jni/java-jni", "jni/java-direct", "jni/c-direct",
                "calls/java-jni-call", "calls/c-call", "calls/java-jni-pread", "calls/c-pread"))
            assertTrue(seen.contains(s), "missing " + s + " in " + seen);
        JpioCli.assertPng(png);
    }

    @Test
    @Timeout(120)
    void jvmIo(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("jvm-io.png");
        JpioCli.Result r = JpioCli.ok(dir, 100, "bench", "jvm-io", "--size", "64k", "--max-calls", "2000", "--calls", "20000", "--repeat", "1",
                "--warmup", "0", "--buffers", "1,4096", "--big-buffers", "1,4096", "--json", "--dir", dir.toString(), "--plot", png.toString());
        Set<String> seen = check(r, "jvm-io");
        for (String s : List.of("read-path/java-buffered-read", "read-path/java-native-naive", "read-path/java-native-read", "read-path/c-read",
                "syscall/java-native-dummy", "syscall/c-dummy", "syscall-cost/java-read-syscall", "syscall-cost/c-read-syscall",
                "call/java-pure-call", "call/java-native-call", "call/c-call", "bigread/java-bigread", "bigread/c-bigread"))
            assertTrue(seen.contains(s), "missing " + s + " in " + seen);
        JpioCli.assertPng(png);
        JpioCli.Result bad = JpioCli.run(dir, 30, "bench", "jvm-io", "--studies", "nosuch");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("unknown study=nosuch"), bad.err());
    }
}
