package org.jpio.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jpio.mpi.MpiRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 while DistributedArray.write overwrites an existing .npy file ({@link Overwrite}): of the JVM whose
 * 4 threads are the ranks (a 1 GiB array), and of one of 3 MPI processes (256 MiB). The moment is random,
 * within the time an uninterrupted overwrite of the same array took; afterwards numpy finds either the complete
 * old array or the complete new one, never a mixture, and the next writer removes the dead one's temporary.
 *
 * <p>One kill of each kind runs in {@code make test}; {@code -Djpio.soak=N} runs N of each (e.g.
 * {@code mvn -pl tests test -Dtest=TornFileTest -Djpio.soak=20}); {@code -Djpio.seed=S} repeats a run's
 * moments (the seed is printed).
 */
class TornFileTest {
    static final int ROUNDS = Integer.getInteger("jpio.soak", 1);
    static final int GIB = 1 << 27, MPI = 1 << 25; // longs: 1 GiB, 256 MiB
    @TempDir Path dir;

    @Test
    void killingTheJvmAtARandomMomentOfA1GiBOverwrite() throws Exception {
        Path file = dir.resolve("big.npy");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx3g", "-cp",
                System.getProperty("java.class.path"), "-Djpio.native.dir=" + System.getProperty("jpio.native.dir"),
                Overwrite.class.getName(), file.toString(), Integer.toString(GIB));
        rounds(file, GIB, fresh -> new ProcessBuilder(concat(cmd, fresh)), "rank=0", null);
    }

    @Test
    void killingOneMpiRankAtARandomMomentOfAnOverwrite() throws Exception {
        Path file = dir.resolve("mpi.npy");
        rounds(file, MPI, fresh -> MpiRun.builder(3, Overwrite.class, List.of(), List.of("-Xmx1g"), file.toString(), Integer.toString(MPI), fresh),
                "rank=1", "rank 1");
    }

    private interface Launch { ProcessBuilder of(String oldOrNew); }

    /**
     * Writes the old array uninterrupted (timing it), then per round starts the new one, kills the process of
     * {@code victim} ("rank=R" in its "writing" line) at a random moment of that time, and asks numpy. When
     * {@code job} is given (MPI), the launcher's own report of the killed rank must name it.
     */
    private static void rounds(Path file, int n, Launch launch, String victim, String job) throws Exception {
        long seed = Long.getLong("jpio.seed", System.nanoTime());
        Random random = new Random(seed);
        writeWhole(launch.of("old"));
        double seconds = writeWhole(launch.of("old")); // the time of an overwrite: the window the kills aim at
        assertEquals("old", Numpy.whichArray(file, n));
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            long delay = (long) (seconds * 1000 * (0.05 + 0.65 * random.nextDouble())); // mostly while data moves
            Process p = launch.of("new").start();
            LinkedBlockingQueue<String> lines = pump(p);
            long pid = -1;
            StringBuilder out = new StringBuilder();
            Pattern writing = Pattern.compile("writing " + victim + " pid=(\\d+)");
            while (pid < 0) {
                String line = lines.poll(120, TimeUnit.SECONDS);
                assertTrue(line != null && !line.equals(EOF), "the writer ended before writing: " + out);
                out.append(line).append('\n');
                Matcher m = writing.matcher(line);
                if (m.find()) pid = Long.parseLong(m.group(1));
            }
            Thread.sleep(delay);
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly); // SIGKILL
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the job did not end after its rank was killed: " + out);
            for (String l; (l = lines.poll(5, TimeUnit.SECONDS)) != null && !l.equals(EOF); ) out.append(l).append('\n');
            awaitRanks(out.toString());
            boolean finished = out.toString().contains("written " + victim);
            if (!finished) assertNotEquals(0, p.exitValue(), out.toString());
            if (job != null && !finished)
                assertTrue(out.toString().contains("process " + job) && out.toString().contains("signal 9"), "mpirun names the killed rank: " + out);
            String which = Numpy.whichArray(file, n);
            seen.add(which + "@" + delay + "ms" + (Faults.temporaries(file.getParent()).isEmpty() ? "" : "+temporary"));
            if (which.equals("new") && round + 1 < ROUNDS) writeWhole(launch.of("old"));
        }
        // the next writer removes the temporary the killed one may have left beside the file
        writeWhole(launch.of("old"));
        assertEquals(List.of(), Faults.temporaries(file.getParent()));
        System.out.println("kill -9 of " + victim + " during a " + seconds + " s overwrite of " + file.getFileName() + " (seed " + seed + "): " + seen);
    }

    /**
     * Waits for every rank process the job reported to be gone. mpirun can return while a JVM it signalled is
     * still exiting; until that process is gone its temporary counts as in use, so the next writer would
     * rightly keep it. A rank that outlives its job by half a minute is an orphan: a failure.
     */
    private static void awaitRanks(String out) throws Exception {
        Matcher m = Pattern.compile("writing rank=\\d+ pid=(\\d+)").matcher(out);
        while (m.find()) {
            long pid = Long.parseLong(m.group(1));
            java.util.Optional<ProcessHandle> h = ProcessHandle.of(pid);
            if (h.isPresent()) {
                try {
                    h.get().onExit().get(30, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    throw new AssertionError("rank process pid=" + pid + " outlived its job by 30 s: " + out, e);
                }
            }
        }
    }

    /** Runs a writer to its end; returns the seconds its write took (rank 0's report). */
    static double writeWhole(ProcessBuilder pb) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(300, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        Matcher m = Pattern.compile("written rank=0 seconds=([0-9.E]+)").matcher(out);
        assertTrue(m.find(), out);
        return Double.parseDouble(m.group(1));
    }

    private static final String EOF = "\u0000EOF";

    private static LinkedBlockingQueue<String> pump(Process p) {
        LinkedBlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) q.add(l);
            } catch (java.io.IOException e) {
                q.add("[output lost: " + e + "]");
            }
            q.add(EOF);
        }, "writer-output");
        t.setDaemon(true);
        t.start();
        return q;
    }

    private static List<String> concat(List<String> a, String b) {
        List<String> out = new ArrayList<>(a);
        out.add(b);
        return out;
    }
}
