package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDF5 on MPI processes, N to M: 3 processes write several datasets, groups and attributes into one file,
 * which h5py checks and h5dump accepts; 2 processes read it back, and read what h5py wrote (contiguous,
 * chunked and compressed, little- and big-endian), each process reading its part of a chunked dataset
 * through the library in parallel; then 3 processes rewrite h5py's file in place and 2 read it back.
 */
public class MpiH5Test {
    @TempDir Path dir;

    /** Runs a tool (python3, h5dump) to its end: its output, exit status 0 asserted. */
    public static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + "\n" + out);
        return out;
    }

    @Test
    void threeProcessesWriteTwoReadAndH5pyAgrees() throws Exception {
        String py = String.join("\n",
                "import h5py, numpy as np, sys",
                "d = sys.argv[1]",
                "p = np.arange(7 * 6 * 5)",
                "for bo, name in (('<', 'le'), ('>', 'be')):",
                "    with h5py.File('%s/py_%s.h5' % (d, name), 'w') as f:",
                "        f['contiguous'] = (p * 3 - 11).astype(bo + 'i4').reshape(7, 6, 5)",
                "        f.create_dataset('chunked', data=(p * 3 - 11).astype(bo + 'i4').reshape(7, 6, 5), chunks=(3, 4, 5), compression='gzip')",
                "        f.create_dataset('doubles', data=(p[:42] * 0.25 - 9).astype(bo + 'f8').reshape(6, 7), chunks=(6, 1), compression='gzip', shuffle=True)",
                "");
        run("/usr/bin/python3", "-c", py, dir.toString());
        String w = MpiRun.run(3, MpiH5Main.class, 120, "write", dir.toString());
        MpiRun.requireEachRank(w, 3, "ok write rank=%d size=3");
        String check = String.join("\n",
                "import h5py, numpy as np, sys",
                "f = h5py.File(sys.argv[1], 'r')",
                "def p(shape): return np.arange(int(np.prod(shape))).reshape(shape)",
                "assert np.array_equal(f['grid/ints'][...], (p((9, 7, 5)) * 3 - 11).astype('i4'))",
                "assert np.array_equal(f['grid/doubles'][...], p((11, 6)) * 0.25 - 9)",
                "assert np.array_equal(f['flags'][...], p((13,)) % 3 == 0) and f['flags'].dtype == np.bool_",
                "assert np.array_equal(f['deep/a/b/shorts'][...], (p((3, 2, 5, 4)) * -7).astype('i2'))",
                "assert np.array_equal(f['chars'][...], (p((1, 17)) * 101).astype('u2'))",
                "assert dict(f.attrs) == {'step': 42, 'time': 3.5, 'units': 's', 'writers': 3}, dict(f.attrs)",
                "assert list(f['grid'].attrs['spacing']) == [0.1, 0.2, 0.3]",
                "assert f['grid/ints'].attrs['type'] == 'INT' and list(f['grid/ints'].attrs['shape']) == [9, 7, 5]",
                "print('ok')");
        assertTrue(run("/usr/bin/python3", "-c", check, dir.resolve("jpio.h5").toString()).contains("ok"));
        run("h5dump", "-o", "/dev/null", dir.resolve("jpio.h5").toString());
        String r = MpiRun.run(2, MpiH5Main.class, 120, "read", dir.toString());
        MpiRun.requireEachRank(r, 2, "ok read rank=%d size=2");

        // 3 processes rewrite h5py's file in place, over its blocks: the same inode, h5py and h5dump read the
        // new file, and 2 processes read it back
        Path old = dir.resolve("py_le.h5");
        Object inode = java.nio.file.Files.getAttribute(old, "unix:ino");
        MpiRun.requireEachRank(MpiRun.run(3, MpiH5Main.class, 120, "rewrite", dir.toString()), 3, "ok rewrite rank=%d size=3");
        assertEquals(inode, java.nio.file.Files.getAttribute(old, "unix:ino"));
        String rewritten = String.join("\n",
                "import h5py, numpy as np, sys",
                "f = h5py.File(sys.argv[1], 'r')",
                "assert list(f.keys()) == ['data'], list(f.keys())",
                "assert np.array_equal(f['data'][...], (np.arange(9 * 7 * 5).reshape(9, 7, 5) * 3 - 11).astype('i4'))",
                "assert dict(f['data'].attrs) == {'step': 7}, dict(f['data'].attrs)",
                "print('ok')");
        assertTrue(run("/usr/bin/python3", "-c", rewritten, old.toString()).contains("ok"));
        run("h5dump", "-o", "/dev/null", old.toString());
        MpiRun.requireEachRank(MpiRun.run(2, MpiH5Main.class, 120, "reread", dir.toString()), 2, "ok reread rank=%d size=2");
    }

    @Test
    void convertUnderMpirunIsNToM() throws Exception {
        run("/usr/bin/python3", "-c", "import numpy as np, sys; np.save(sys.argv[1], np.arange(60, dtype=np.float32).reshape(5, 4, 3))",
                dir.resolve("a.npy").toString());
        List<String> args = new ArrayList<>(List.of("convert", dir.resolve("a.npy").toString(), dir.resolve("a.h5") + ":/x/y"));
        String out = MpiRun.run(3, org.jpio.examples.cli.JpioCommand.class, 120, args.toArray(new String[0]));
        assertTrue(out.contains("on 3 MPI processes"), out);
        String back = MpiRun.run(2, org.jpio.examples.cli.JpioCommand.class, 120, "convert", dir.resolve("a.h5") + ":/x/y", dir.resolve("b.npy").toString());
        assertTrue(back.contains("on 2 MPI processes"), back);
        assertTrue(run("/usr/bin/python3", "-c", "import numpy as np, h5py, sys; a = np.load(sys.argv[1]); assert np.array_equal(a, np.load(sys.argv[2]));"
                + " assert np.array_equal(a, h5py.File(sys.argv[3])['x/y'][...]); print('ok')",
                dir.resolve("a.npy").toString(), dir.resolve("b.npy").toString(), dir.resolve("a.h5").toString()).contains("ok"));
    }
}
