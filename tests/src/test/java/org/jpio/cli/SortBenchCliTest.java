package org.jpio.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/jpio bench sort} at a tiny size: the bound (computation alone, I/O alone) is reported and the figure drawn. */
class SortBenchCliTest {
    @Test
    @Timeout(120)
    void boundAndFigure(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("sort.png");
        JpioCli.Result r = JpioCli.ok(dir, 100, "bench", "sort", "--size", "1m", "--memory", "128k", "--variants", "async,ablock,sblock",
                "--json", "--dir", dir.toString(), "--plot", png.toString());
        String line = r.out().get(0);
        for (String key : new String[] {"\"compute_alone_s\":", "\"io_alone_s\":", "\"bound_s\":", "\"async_vs_bound\":"})
            assertTrue(line.contains(key), key + " in " + line);
        assertTrue(!line.contains("\"sorted\":false") && !line.contains("\"permutation\":false"), line);
        JpioCli.assertPng(png);
    }
}
