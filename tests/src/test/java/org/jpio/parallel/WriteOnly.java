package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.io.FileNotReadableException;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * Noncontiguous writes to a file opened write-only, as MPI allows them: every rank writes 8 ints through a
 * vector view whose holes no rank covers, collectively (two-phase forced, or the independent driver) or
 * with writeAt, on a new file (CREATE|WRONLY) and over an existing one (WRONLY, its bytes must survive in
 * the holes); the file is compared element by element with what it must hold, and a read through the
 * handle is still refused. One SPMD body for in-JVM ranks and mpirun ({@link #main}).
 */
public final class WriteOnly {
    private WriteOnly() { }

    static final int COUNT = 8;
    static final byte BACKGROUND = 0x7F;

    /** The driver configurations: jpio's two-phase (forced), its independent driver, independent writeAt calls, ROMIO. */
    static final List<String> CONFIGS = List.of("twophase", "independent", "write_at", "romio");

    static Hints hints(String config, String engine) {
        Hints h = switch (config) {
            case "twophase" -> Hints.of(Hints.ROMIO_CB_WRITE, "enable", Hints.CB_BUFFER_SIZE, "32", Hints.JPIO_CB_SHARED, "disable");
            case "independent", "write_at" -> Hints.of(Hints.JPIO_BACKEND, "independent", Hints.ROMIO_DS_WRITE, "enable");
            case "romio" -> Hints.of(Hints.JPIO_BACKEND, "romio");
            default -> throw new IllegalArgumentException(config);
        };
        return engine == null || config.equals("romio") ? h : h.with(Hints.JPIO_ENGINE, engine);
    }

    /** {@code mpirun -np N java ... WriteOnly DIR ENGINE CONFIG...}; prints "write-only ok rank=R". */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        for (int k = 2; k < args.length; k++) check(world, Path.of(args[0]), args[1], args[k]);
        System.out.println("write-only ok rank=" + world.rank() + " size=" + world.size());
    }

    /** Both modes, one configuration, on files in {@code dir} (shared by all ranks). */
    public static void check(Comm comm, Path dir, String engine, String config) throws IOException {
        for (boolean create : new boolean[] {true, false}) {
            Path file = dir.resolve("wo-" + config + "-" + engine + "-" + (create ? "new" : "old") + "-" + comm.size() + ".bin");
            long size = (long) COUNT * 2 * comm.size() * 4;
            if (comm.rank() == 0) {
                Files.deleteIfExists(file);
                if (!create) {
                    byte[] old = new byte[(int) size];
                    java.util.Arrays.fill(old, BACKGROUND);
                    Files.write(file, old);
                }
            }
            comm.barrier();
            write(comm, file, EnumSet.of(Amode.WRONLY), create, hints(config, engine), config);
            comm.barrier();
            if (comm.rank() == 0) verify(file, comm.size(), create, config + " engine=" + engine);
            comm.barrier();
        }
    }

    /** Rank r's view: its int at r of every block of 2n ints; ints n..2n-1 of each block are holes. */
    static FileView view(Comm comm) {
        return new FileView(4L * comm.rank(), ElementType.INT, Datatype.vector(COUNT, 1, 2 * comm.size(), Datatype.of(ElementType.INT)), DataRep.NATIVE);
    }

    static int value(int rank, int i) { return 1000 * (rank + 1) + i; }

    static void write(Comm comm, Path file, EnumSet<Amode> amode, boolean create, Hints h, String config) throws IOException {
        if (create) amode.add(Amode.CREATE);
        int[] mine = new int[COUNT];
        for (int i = 0; i < COUNT; i++) mine[i] = value(comm.rank(), i);
        try (ParallelFile f = ParallelFile.open(comm, file, amode, h)) {
            f.setView(view(comm));
            int n = config.equals("write_at") ? f.writeAt(0, Elements.of(mine)) : f.writeAll(Elements.of(mine));
            assertEquals(COUNT, n);
            assertEquals(amode, f.amode(), "amode still reads what was asked");
            assertThrows(FileNotReadableException.class, () -> f.readAt(0, Elements.of(new int[1])), "reads through the handle are refused");
        }
    }

    static void verify(Path file, int n, boolean created, String what) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.nativeOrder());
        int ints = created ? (COUNT - 1) * 2 * n + n : COUNT * 2 * n; // a new file ends with the last rank's last int
        assertEquals(4L * ints, b.capacity(), "size of " + file + " " + what);
        int background = created ? 0 : ByteBuffer.wrap(new byte[] {BACKGROUND, BACKGROUND, BACKGROUND, BACKGROUND}).getInt();
        for (int p = 0; p < ints; p++) {
            int block = p / (2 * n), j = p % (2 * n);
            int want = j < n ? value(j, block) : background;
            assertEquals(want, b.getInt(4 * p), "int " + p + " of " + file + " " + what);
        }
    }
}
