package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.twophase.Aggregators;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * jpio chooses the aggregators ROMIO chooses: for a table of cb_config_list (and cb_nodes) values, MPICH's
 * ROMIO (which reports romio_aggregator_list; Open MPI's romio321 does not) runs a small C program on 4
 * processes of this host, and its list must equal {@code Aggregators.choose}'s.
 */
class AggregatorsRomioTest {
    @TempDir Path dir;

    @Test
    void jpioChoosesRomiosAggregators() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpicc.mpich")) && Files.isExecutable(Path.of("/usr/bin/mpirun.mpich")),
                "MPICH (mpicc.mpich, mpirun.mpich) is not installed: scripts/bootstrap.sh installs it");
        Path src = Path.of(System.getProperty("maven.multiModuleProjectDirectory", ".."), "tests/src/test/c/aggregators.c");
        if (!Files.exists(src)) src = Path.of("src/test/c/aggregators.c");
        Path exe = dir.resolve("aggregators");
        run(List.of("/usr/bin/mpicc.mpich", src.toString(), "-o", exe.toString()));
        String host = org.jpio.comm.local.LocalComm.runAndCollect(1, c -> c.hostName()).get(0);
        String[] hosts = new String[4];
        Arrays.fill(hosts, host);
        String[][] table = {{"*:1"}, {host}, {host + "," + host + "," + host + "," + host}, {host + ":2," + host + ":2"}, {"*:2"}, {"*:*"},
                {host + ":*"}, {"*,*"}, {"*:3," + host}, {"*:*", "3"}, {"*:1", "3"}, {"nohost,*"}, {host + ":1,*:2"}};
        for (String[] row : table) {
            List<String> cmd = new ArrayList<>(List.of("/usr/bin/mpirun.mpich", "-np", "4", exe.toString(), dir.resolve("f.bin").toString(), row[0]));
            if (row.length > 1) cmd.add(row[1]);
            String out = run(cmd);
            String romio = out.substring(out.indexOf("aggregators=") + "aggregators=".length()).trim();
            int[] jpio = Aggregators.choose(hosts, row.length > 1 ? Integer.parseInt(row[1]) : 0, row[0]);
            StringBuilder b = new StringBuilder();
            for (int a : jpio) b.append(b.length() == 0 ? "" : " ").append(a);
            assertEquals(romio, b.toString(), "cb_config_list=" + row[0] + (row.length > 1 ? " cb_nodes=" + row[1] : ""));
        }
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        if (p.exitValue() != 0) throw new AssertionError("exit " + p.exitValue() + ": " + cmd + "\n" + out);
        return out;
    }
}
