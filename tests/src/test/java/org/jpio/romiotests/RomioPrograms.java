package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * ROMIO's own test programs, built by {@code scripts/build-romio-tests.sh} (bootstrap runs it) into the
 * private cache {@code $JPIO_CACHE/romio-tests}, run under mpirun with Open MPI's ROMIO
 * ({@code --mca io romio321}) by their own conventions ({@code -fname FILE}; external32 writes
 * {@code test.datarep} in its working directory), and what they leave compared with jpio's.
 */
final class RomioPrograms {
    private RomioPrograms() { }

    static Path cache() {
        String c = System.getenv("JPIO_CACHE");
        Path root = c != null && !c.isBlank() ? Path.of(c) : Path.of(System.getProperty("user.home"), ".cache", "jpio");
        return root.resolve("romio-tests");
    }

    /** The program's binary, after checking that the build directory is this user's and private. */
    static Path binary(String program) throws IOException { return binary(cache(), program); }

    static Path binary(Path dir, String program) throws IOException {
        Path p = dir.resolve(program);
        if (!Files.isExecutable(p)) fail(p + " is missing: run scripts/build-romio-tests.sh (make test's bootstrap does)");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        String owner = Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName();
        if (!owner.equals(System.getProperty("user.name")) || !perms.equals(PosixFilePermissions.fromString("rwx------")))
            fail(dir + " is not a private directory (0700) of user " + System.getProperty("user.name") + " (owner=" + owner
                    + " mode=" + PosixFilePermissions.toString(perms) + "): not running a program from it");
        return p;
    }

    /** Runs the port's C program on its processes of {@code np} in {@code dir}; its output, which must say " No Errors" where it says anything. */
    static String run(Port port, int np, Path dir) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
                "--mca", "io", "romio321", "-np", Integer.toString(port.processes(np)), binary(port.program).toString()));
        if (port != Port.EXTERNAL32) cmd.addAll(List.of("-fname", port.file(dir).toString()));
        if (port == Port.FILE_INFO) cmd.add(cmd.size() - 2, "-u"); // also check ROMIO's own defaults for UFS, as jpio's port does
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().remove("ROMIO_HINTS");
        Process p = pb.start();
        byte[] bytes = p.getInputStream().readAllBytes();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        String out = new String(bytes, StandardCharsets.UTF_8);
        assertEquals(0, done ? p.exitValue() : -1, () -> "ROMIO's " + port.program + " failed: " + String.join(" ", cmd) + "\n" + out);
        if (port != Port.EXTERNAL32 && !out.contains(" No Errors")) fail("ROMIO's " + port.program + " found errors: " + String.join(" ", cmd) + "\n" + out);
        return out;
    }

    /** jpio's run in {@code mine} left what ROMIO's run of the same program on {@code np} processes left in {@code romio}. */
    static void compare(Port port, int np, Path mine, Path romio, String romioOutput) throws IOException {
        String what = port.program + " (jpio " + mine + " vs ROMIO " + romio + ")";
        switch (port.left) {
            case BYTES -> sameBytes(port.file(mine), port.file(romio), what);
            case PER_RANK_BYTES -> { for (int r = 0; r < np; r++) sameBytes(Ports.perRank(port.file(mine), r), Ports.perRank(port.file(romio), r), what); }
            case PER_RANK_SIZE -> {
                for (int r = 0; r < np; r++)
                    assertEquals(Files.size(Ports.perRank(port.file(romio), r)), Files.size(Ports.perRank(port.file(mine), r)), what + " rank " + r);
            }
            case EVEN_INTS -> {
                byte[] a = Files.readAllBytes(port.file(mine)), b = Files.readAllBytes(port.file(romio));
                assertEquals(b.length, a.length, what + ": size");
                for (int i = 0; i < a.length; i += 8)
                    if (!Arrays.equals(a, i, i + 4, b, i, i + 4)) fail(what + ": the files differ in the int at byte " + i);
            }
            case BLOCKS -> sameBlocks(port.file(mine), port.file(romio), 4096, what);
            case OUTPUT -> {
                String jpio = Files.readString(mine.resolve(port.program + ".out"));
                for (String line : jpio.strip().split("\n"))
                    if (!romioOutput.contains(line)) fail(what + ": jpio says \"" + line + "\" where ROMIO said:\n" + romioOutput);
                assertEquals(jpio.strip().split("\n").length, romioOutput.lines().filter(l -> l.contains(" datarep is ")).count(), what + ": as many lines\n" + romioOutput);
            }
            case NOTHING -> {
                if (Files.exists(port.file(mine)) || Files.exists(port.file(romio))) fail(what + ": the test deletes its file");
            }
            case NO_REFERENCE -> { }
        }
    }

    static void sameBytes(Path mine, Path romio, String what) throws IOException {
        byte[] a = Files.readAllBytes(mine), b = Files.readAllBytes(romio);
        int at = Arrays.mismatch(a, b);
        if (at >= 0) fail(what + ": files differ at byte " + at + " (sizes jpio=" + a.length + " ROMIO=" + b.length + ")"
                + (at < Math.min(a.length, b.length) ? ": jpio=" + a[at] + " ROMIO=" + b[at] : ""));
    }

    private static void sameBlocks(Path mine, Path romio, int block, String what) throws IOException {
        byte[] a = Files.readAllBytes(mine), b = Files.readAllBytes(romio);
        assertEquals(b.length, a.length, what + ": size");
        assertEquals(0, a.length % block, what + ": whole blocks");
        List<String> x = new ArrayList<>(), y = new ArrayList<>();
        for (int i = 0; i < a.length; i += block) {
            x.add(Arrays.toString(Arrays.copyOfRange(a, i, i + block)));
            y.add(Arrays.toString(Arrays.copyOfRange(b, i, i + block)));
        }
        x.sort(null);
        y.sort(null);
        if (!x.equals(y)) fail(what + ": the files hold different blocks");
    }
}
