package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.examples.bench.NativePrograms;
import org.jpio.examples.bench.Processes;

/**
 * The C peers of {@code bench coll}, launched as {@code mpirun -np N ...} child processes in the same rounds
 * (only when this JVM is not itself an MPI process: mpirun does not nest):
 * <ul>
 *   <li>{@code romio321}, {@code ompio}: jpio's {@code mpi_coll_perf} (the coll_perf pattern, checked) on Open
 *       MPI's ROMIO or OMPIO, in the same mode (new file or overwrite, durable or not);</li>
 *   <li>{@code coll_perf}: ROMIO's own {@code test/coll_perf.c} as shipped in the Open MPI source package
 *       (scripts/build-coll-perf.sh), on ROMIO; it times an overwrite after an untimed pass and does not
 *       check what it reads; its sizes come from COLL_PERF_GSIZES, its hints from a ROMIO_HINTS file;</li>
 *   <li>{@code pieces}: {@code mpi_pieces}, the same pieces pwritten and read back by C processes with no
 *       middleware at all, a new file with each process's extent reserved first (the fastest way here):
 *       the machine's limit for the pattern (in --sync mode with fdatasync).</li>
 * </ul>
 */
final class Peer {
    static final List<String> ALL = List.of("romio321", "ompio", "coll_perf", "pieces");
    private static final Pattern MPI_IO = Pattern.compile("\"bytes\":(\\d+),\"write_mibs\":([0-9.]+),\"read_mibs\":([0-9.]+),\"errors\":(\\d+)\\}");
    private static final Pattern COLL_PERF = Pattern.compile("Collective (write|read) time = [0-9.]+ sec, Collective \\1 bandwidth = ([0-9.]+) Mbytes/sec");

    private Peer() { }

    /** The row name of a peer. */
    static String rowName(String peer) {
        return switch (peer) {
            case "romio321", "ompio" -> "C MPI-IO " + peer;
            case "coll_perf" -> "C ROMIO coll_perf";
            case "pieces" -> "C pieces, no middleware";
            default -> throw new IllegalArgumentException("peer=" + peer + " (known: " + String.join(", ", ALL) + ", none)");
        };
    }

    /** ROMIO's coll_perf binary in the private build cache. */
    static Path collPerf() {
        String cache = System.getenv("JPIO_CACHE");
        Path root = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache", "jpio");
        return root.resolve("romio-coll_perf").resolve("coll_perf");
    }

