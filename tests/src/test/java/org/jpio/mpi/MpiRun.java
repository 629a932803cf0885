package org.jpio.mpi;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the test classpath under {@code mpirun -np N} and fails the calling JUnit test,
 * with everything the ranks printed, when mpirun exits non-zero or runs past the timeout (then the whole
 * process tree is killed, so a rank stuck in a collective cannot outlive the test). Open MPI's mpirun by
 * default; {@link Mpi#MPICH} launches with MPICH's (Hydra), and the ranks then run on MPICH.
 */
public final class MpiRun {
    private MpiRun() { }

    /** The MPI whose launcher starts the ranks (Debian installs both side by side). */
    public enum Mpi {
        OPEN_MPI(List.of("mpirun.openmpi", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none")),
        /**
         * Hydra passes the environment on; MPICH's ranks busy-poll, and on an oversubscribed node (more
         * ranks than free cores, as on a shared test machine) a polling rank keeps the one it waits for off
         * the core: yielding at every poll is MPICH's counterpart of the yielding Open MPI does under
         * --oversubscribe.
         */
        MPICH(List.of("mpirun.mpich", "-genv", "MPIR_CVAR_POLLS_BEFORE_YIELD", "1"));

        final List<String> launcher;

        Mpi(List<String> launcher) { this.launcher = launcher; }
    }

    /** Launches {@code main} on {@code np} ranks with {@code args}; returns the combined output. */
    public static String run(int np, Class<?> main, long timeoutSeconds, String... args) {
        return run(np, main, timeoutSeconds, List.of(), args);
    }

    /** As {@link #run(int, Class, long, String...)}, with extra mpirun options (e.g. "--mca", "io", "romio321"). */
    public static String run(int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions, String... args) {
        return run(Mpi.OPEN_MPI, np, main, timeoutSeconds, mpirunOptions, List.of(), args);
    }

    /** As {@link #run(int, Class, long, String...)}, launched by {@code mpi}'s mpirun. */
    public static String run(Mpi mpi, int np, Class<?> main, long timeoutSeconds, String... args) {
        return run(mpi, np, main, timeoutSeconds, List.of(), List.of(), args);
    }

    /** The general form: {@code mpi}'s launcher, extra mpirun options and extra JVM options (see {@link #builder}). */
    public static String run(Mpi mpi, int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions,
                             List<String> jvmOptions, String... args) {
        return runWith(mpi.launcher, np, main, timeoutSeconds, mpirunOptions, jvmOptions, args);
    }

    /**
     * As {@link #run(int, Class, long, List, String...)}, started by {@code launcher}: a command that runs
     * mpirun elsewhere with the arguments that follow (the simulated cluster's
     * {@code scripts/testbed/cluster.sh mpirun DIR}, which adds its own options).
     */
    public static String runWith(List<String> launcher, int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions, String... args) {
        return runWith(launcher, np, main, timeoutSeconds, mpirunOptions, List.of(), args);
    }

    private static String runWith(List<String> launcher, int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions,
                                  List<String> jvmOptions, String... args) {
        Outcome o = launch(builder(launcher, np, main, mpirunOptions, jvmOptions, args), timeoutSeconds);
        if (o.timedOut()) fail("mpirun timed out after " + timeoutSeconds + " s (process tree killed): np=" + np
                + " main=" + main.getName() + "\n" + o);
        if (o.exit() != 0) fail("mpirun failed: exit=" + o.exit() + " np=" + np + " main=" + main.getName() + "\n" + o);
        return o.output();
    }

    /**
     * What one mpirun did: its exit status (-1 when it was killed at the timeout), everything the ranks
     * printed, how long it ran, and the command.
     */
    public record Outcome(int exit, boolean timedOut, double seconds, String output, String command) {
        @Override public String toString() {
            return "exit=" + exit + (timedOut ? " (timed out, killed)" : "") + " after " + String.format("%.1f", seconds) + " s\ncommand: "
                    + command + "\n--- output ---\n" + output;
        }
    }

    /**
     * Launches {@code main} on {@code np} ranks with extra mpirun options, JVM options ("-Dkey=value") and
     * {@code args}, and returns what happened, whatever it was: for tests of jobs that are meant to fail.
     * Past the timeout the whole process tree is killed.
     */
    public static Outcome launch(int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions, List<String> jvmOptions, String... args) {
        return launch(Mpi.OPEN_MPI, np, main, timeoutSeconds, mpirunOptions, jvmOptions, args);
    }

    /** As {@link #launch(int, Class, long, List, List, String...)}, with {@code mpi}'s launcher. */
    public static Outcome launch(Mpi mpi, int np, Class<?> main, long timeoutSeconds, List<String> mpirunOptions, List<String> jvmOptions,
                                 String... args) {
        return launch(builder(mpi, np, main, mpirunOptions, jvmOptions, args), timeoutSeconds);
    }

    private static Outcome launch(ProcessBuilder pb, long timeoutSeconds) {
        List<String> cmd = pb.command();
        long start = System.nanoTime(), startMillis = System.currentTimeMillis();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + cmd.get(0) + " (scripts/bootstrap.sh installs Open MPI and MPICH): "
                    + String.join(" ", cmd), e);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread pump = new Thread(() -> copy(p.getInputStream(), out), "mpirun-output");
        pump.start();
        boolean done;
        try {
            done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) killTree(p);
            pump.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            killTree(p);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while mpirun ran", e);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        SharedMemoryLeftovers.removeOrphans(startMillis); // what killed or aborted ranks left in /dev/shm
        String text;
        synchronized (out) { text = out.toString(StandardCharsets.UTF_8); }
        return new Outcome(done ? p.exitValue() : -1, !done, seconds, text, String.join(" ", cmd));
    }

    /**
     * The mpirun of {@link #launch}, not started, output and errors merged: for a test that must act while
     * the job runs (kill one rank). The given JVM options come after the harness's own (so a later -Xmx, or
     * a -Djpio.native.dir of the test's, wins).
     */
    public static ProcessBuilder builder(int np, Class<?> main, List<String> mpirunOptions, List<String> jvmOptions, String... args) {
        return builder(Mpi.OPEN_MPI, np, main, mpirunOptions, jvmOptions, args);
    }

    /** As {@link #builder(int, Class, List, List, String...)}, with {@code mpi}'s launcher. */
    public static ProcessBuilder builder(Mpi mpi, int np, Class<?> main, List<String> mpirunOptions, List<String> jvmOptions,
                                         String... args) {
        return builder(mpi.launcher, np, main, mpirunOptions, jvmOptions, args);
    }

    private static ProcessBuilder builder(List<String> launcher, int np, Class<?> main, List<String> mpirunOptions, List<String> jvmOptions,
                                          String... args) {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.addAll(List.of("-np", Integer.toString(np)));
        cmd.addAll(mpirunOptions);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // small, quickly started JVMs: the machine is shared and the ranks are short-lived
        cmd.addAll(List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx256m"));
        if (Runtime.version().feature() >= 22) cmd.add("--enable-native-access=ALL-UNNAMED");
        // --class-path: Open MPI's mpirun puts its working directory before a -cp it finds (RankClassPathTest)
        cmd.addAll(List.of("--class-path", System.getProperty("java.class.path")));
        String nativeDir = System.getProperty("jpio.native.dir");
        if (nativeDir != null) cmd.add("-Djpio.native.dir=" + nativeDir);
        String home = System.getProperty("jpio.home"); // where bin/jpio's commands find the C peers
        if (home != null) cmd.add("-Djpio.home=" + home);
        cmd.addAll(jvmOptions);
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("ROMIO_HINTS"); // the ranks never read the hints file of the environment the tests run in
        return pb;
    }

    /**
     * Starts {@code main} under {@code mpirun -np N} and returns at once, its output going to {@code log}: for
     * tests that kill a rank while the job runs. The caller waits for it, and kills what is left on failure
     * ({@code p.descendants()}).
     */
    public static Process start(int np, Class<?> main, Path log, String... args) {
        ProcessBuilder pb = builder(np, main, List.of(), List.of(), args).redirectOutput(log.toFile());
        try {
            return pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start mpirun (is Open MPI installed?): " + String.join(" ", pb.command()), e);
        }
    }

    /** Fails unless {@code out} has {@code String.format(line, rank)} for every rank below {@code np}. */
    public static void requireEachRank(String out, int np, String line) {
        for (int r = 0; r < np; r++) {
            String want = String.format(line, r);
            if (!out.contains(want)) fail("missing \"" + want + "\" in the output of " + np + " ranks:\n" + out);
        }
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        byte[] buf = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buf)) > 0; ) {
                synchronized (out) { out.write(buf, 0, n); }
            }
        } catch (IOException e) {
            synchronized (out) { out.writeBytes(("[output lost: " + e + "]").getBytes(StandardCharsets.UTF_8)); }
        }
    }

    /** Kills {@code p} and every process it started (kill -9), and waits for it. */
    public static void killTree(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
