package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C peer: {@code mpirun -np N mpi_coll_perf X Y Z type FILE hints...} on Open MPI's ROMIO
 * ({@code --mca io romio321}) or its default OMPIO, launched as a child process and read back from its
 * one JSON line. Only possible when this JVM is not itself an MPI process (mpirun does not nest).
 */
final class Peer {
    private Peer() { }

    /** Where the C program is: native/target/bin under jpio.home; null with the reason when it is not there. */
    static Path program() {
        String home = System.getProperty("jpio.home");
        return home == null ? null : Path.of(home, "native", "target", "bin", "mpi_coll_perf");
    }

    /** Why the peer cannot run here, or null when it can. */
    static String unavailable() {
        Path p = program();
        if (p == null) return "jpio.home is not set (run through bin/jpio)";
        if (!Files.isExecutable(p)) return p + " is missing (build native/ with make)";
        return null;
    }

    static CollBench.Result run(String io, int np, int[] dims, String type, Path file, Map<String, String> hints) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "-np", Integer.toString(np)));
        if (io.equals("romio321")) cmd.addAll(List.of("--mca", "io", "romio321"));
        else if (!io.equals("ompio")) throw new IllegalArgumentException("peer=" + io + " must be romio321 or ompio");
        else cmd.addAll(List.of("--mca", "io", "ompio"));
        cmd.add(program().toString());
        for (int d : dims) cmd.add(Integer.toString(d));
        cmd.add(type);
        cmd.add(file.toString());
        hints.forEach((k, v) -> { if (!k.startsWith("jpio_")) cmd.add(k + "=" + v); });
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Process p = pb.start();
        String out;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.MINUTES)) { p.destroyForcibly(); throw new IOException("peer timed out: " + String.join(" ", cmd)); }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", cmd), e);
        }
        Matcher m = Pattern.compile("\\{\"peer\":\"mpi-io\".*\"bytes\":(\\d+),\"write_mibs\":([0-9.]+),\"read_mibs\":([0-9.]+),\"errors\":(\\d+)\\}").matcher(out);
        if (p.exitValue() != 0 || !m.find())
            throw new IOException("peer failed: exit=" + p.exitValue() + " command=" + String.join(" ", cmd) + "\n" + out);
        long bytes = Long.parseLong(m.group(1));
        double w = Double.parseDouble(m.group(2)), r = Double.parseDouble(m.group(3));
        return new CollBench.Result("C MPI-IO " + io, np, bytes, bytes / 1048576.0 / w, bytes / 1048576.0 / r,
                Long.parseLong(m.group(4)), io.equals("romio321") ? "ROMIO two-phase/automatic per its hints" : "OMPIO");
    }
}
