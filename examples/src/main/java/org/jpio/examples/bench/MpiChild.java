package org.jpio.examples.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a bench command as {@code mpirun -np N bin/jpio bench ...} from a JVM that is not an MPI process
 * (mpirun does not nest): the measurement then runs on N processes, and rank 0's JSON rows come back. A C
 * peer that is to run "under the same mpirun" starts with {@link #mpirun}, the very options the jpio
 * children get. {@link #alone} starts the same command as one fresh JVM (its ranks threads), so that a
 * JVM's first calls are measured alike for both kinds of ranks.
 */
public final class MpiChild {
    private MpiChild() { }

    /** {@code mpirun ... -np N} as every MPI child runs: root allowed, oversubscribed, Open MPI's ROMIO for MPI-IO. */
    public static List<String> mpirun(int np) {
        return new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--mca", "io", "romio321", "-np", Integer.toString(np)));
    }

    /**
     * The JSON lines (those starting with '{') that {@code bin/jpio args} printed under mpirun with {@code np}
     * processes, Open MPI's ROMIO selected for MPI-IO (what jpio_backend=romio calls).
     */
    public static List<String> run(int np, List<String> args, String javaOpts) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("env", "JAVA_OPTS=" + javaOpts));
        cmd.addAll(mpirun(np));
        cmd.addAll(List.of("-x", "JAVA_OPTS", jpio().toString()));
        cmd.addAll(args);
        return rows(cmd);
    }

    /** The JSON lines of {@code bin/jpio args} run as one process of its own (no mpirun), with JAVA_OPTS {@code javaOpts}. */
    public static List<String> alone(List<String> args, String javaOpts) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("env", "JAVA_OPTS=" + javaOpts, jpio().toString()));
        cmd.addAll(args);
        return rows(cmd);
    }

    private static Path jpio() {
        String home = System.getProperty("jpio.home");
        if (home == null) throw new IllegalStateException("jpio.home is not set: run through bin/jpio to launch child processes");
        return Path.of(home, "bin", "jpio");
    }

    /** The lines starting with '{' that {@code cmd} printed; IOException when it printed none. */
    public static List<String> rows(List<String> cmd) throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : Processes.run(cmd, 3600).split("\n")) if (line.startsWith("{")) rows.add(line.trim());
        if (rows.isEmpty()) throw new IOException("no JSON row from command=" + String.join(" ", cmd));
        return rows;
    }

    /** The number {@code key} of a flat JSON row (NaN when null or absent). */
    public static double number(String row, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":(-?[0-9.eE+-]+)").matcher(row);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** The string {@code key} of a flat JSON row, or "" when absent. */
    public static String text(String row, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(row);
        return m.find() ? m.group(1) : "";
    }

    /** --hint arguments for a child from a hints map. */
    public static List<String> hintArgs(Map<String, String> hints) {
        List<String> a = new ArrayList<>();
        hints.forEach((k, v) -> a.addAll(List.of("--hint", k + "=" + v)));
        return a;
    }
}
