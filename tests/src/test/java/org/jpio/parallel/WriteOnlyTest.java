package org.jpio.parallel;

import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Noncontiguous writes through write-only handles on every engine and driver, in one JVM and under mpirun. */
@Timeout(300)
class WriteOnlyTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "LocalComm {0} ranks, engine {1}, {2}")
    @CsvSource({"1,nio,twophase", "1,native,twophase", "1,nio,write_at", "1,native,write_at",
                "3,nio,twophase", "3,native,twophase", "3,nio,independent", "3,native,independent", "3,nio,write_at", "3,native,write_at"})
    void inOneJvm(int ranks, String engine, String config) throws Exception {
        LocalComm.run(ranks, comm -> WriteOnly.check(comm, dir, engine, config));
    }

    @ParameterizedTest(name = "mpirun -np 3, engine {0}")
    @ValueSource(strings = {"nio", "native"})
    void underMpirun(String engine) {
        List<String> configs = engine.equals("native") ? List.of("twophase", "independent", "write_at", "romio") : List.of("twophase", "independent", "write_at");
        String[] args = new String[2 + configs.size()];
        args[0] = dir.toString();
        args[1] = engine;
        for (int k = 0; k < configs.size(); k++) args[2 + k] = configs.get(k);
        String out = MpiRun.run(3, WriteOnly.class, 180, List.of("--mca", "io", "romio321"), args);
        MpiRun.requireEachRank(out, 3, "write-only ok rank=%d size=3");
    }
}
