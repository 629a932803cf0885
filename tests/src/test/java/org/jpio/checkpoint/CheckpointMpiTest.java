package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.jpio.array.MpiH5Test;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
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
        LocalComm.run(5, comm -> CheckpointMpiMain.write(comm, ckpt, ArrayFormats.NPY));
        MpiRun.requireEachRank(MpiRun.run(3, CheckpointMpiMain.class, 120, "read", ckpt.toString()), 3, "read ok: rank=%d size=3");
    }

    /**
     * HDF5 checkpoints: 3 MPI processes write each checkpoint as one checkpoint.h5 (eight datasets, one per
     * element type, and the attributes); 2 processes and 4 in-JVM ranks restart every step; h5py reads every
     * dataset, the same bytes jpio verified, and the root group's step, and h5dump accepts the file. Then
     * 5 in-JVM ranks write and 3 MPI processes restart.
     */
    @Test
    void h5CheckpointsWrittenByMpiProcessesRestartedOnOtherCounts() throws Exception {
        Path ckpt = dir.resolve("mpi-h5");
        MpiRun.requireEachRank(MpiRun.run(3, CheckpointMpiMain.class, 120, "write", ckpt.toString(), "h5"), 3, "write ok: rank=%d size=3");
        assertEquals(List.of(1L, 2L, 3L), Catalog.of(ckpt).valid().stream().map(CheckpointInfo::step).toList());
        String py = String.join("\n",
                "import h5py, json, numpy as np, sys",
                "d = sys.argv[1]",
                "m = json.load(open(d + '/manifest.json'))",
                "raw = open(d + '/checkpoint.h5', 'rb').read()",
                "with h5py.File(d + '/checkpoint.h5', 'r') as f:",
                "    assert f.attrs['step'] == m['step'] and m['attributes']['step']['value'] == m['step'], dict(f.attrs)",
                "    for a in m['arrays']:",
                "        x = f[a['dataset']][()]",
                "        assert list(x.shape) == a['shape'] and x.dtype == np.dtype(a['dtype']), (a['name'], x.shape, x.dtype)",
                "        n = x.nbytes",
                "        assert x.astype(np.dtype(a['dtype'])).tobytes() == raw[a['data_position']:a['data_position'] + n], a['name']",
                "print('h5py ok', m['step'], len(m['arrays']))",
                "");
        for (CheckpointInfo c : Catalog.of(ckpt).valid()) {
            assertEquals(2, c.manifest().version());
            assertEquals("MpiComm", c.manifest().writer().comm());
            assertEquals(List.of(Manifest.SharedFile.class), c.manifest().files().stream().map(Object::getClass).toList());
            Catalog.of(ckpt).verify(c);
            assertEquals("h5py ok " + c.step() + " 8", MpiH5Test.run("/usr/bin/python3", "-c", py, c.path().toString()).trim());
            MpiH5Test.run("h5dump", "-o", "/dev/null", c.path().resolve("checkpoint.h5").toString());
        }
        MpiRun.requireEachRank(MpiRun.run(2, CheckpointMpiMain.class, 120, "read", ckpt.toString()), 2, "read ok: rank=%d size=2");
        LocalComm.run(4, comm -> {
            for (long step = 1; step <= 3; step++) CheckpointMpiMain.check(comm, ckpt, step);
        });
        Path jvm = dir.resolve("jvm-h5");
        LocalComm.run(5, comm -> CheckpointMpiMain.write(comm, jvm, ArrayFormats.H5));
        MpiRun.requireEachRank(MpiRun.run(3, CheckpointMpiMain.class, 120, "read", jvm.toString()), 3, "read ok: rank=%d size=3");
    }
}
