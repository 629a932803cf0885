package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.jpio.comm.local.LocalComm;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints on MPI processes: 3 processes commit synchronously and asynchronously (the background writer
 * on MPI_Comm_dup, MPI_THREAD_MULTIPLE), 2 processes and 4 in-JVM ranks restart every step; and the other
 * way round, in-JVM ranks write and MPI processes restart.
 */
class CheckpointMpiTest {
    @TempDir Path dir;

    @Test
    void writtenByMpiProcessesRestartedOnOtherCounts() throws Exception {
        Path ckpt = dir.resolve("mpi");
        MpiRun.requireEachRank(MpiRun.run(3, CheckpointMpiMain.class, 120, "write", ckpt.toString()), 3, "write ok: rank=%d size=3");
        assertEquals(List.of(1L, 2L, 3L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        for (CheckpointInfo c : Catalog.of(ckpt).valid()) {
            assertEquals(3, c.manifest().writer().ranks());
            assertEquals("MpiComm", c.manifest().writer().comm());
            Catalog.of(ckpt).verify(c);
        }
        MpiRun.requireEachRank(MpiRun.run(2, CheckpointMpiMain.class, 120, "read", ckpt.toString()), 2, "read ok: rank=%d size=2");
        LocalComm.run(4, comm -> {
            for (long step = 1; step <= 3; step++) CheckpointMpiMain.check(comm, ckpt, step);
        });
    }

    @Test
    void writtenInOneJvmRestartedByMpiProcesses() throws Exception {
        Path ckpt = dir.resolve("jvm");
        LocalComm.run(5, comm -> CheckpointMpiMain.write(comm, ckpt));
        MpiRun.requireEachRank(MpiRun.run(3, CheckpointMpiMain.class, 120, "read", ckpt.toString()), 3, "read ok: rank=%d size=3");
    }
}
