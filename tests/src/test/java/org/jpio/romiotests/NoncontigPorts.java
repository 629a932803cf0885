package org.jpio.romiotests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.jpio.comm.Comm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;

/**
 * ROMIO's test/noncontig.c (independent), noncontig_coll.c and noncontig_coll2.c (collective), and the
 * nonblocking i_noncontig.c: memory datatypes. The interleaving struct type ({@link Ports#interleaved})
 * is the filetype, the memory type, or both; reads through it must leave the rest of the buffer alone.
 */
final class NoncontigPorts {
    private NoncontigPorts() { }

    /** How a test moves data: the routine for "write at the pointer", "write at", "read at". */
    enum Routines {
        INDEPENDENT, NONBLOCKING, COLLECTIVE, NONBLOCKING_COLLECTIVE;

        int write(ParallelFile f, Elements e) throws IOException {
            return switch (this) {
                case INDEPENDENT -> f.write(e);
                case NONBLOCKING -> f.iwrite(e).waitFor();
                case COLLECTIVE -> f.writeAll(e);
                case NONBLOCKING_COLLECTIVE -> f.iwriteAll(e).waitFor();
            };
        }

        int writeAt(ParallelFile f, long at, Elements e) throws IOException {
            return switch (this) {
                case INDEPENDENT -> f.writeAt(at, e);
                case NONBLOCKING -> f.iwriteAt(at, e).waitFor();
                case COLLECTIVE -> f.writeAtAll(at, e);
                case NONBLOCKING_COLLECTIVE -> f.iwriteAtAll(at, e).waitFor();
            };
        }

        int readAt(ParallelFile f, long at, Elements e) throws IOException {
            return switch (this) {
                case INDEPENDENT -> f.readAt(at, e);
                case NONBLOCKING -> f.ireadAt(at, e).waitFor();
                case COLLECTIVE -> f.readAtAll(at, e);
                case NONBLOCKING_COLLECTIVE -> f.ireadAtAll(at, e).waitFor();
            };
        }
    }

    /** noncontig.c: two processes, independent I/O, with the tiny data-sieving buffers it sets (1209 and 1107 bytes). */
    static String noncontig(Comm comm, Path file, Hints h) throws Exception {
        Hints sieving = h.with(Hints.IND_RD_BUFFER_SIZE, "1209").with(Hints.IND_WR_BUFFER_SIZE, "1107");
        onTwo(comm, two -> cases(two, file, sieving, Routines.INDEPENDENT, 5000, i -> i + two.rank() * 5000));
        return null;
    }

    /** noncontig_coll.c: two processes, collective I/O. */
    static String noncontigColl(Comm comm, Path file, Hints h) throws Exception {
        onTwo(comm, two -> cases(two, file, h, Routines.COLLECTIVE, 5000, i -> i + two.rank() * 5000));
        return null;
    }

    /** i_noncontig.c: two processes, nonblocking I/O. */
    static String iNoncontig(Comm comm, Path file, Hints h) throws Exception {
        onTwo(comm, two -> cases(two, file, h, Routines.NONBLOCKING, 5000, i -> i + two.rank() * 5000));
        return null;
    }

    /** MPICH's i_noncontig_coll.c: two processes, nonblocking collective I/O. */
    static String iNoncontigColl(Comm comm, Path file, Hints h) throws Exception {
        onTwo(comm, two -> cases(two, file, h, Routines.NONBLOCKING_COLLECTIVE, 5000, i -> i + two.rank() * 5000));
        return null;
    }

    /**
     * noncontig_coll2.c: the collective cases on any number of processes (5000 rounded down to a multiple),
     * first without hints, then with cb_config_list naming every process's host in four orders (as given,
     * reversed, reversed every other, second half first).
     */
    static String noncontigColl2(Comm comm, Path file, Hints h) throws Exception {
        int n = comm.size(), me = comm.rank(), size = 5000 / n * n;
        String[] hosts = new String[n];
        byte[][] names = comm.allgatherBytes(comm.hostName().getBytes(StandardCharsets.UTF_8));
        for (int r = 0; r < n; r++) hosts[r] = new String(names[r], StandardCharsets.UTF_8);
        List<String> lists = new ArrayList<>();
        lists.add(null);
        lists.add(join(hosts, order(n, "default")));
        lists.add(join(hosts, order(n, "reverse")));
        lists.add(join(hosts, order(n, "reverse alternating")));
        lists.add(join(hosts, order(n, "simple shuffle")));
        for (String list : lists)
            cases(comm, file, list == null ? h : h.with(Hints.CB_CONFIG_LIST, list), Routines.COLLECTIVE, size, i -> me * 1000000 + i + me * size);
        return null;
    }

