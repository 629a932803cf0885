package org.jpio.engine;

import static java.nio.file.StandardOpenOption.*;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/**
 * The other process of the engine tests: takes a lock, or writes until the file-size limit stops it.
 * Prints one line per step on stdout; the parent reads them.
 *
 * <pre>
 *   lock  SPEC PATH OFFSET LENGTH shared|exclusive    prints "waiting", then "locked" once granted
 *   write SPEC PATH OFFSET BYTES                      prints "failed: MESSAGE" or "written"
 *   roundtrip SPEC PATH                               every type, both orders, plain and O_DIRECT when
 *                                                     the engine has it, whole arrays and two stretches;
 *                                                     prints "ok" or "mismatch ..."
 *   writer SPEC PATH INTS                             per line "R" on stdin: under an exclusive lock on
 *                                                     INTS ints, writes the value R in four calls, unlocks,
 *                                                     prints "written R" (see LockStress)
 *   probe SPEC PATH                                   prints "ready", then per line "POSITION LENGTH" on
 *                                                     stdin tries an exclusive lock with a plain FileChannel
 *                                                     (never waits) and prints "granted" or "refused"
 * </pre>
 * SPEC is an engine name, or "recording:NAME" for the recording engine over NAME.
 */
public final class EngineChild {
    private EngineChild() { }

    public static void main(String[] args) throws IOException {
        Path path = Paths.get(args[2]);
        if (args[0].equals("probe")) {
            probe(path);
            return;
        }
        IoEngine engine = engine(args[1]);
        ArrayFileOptions options = ArrayFileOptions.defaults().withEngine(engine).withOrder(ByteOrder.BIG_ENDIAN);
        try (ArrayFile f = ArrayFile.open(path, options, READ, WRITE)) {
            switch (args[0]) {
                case "lock" -> {
                    System.out.println("waiting");
                    System.out.flush();
                    try (EngineFile.RangeLock l = f.lock(Long.parseLong(args[3]), Long.parseLong(args[4]), args[5].equals("shared"))) {
                        System.out.println("locked");
                        System.out.flush();
                    }
                }
                case "write" -> {
                    try {
                        f.writeArray(Long.parseLong(args[3]), new byte[Integer.parseInt(args[4])]);
                        System.out.println("written");
                    } catch (IOException e) {
                        System.out.println("failed: " + e.getMessage());
                    }
                }
                case "roundtrip" -> System.out.println(roundTrips(engine, path));
                case "writer" -> writer(f, Integer.parseInt(args[3]));
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            }
        }
    }

    private static void writer(ArrayFile f, int ints) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            int round = Integer.parseInt(line.trim());
            LockStress.writeRound(f, ints, round);
            System.out.println("written " + round);
            System.out.flush();
        }
    }

    private static void probe(Path path) throws IOException {
        try (FileChannel ch = FileChannel.open(path, READ, WRITE)) {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            System.out.println("ready");
            System.out.flush();
            for (String line; (line = in.readLine()) != null; ) {
                String[] a = line.trim().split(" ");
                FileLock l = ch.tryLock(Long.parseLong(a[0]), Long.parseLong(a[1]), false);
                System.out.println(l == null ? "refused" : "granted");
                System.out.flush();
                if (l != null) l.release();
            }
        }
    }

    /** Writes and reads back 1 MiB of each type at an odd offset; "ok" or what differed. */
    private static String roundTrips(IoEngine engine, Path path) throws IOException {
        for (boolean direct : engine.supportsDirect() ? new boolean[] {false, true} : new boolean[] {false}) {
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                ArrayFileOptions o = ArrayFileOptions.defaults().withEngine(engine).withOrder(order).withDirect(direct);
                try (ArrayFile f = ArrayFile.open(path, o, CREATE, READ, WRITE, TRUNCATE_EXISTING)) {
                    for (org.jpio.io.ElementType t : org.jpio.io.ElementType.values()) {
                        int n = (1 << 20) / t.size() + 1;
                        Object a = org.jpio.testing.TestArrays.random(t, n, t.ordinal());
                        Object b = t.newArray(n);
                        f.writeArray(4093, a);
                        f.readArray(4093, b);
                        if (!org.jpio.testing.TestArrays.equal(a, b)) return "mismatch " + t + " " + order + " direct=" + direct;
                        // the array's second half, then its first, as two stretches: each crosses pieces
                        int h = n / 2;
                        f.writeArrayRuns(4093, a, new int[] {h, 0}, new int[] {n - h, h}, 2);
                        Object turned = t.newArray(n);
                        System.arraycopy(a, h, turned, 0, n - h);
                        System.arraycopy(a, 0, turned, n - h, h);
                        f.readArray(4093, b);
                        if (!org.jpio.testing.TestArrays.equal(turned, b)) return "stretches mismatch " + t + " " + order + " direct=" + direct;
                    }
                }
            }
        }
        return "ok";
    }

    static IoEngine engine(String spec) {
        return spec.startsWith("recording:") ? new RecordingEngine(Engines.get(spec.substring(10))) : Engines.get(spec);
    }

    /** Starts this class in a new JVM (optionally under {@code ulimit -f} KiB), with this JVM's class path. */
    static Process start(Long fileLimitKiB, String... args) throws IOException {
        return start(List.of(), fileLimitKiB, args);
    }

    /** As {@link #start(Long, String...)}, with extra JVM options ({@code -Dname=value}). */
    static Process start(List<String> jvmOptions, Long fileLimitKiB, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-XX:-UsePerfData"); // no hsperfdata file: the file-size limit is for the test's writes
        cmd.add("-Xshare:auto");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        String nativeDir = System.getProperty("jpio.native.dir");
        if (nativeDir != null) cmd.add("-Djpio.native.dir=" + nativeDir);
        cmd.add(EngineChild.class.getName());
        cmd.addAll(List.of(args));
        if (fileLimitKiB != null) {
            // bash's ulimit -f counts 1024-byte blocks; exec keeps the limit for the JVM. HotSpot ignores
            // SIGXFSZ, so the write that crosses the limit fails with EFBIG instead of killing the process.
            StringBuilder line = new StringBuilder("ulimit -f " + fileLimitKiB + "; exec");
            for (String c : cmd) line.append(" '").append(c.replace("'", "'\\''")).append("'");
            cmd = List.of("bash", "-c", line.toString());
        }
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    /** Waits for a child to finish; fails the test if it does not within the timeout. */
    static int await(Process p) throws InterruptedException {
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM did not finish in 30 s");
        }
        return p.exitValue();
    }
}
