package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.examples.bench.Processes;

/**
 * Runs a bench command as {@code mpirun -np N bin/jpio bench ...} from a JVM that is not an MPI process
 * (mpirun does not nest): the measurement then runs on N processes, and rank 0's JSON rows come back.
 */
final class MpiChild {
    private MpiChild() { }

    /**
     * The JSON lines (those starting with '{') that {@code bin/jpio args} printed under mpirun with {@code np}
     * processes, Open MPI's ROMIO selected for MPI-IO (what jpio_backend=romio calls).
     */
    static List<String> run(int np, List<String> args, String javaOpts) throws IOException {
        String home = System.getProperty("jpio.home");
        if (home == null) throw new IllegalStateException("jpio.home is not set: run through bin/jpio to launch MPI processes");
        List<String> cmd = new ArrayList<>(List.of("env", "JAVA_OPTS=" + javaOpts, "mpirun", "--allow-run-as-root", "--oversubscribe",
                "-x", "JAVA_OPTS", "--mca", "io", "romio321", "-np", Integer.toString(np), Path.of(home, "bin", "jpio").toString()));
        cmd.addAll(args);
        List<String> rows = new ArrayList<>();
        for (String line : Processes.run(cmd, 3600).split("\n")) if (line.startsWith("{")) rows.add(line.trim());
        if (rows.isEmpty()) throw new IOException("no JSON row from command=" + String.join(" ", cmd));
        return rows;
    }

    /** The number {@code key} of a flat JSON row (NaN when null or absent). */
    static double number(String row, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":(-?[0-9.eE+-]+)").matcher(row);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** The string {@code key} of a flat JSON row, or "" when absent. */
    static String text(String row, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(row);
        return m.find() ? m.group(1) : "";
    }

    /** --hint arguments for a child from a hints map. */
    static List<String> hintArgs(Map<String, String> hints) {
        List<String> a = new ArrayList<>();
        hints.forEach((k, v) -> a.addAll(List.of("--hint", k + "=" + v)));
        return a;
    }
}