    /** Why {@code peer} cannot run here in this setup, or null when it can. */
    static String unavailable(String peer, CollBench.Setup s) throws IOException {
        rowName(peer);
        if ((peer.equals("coll_perf") || peer.equals("pieces")) && !s.pattern().equals(CollPattern.BLOCK))
            return peer + " writes coll_perf's BLOCK^3 pattern only, not " + s.pattern().label();
        if (peer.equals("coll_perf")) {
            if (!s.overwrite()) return "ROMIO's coll_perf times an overwrite only (run with --mode overwrite)";
            if (s.sync()) return "ROMIO's coll_perf does not sync";
            if (s.type() != org.jpio.io.ElementType.INT) return "ROMIO's coll_perf writes int only";
            Path p = collPerf();
            if (!Files.isExecutable(p)) return p + " is missing: run scripts/build-coll-perf.sh (bootstrap does)";
            Path dir = p.getParent();
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir);
            if (!Files.getOwner(dir).getName().equals(System.getProperty("user.name"))
                    || perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE))
                return dir + " is not a private directory of user " + System.getProperty("user.name") + ": not running a program from it";
            return null;
        }
        return NativePrograms.unavailable(peer.equals("pieces") ? "mpi_pieces" : "mpi_coll_perf");
    }

    static CollBench.Result run(String peer, int np, CollBench.Setup s, Path file, Map<String, String> hints) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", Integer.toString(np)));
        switch (peer) {
            case "romio321", "ompio" -> {
                cmd.addAll(List.of("--mca", "io", peer, NativePrograms.program("mpi_coll_perf").toString()));
                cmd.addAll(s.peerDims());
                cmd.addAll(List.of(s.typeName(), file.toString()));
                if (s.overwrite()) cmd.add("--overwrite");
                if (s.sync()) cmd.add("--sync");
                cmd.addAll(s.pattern().peerArgs());
                hints.forEach((k, v) -> { if (!k.startsWith("jpio_")) cmd.add(k + "=" + v); });
                return parse(peer, np, s, Processes.run(cmd, 3600), cmd, peer.equals("romio321") ? "ROMIO two-phase/automatic per its hints" : "OMPIO");
            }
            case "pieces" -> {
                cmd.add(NativePrograms.program("mpi_pieces").toString());
                for (int d : s.dims()) cmd.add(Integer.toString(d));
                cmd.addAll(List.of(file.toString(), "1"));
                // a new file is written fastest with each process's extent reserved first (as jpio_preallocate does): the limit
                cmd.add(s.overwrite() ? "overwrite" : "reserve");
                if (s.sync()) cmd.add("sync");
                if (s.type() != org.jpio.io.ElementType.INT) cmd.add("double");
                return parse(peer, np, s, Processes.run(cmd, 3600), cmd, "each process pwrites/preads its own pieces: the limit");
            }
            case "coll_perf" -> {
                Path hintsFile = Files.createTempFile("jpio-romio-hints-", ".txt"); // 0600
                try {
                    List<String> lines = new ArrayList<>();
                    hints.forEach((k, v) -> { if (!k.startsWith("jpio_")) lines.add(k + " " + v); });
                    Files.write(hintsFile, lines, StandardCharsets.UTF_8);
                    String sizes = s.dims()[0] + "," + s.dims()[1] + "," + s.dims()[2];
                    List<String> env = new ArrayList<>(List.of("env", "COLL_PERF_GSIZES=" + sizes, "ROMIO_HINTS=" + hintsFile));
                    env.addAll(cmd);
                    env.addAll(List.of("-x", "COLL_PERF_GSIZES", "-x", "ROMIO_HINTS", "--mca", "io", "romio321", collPerf().toString(), "-fname", file.toString()));
                    String out = Processes.run(env, 3600);
                    double w = Double.NaN, r = Double.NaN;
                    Matcher m = COLL_PERF.matcher(out);
                    while (m.find()) {
                        if (m.group(1).equals("write")) w = Double.parseDouble(m.group(2));
                        else r = Double.parseDouble(m.group(2));
                    }
                    if (Double.isNaN(w) || Double.isNaN(r)) throw new IOException("coll_perf printed no bandwidths: command=" + String.join(" ", env) + ": " + out.trim());
                    long bytes = s.bytes();
                    return new CollBench.Result(rowName(peer), np, bytes, bytes / 1048576.0 / w, bytes / 1048576.0 / r, -1,
                            "ROMIO's test/coll_perf.c as shipped: overwrite after an untimed pass, does not check what it reads");
                } finally {
                    Files.deleteIfExists(hintsFile);
                }
            }
            default -> throw new IllegalArgumentException("peer=" + peer + " (known: " + String.join(", ", ALL) + ", none)");
        }
    }

    private static CollBench.Result parse(String peer, int np, CollBench.Setup s, String out, List<String> cmd, String choice) throws IOException {
        Matcher m = MPI_IO.matcher(out);
        if (!m.find()) throw new IOException("peer printed no result: command=" + String.join(" ", cmd) + ": " + out.trim());
        long bytes = Long.parseLong(m.group(1));
        if (bytes != s.bytes()) throw new IOException("peer wrote bytes=" + bytes + ", expected " + s.bytes() + ": command=" + String.join(" ", cmd));
        double w = Double.parseDouble(m.group(2)), r = Double.parseDouble(m.group(3));
        return new CollBench.Result(rowName(peer), np, bytes, bytes / 1048576.0 / w, bytes / 1048576.0 / r, Long.parseLong(m.group(4)), choice);
    }
}
