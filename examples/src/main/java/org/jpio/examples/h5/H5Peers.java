package org.jpio.examples.h5;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.examples.bench.JavaLauncher;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.Processes;

/**
 * The processes of one round of {@code jpio bench h5}, each a child of the benchmark's JVM: jpio's rows
 * ({@link H5BenchRank}) and the C parallel HDF5 program under mpirun with the same options, and h5py in one
 * Python process. Each prints JSON lines, parsed here into {@link Row}s.
 */
final class H5Peers {
    /**
     * One row of one round: seconds to write and to read the array, elements read back wrong, what jpio
     * chose; {@code written}: how jpio's write went (its jpio_array_data), empty for the peers.
     */
    record Row(String name, double writeSeconds, double readSeconds, long errors, String choice, String written) { }

    /** The mpirun options every row runs with: the same for jpio and the C peer. */
    static final List<String> MPIRUN = List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none");

    private static final Pattern ROW = Pattern.compile("\\{\"row\":\"([^\"]+)\",\"write_ns\":(\\d+),\"read_ns\":(\\d+),\"errors\":(\\d+),\"choice\":\"((?:[^\"\\\\]|\\\\.)*)\"(?:,\"written\":\"((?:[^\"\\\\]|\\\\.)*)\")?\\}");
    private static final Pattern C = Pattern.compile("\\{\"peer\":\"c-phdf5\".*\"write_s\":([0-9.]+),\"read_s\":([0-9.]+),\"errors\":(\\d+)\\}");

    /**
     * h5py writes the whole array from one process, syncs it, reads it back and checks it; times as the other
     * rows. Its untimed rounds first (argument 5), as jpio's and the C peer's: the timed write replaces an
     * existing file of the same size ('w' truncates it in place).
     */
    static final String H5PY = String.join("\n",
            "import h5py, numpy as np, os, sys, time, json",
            "x, y, z = (int(v) for v in sys.argv[1:4])",
            "path, warmup = sys.argv[4], int(sys.argv[5])",
            "a = np.arange(x * y * z, dtype=np.int32).reshape(x, y, z)",
            "errors = 0",
            "for _ in range(warmup + 1):",
            "    t0 = time.perf_counter()",
            "    with h5py.File(path, 'w') as f:",
            "        f.create_dataset('data', data=a)",
            "    fd = os.open(path, os.O_RDONLY)",
            "    os.fsync(fd)",
            "    os.close(fd)",
            "    tw = time.perf_counter() - t0",
            "    t0 = time.perf_counter()",
            "    with h5py.File(path, 'r') as f:",
            "        b = f['data'][...]",
            "    tr = time.perf_counter() - t0",
            "    errors += int((a != b).sum())",
            "os.unlink(path)",
            "print(json.dumps({'row': 'h5py (1 process)', 'write_ns': int(tw * 1e9), 'read_ns': int(tr * 1e9), 'errors': errors, 'choice': 'h5py ' + h5py.__version__ + ', HDF5 ' + h5py.version.hdf5_version}, separators=(',', ':')))",
            "");

    private H5Peers() { }

    /** The C peer's program name under native/target/bin ({@link NativePrograms}). */
    static final String C_PROGRAM = "h5p_coll_perf";

    /** Why the C peer cannot run here, or null. */
    static String cUnavailable() {
        String why = NativePrograms.unavailable(C_PROGRAM);
        return why == null ? null : why + "; it is built when h5pcc (libhdf5-openmpi-dev, which scripts/bootstrap.sh installs) is there";
    }

    /** Why h5py cannot run with {@code python}, or null. */
    static String h5pyUnavailable(String python) {
        try {
            Processes.run(List.of(python, "-c", "import h5py"), 60);
            return null;
        } catch (IOException e) {
            return python + " cannot import h5py (apt-get install python3-h5py): " + e.getMessage();
        }
    }

    private static String unescape(String json) { return json == null ? "" : json.replace("\\\"", "\"").replace("\\\\", "\\"); }

    static List<Row> jpio(int np, int[] dims, Path dir, int warmup, int timed, boolean h5First, String writeMode, List<String> hints) throws IOException {
        List<String> cmd = new ArrayList<>(MPIRUN);
        cmd.addAll(List.of("-np", Integer.toString(np)));
        List<String> args = new ArrayList<>(List.of(dims[0] + "," + dims[1] + "," + dims[2], dir.toString(), warmup + ":" + timed,
                h5First ? "h5-first" : "raw-first", writeMode));
        args.addAll(hints);
        cmd.addAll(JavaLauncher.command(H5BenchRank.class, args));
        String out = Processes.run(cmd, 3600);
        List<Row> rows = new ArrayList<>();
        Matcher m = ROW.matcher(out);
        while (m.find()) rows.add(new Row(m.group(1), Long.parseLong(m.group(2)) / 1e9, Long.parseLong(m.group(3)) / 1e9, Long.parseLong(m.group(4)),
                unescape(m.group(5)), unescape(m.group(6))));
        rows.sort((x, y) -> x.name().compareTo(y.name()));          // "jpio h5" before "jpio raw", whichever ran first
        if (rows.size() != 2) throw new IOException("jpio rows missing from the output of " + String.join(" ", cmd) + ":\n" + out);
        return rows;
    }

    /**
     * The C peer with {@code warmup} untimed rounds before its timed one, as jpio's launch has them; its
     * timed write makes the file anew over the old one (H5Fcreate, which truncates it) or, with
     * {@code overwrite}, writes the old file's dataset again (H5Fopen, H5Dopen2: the same blocks).
     */
    static Row c(int np, int[] dims, Path dir, int warmup, boolean overwrite) throws IOException {
        List<String> cmd = new ArrayList<>(MPIRUN);
        cmd.addAll(List.of("-np", Integer.toString(np), NativePrograms.program(C_PROGRAM).toString(), "" + dims[0], "" + dims[1], "" + dims[2],
                dir.resolve("c.h5").toString(), Integer.toString(warmup), overwrite ? "overwrite" : "create"));
        String out = Processes.run(cmd, 3600);
        Matcher m = C.matcher(out);
        if (!m.find()) throw new IOException("no result line from " + String.join(" ", cmd) + ":\n" + out);
        Files.deleteIfExists(dir.resolve("c.h5"));
        return overwrite
                ? new Row("C phdf5 overwrite", Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Long.parseLong(m.group(3)),
                        "the same, writing the old file's dataset again (H5Fopen, H5Dopen2; no truncation)", "")
                : new Row("C parallel HDF5", Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), Long.parseLong(m.group(3)),
                        "H5Pset_fapl_mpio, collective H5Dwrite/H5Dread of each process's hyperslab (H5Fcreate over the old file)", "");
    }

    static Row h5py(String python, int[] dims, Path dir, int warmup) throws IOException {
        List<String> cmd = List.of(python, "-c", H5PY, "" + dims[0], "" + dims[1], "" + dims[2], dir.resolve("py.h5").toString(), Integer.toString(warmup));
        String out = Processes.run(cmd, 3600);
        Matcher m = ROW.matcher(out);
        if (!m.find()) throw new IOException("no result line from h5py:\n" + out);
        return new Row(m.group(1), Long.parseLong(m.group(2)) / 1e9, Long.parseLong(m.group(3)) / 1e9, Long.parseLong(m.group(4)), m.group(5), "");
    }
}