    /** The process order of each of noncontig_coll2.c's cb_config_list permutations. */
    static List<Integer> order(int n, String how) {
        List<Integer> o = new ArrayList<>();
        switch (how) {
            case "default" -> { for (int i = 0; i < n; i++) o.add(i); }
            case "reverse" -> { for (int i = n - 1; i >= 0; i--) o.add(i); }
            case "reverse alternating" -> {
                for (int i = n - 1; i >= 0; i -= 2) o.add(i);
                for (int i = n - 2; i > 0; i -= 2) o.add(i);
            }
            case "simple shuffle" -> {
                for (int i = n / 2; i < n; i++) o.add(i);
                for (int i = 0; i < n / 2; i++) o.add(i);
            }
            default -> throw new IllegalArgumentException(how);
        }
        return o;
    }

    private static String join(String[] hosts, List<Integer> order) {
        StringBuilder s = new StringBuilder();
        for (int r : order) s.append(s.length() == 0 ? "" : ",").append(hosts[r]);
        return s.toString();
    }

    private interface OnTwo { void run(Comm two) throws Exception; }

    /** Runs a two-process test on ranks 0 and 1; every rank of {@code comm} leaves together. */
    private static void onTwo(Comm comm, OnTwo body) throws Exception {
        try (Comm two = Ports.firstTwo(comm)) {
            if (two != null) body.run(two);
        }
        comm.barrier();
    }

    /**
     * The three cases every noncontig test runs on {@code comm}'s processes: noncontiguous in memory and in
     * the file; in memory only (rank r's part at byte r * size / nprocs * 4 under the default view);
     * in the file only. The last leaves the file compared with ROMIO's.
     */
    static void cases(Comm comm, Path file, Hints h, Routines io, int size, IntUnaryOperator value) throws Exception {
        int n = comm.size(), me = comm.rank(), part = size / n;
        Datatype type = Ports.interleaved(size, n, me);
        FileView view = new FileView(0, ElementType.INT, type, DataRep.NATIVE);
        int[] buf = new int[size];
        Ports.delete(comm, file, h);
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            f.setView(view);
            fill(buf, value);
            assertEquals(part, io.write(f, Elements.of(buf, type, 1)));
            comm.barrier();
            java.util.Arrays.fill(buf, -1);
            assertEquals(part, io.readAt(f, 0, Elements.of(buf, type, 1)));
            checkStrided(buf, n, me, value, io + " nc memory, nc file");
        }
        comm.barrier();
        Ports.delete(comm, file, h);
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            long at = (long) me * part * 4;
            fill(buf, value);
            assertEquals(part, io.writeAt(f, at, Elements.of(buf, type, 1)));
            comm.barrier();
            java.util.Arrays.fill(buf, -1);
            assertEquals(part, io.readAt(f, at, Elements.of(buf, type, 1)));
            checkStrided(buf, n, me, value, io + " nc memory, c file");
        }
        comm.barrier();
        Ports.delete(comm, file, h);
        try (ParallelFile f = ParallelFile.open(comm, file, Ports.CREATE_RDWR, h)) {
            f.setView(view);
            fill(buf, value);
            int[] want = buf.clone();
            assertEquals(size, io.write(f, Elements.of(buf)));
            comm.barrier();
            java.util.Arrays.fill(buf, -1);
            assertEquals(size, io.readAt(f, 0, Elements.of(buf)));
            assertArrayEquals(want, buf, io + " c memory, nc file: process " + me);
        }
        comm.barrier();
    }

    private static void fill(int[] buf, IntUnaryOperator value) {
        for (int i = 0; i < buf.length; i++) buf[i] = value.applyAsInt(i);
    }

    /** Process r finds its values at the ints i with i % nprocs == r, and -1 (untouched) elsewhere. */
    private static void checkStrided(int[] buf, int nprocs, int me, IntUnaryOperator value, String what) {
        for (int i = 0; i < buf.length; i++) {
            int want = i % nprocs == me ? value.applyAsInt(i) : -1;
            if (buf[i] != want) throw new AssertionError(what + ": process " + me + ": buf[" + i + "] is " + buf[i] + ", should be " + want);
        }
    }
}
