package org.jpio.romiotests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ROMIO's test programs as reference scenarios: each C program runs once under mpirun with ROMIO; jpio's
 * port of it runs on every driver configuration, on in-JVM ranks and under mpirun (all ports in one
 * launch), passes the C test's checks, and leaves the same file byte for byte.
 */
class RomioPortsTest {
    static final int NP = 3;
    @TempDir static Path dir;
    static final Map<Port, String> romioOutput = new EnumMap<>(Port.class);

    @BeforeAll
    static void romio() throws Exception {
        Path romio = Files.createDirectories(dir.resolve("romio"));
        for (Port p : Port.values()) if (p.left != Port.Left.NO_REFERENCE) romioOutput.put(p, RomioPrograms.run(p, NP, romio));
    }

    @ParameterizedTest(name = "LocalComm {0}")
    @ValueSource(strings = {"twophase-messages", "twophase-shared", "independent"})
    void inOneJvm(String config) throws Exception {
        Path mine = Files.createDirectories(dir.resolve("jvm-" + config));
        LocalComm.run(NP, comm -> RomioPortsMain.runAll(comm, mine, config));
        compareAll(mine);
    }

    @ParameterizedTest(name = "mpirun -np 3 {0}")
    @ValueSource(strings = {"twophase-messages", "twophase-shared", "independent", "romio"})
    void underMpirun(String config) throws Exception {
        Path mine = Files.createDirectories(dir.resolve("mpi-" + config));
        List<String> options = config.equals("romio") ? List.of("--mca", "io", "romio321") : List.of();
        String out = MpiRun.run(NP, RomioPortsMain.class, 300, options, mine.toString(), config);
        MpiRun.requireEachRank(out, NP, "romio ports ok rank=%d size=" + NP + " config=" + config);
        compareAll(mine);
    }

    /** The comparison is not vacuous: ROMIO's own split_coll file with one int changed is refused. */
    @org.junit.jupiter.api.Test
    void aFileOneIntOffIsRefused() throws Exception {
        Path other = Files.createDirectories(dir.resolve("flipped"));
        byte[] b = Files.readAllBytes(Port.SPLIT_COLL.file(dir.resolve("romio")));
        b[4 * 1000] ^= 1;
        Files.write(Port.SPLIT_COLL.file(other), b);
        org.opentest4j.AssertionFailedError e = org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.AssertionFailedError.class,
                () -> RomioPrograms.compare(Port.SPLIT_COLL, NP, other, dir.resolve("romio"), null));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("differ at byte 4000"), e.getMessage());
    }

    private static void compareAll(Path mine) throws Exception {
        for (Port p : Port.values()) RomioPrograms.compare(p, p.processes(NP), mine, dir.resolve("romio"), romioOutput.get(p));
    }
}
