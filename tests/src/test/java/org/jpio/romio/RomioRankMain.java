package org.jpio.romio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import org.jpio.io.ElementType;
import org.jpio.romio.MpiDatatype.Distribution;
import org.jpio.romio.RomioFile.Amode;

/**
 * What each MPI process runs in the ROMIO tests (started by mpirun from {@link RomioFileMpiTest}).
 * {@code run(comm, args)} does one scenario on the communicator whose Fortran handle is {@code comm},
 * prints "rank=R OK ..." lines, and throws on the first wrong element. Scenarios:
 * <pre>
 *   darray PATH G0,G1,G2 C|F   collective write of a BLOCK^d darray int array (value = global linear
 *                              index), read back collectively and checked element by element
 *   independent PATH N         write_at/read_at of each rank's N longs, then every rank checks all blocks
 *   nonblocking PATH N         iwrite_at / iwrite_at_all / iread_all on direct buffers, wait and test
 *   hints PATH                 open with cb_buffer_size and romio hints, print hints() as key=value
 *   errors DIR                 open under a missing directory: every rank must get MPI's error
 * </pre>
 */
final class RomioRankMain {
    private RomioRankMain() { }

    static void run(long comm, String[] args) throws IOException {
        switch (args[0]) {
            case "darray" -> darray(comm, args[1], parseInts(args[2]), args[3].equals("F"));
            case "independent" -> independent(comm, args[1], Integer.parseInt(args[2]));
            case "nonblocking" -> nonblocking(comm, args[1], Integer.parseInt(args[2]));
            case "hints" -> hints(comm, args[1]);
            case "errors" -> errors(comm, args[1]);
            default -> throw new IllegalArgumentException("unknown scenario: " + args[0]);
        }
    }

    static int[] parseInts(String csv) { return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray(); }

    static int rank(long comm) { return (int) RomioNative.commRank(comm); }

    static int size(long comm) { return (int) RomioNative.commSize(comm); }

    private static void say(long comm, String what) {
        System.out.println("rank=" + rank(comm) + " OK " + what);
        System.out.flush();
    }

    private static void darray(long comm, String path, int[] gsizes, boolean fortran) throws IOException {
        int np = size(comm), rank = rank(comm);
        DarrayLayout layout = new DarrayLayout(gsizes, DarrayLayout.dimsCreate(np, gsizes.length), fortran, false);
        long[] gi = layout.globalIndices(rank);
        int[] data = new int[gi.length];
        for (int k = 0; k < data.length; k++) data[k] = (int) gi[k];
        Distribution[] block = new Distribution[gsizes.length];
        Arrays.fill(block, Distribution.BLOCK);
        int[] dargs = new int[gsizes.length];
        Arrays.fill(dargs, MpiDatatype.DFLT_DARG);
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR), Map.of())) {
            MpiDatatype etype = MpiDatatype.of(ElementType.INT);
            f.setView(0, etype, MpiDatatype.darray(np, rank, gsizes, block, dargs, layout.psizes(), fortran, etype).commit(), Map.of());
            int wrote = f.writeAll(data, 0, data.length);
            if (wrote != data.length) throw new IOException("write_all moved " + wrote + " of " + data.length);
            f.sync();
            int[] back = new int[data.length];
            f.seek(0); // write_all advanced the individual file pointer past this rank's piece
            int read = f.readAll(back, 0, back.length);
            if (read != back.length) throw new IOException("read_all moved " + read + " of " + back.length);
            for (int k = 0; k < back.length; k++)
                if (back[k] != data[k])
                    throw new IOException("rank=" + rank + " element=" + k + " global_index=" + gi[k] + " read=" + back[k]);
            long total = Arrays.stream(gsizes).asLongStream().reduce(1, (a, b) -> a * b);
            if (f.size() != total * 4) throw new IOException("size=" + f.size() + " expected=" + total * 4);
        }
        say(comm, "darray elements=" + gi.length + " gsizes=" + Arrays.toString(gsizes) + " order=" + (fortran ? "F" : "C"));
    }

    private static void independent(long comm, String path, int n) throws IOException {
        int np = size(comm), rank = rank(comm);
        long[] mine = new long[n];
        for (int i = 0; i < n; i++) mine[i] = (long) rank * n + i;
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR), Map.of())) {
            f.setView(0, MpiDatatype.bytes(), MpiDatatype.bytes(), Map.of());
            // write in two pieces: an array range from the middle tests the index-to-byte-offset mapping
            f.writeAt((long) rank * n * 8, mine, 0, n / 2);
            f.writeAt(((long) rank * n + n / 2) * 8, mine, n / 2, n - n / 2);
        }
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.RDONLY), Map.of())) {
            long[] all = new long[n * np + 3];
            for (int r = 0; r < np; r++) {
                int got = f.readAt((long) r * n * 8, all, 3 + r * n, n);
                if (got != n) throw new IOException("read_at moved " + got + " elements of " + n + " for block " + r);
            }
            for (int i = 0; i < n * np; i++)
                if (all[3 + i] != i) throw new IOException("rank=" + rank + " element=" + i + " read=" + all[3 + i]);
            // the individual file pointer: seek, read, position
            f.seek(8L * n * (np - 1));
            long[] last = new long[n];
            f.read(last, 0, n);
            if (last[n - 1] != (long) n * np - 1) throw new IOException("read after seek: " + last[n - 1]);
            if (f.position() != 8L * n * np) throw new IOException("position=" + f.position());
            // reading past the end moves nothing, as in MPI
            if (f.readAt(8L * n * np, last, 0, 1) != 0) throw new IOException("read past end moved bytes");
        }
        say(comm, "independent blocks=" + np + " n=" + n);
    }

    private static void nonblocking(long comm, String path, int n) throws IOException {
        int np = size(comm), rank = rank(comm);
        ByteBuffer out = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
        for (int i = 0; i < n; i++) out.putDouble(8 * i, rank * n + i + 0.5);
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR), Map.of())) {
            MpiDatatype d = MpiDatatype.of(ElementType.DOUBLE);
            // each rank's block: etype double, filetype = contiguous n doubles displaced by rank*n
            try (MpiDatatype block = MpiDatatype.contiguous(n, d)) {
                f.setView((long) rank * n * 8, d, MpiDatatype.resized(block, 0, 8L * n * np).commit(), Map.of());
            }
            RomioRequest w = f.start(Xfer.WRITE_AT, 0, out.duplicate().limit(4 * n), ElementType.DOUBLE);
            if (w.waitFor() != n / 2) throw new IOException("iwrite_at moved " + w.waitFor());
            boolean icoll = RomioBackend.nonblockingCollectiveProblem().isEmpty();
            if (icoll) {
                ByteBuffer rest = out.duplicate().position(4 * n);
                RomioRequest wa = f.start(Xfer.WRITE_AT_ALL, n / 2, rest, ElementType.DOUBLE);
                while (!wa.test()) Thread.onSpinWait();
                if (rest.remaining() != 0 || wa.waitFor() != n - n / 2) throw new IOException("iwrite_at_all incomplete");
            } else {
                try {
                    f.start(Xfer.WRITE_AT_ALL, n / 2, out.duplicate().position(4 * n), ElementType.DOUBLE);
                    throw new IllegalStateException("iwrite_at_all started although " + RomioBackend.nonblockingCollectiveProblem());
                } catch (UnsupportedOperationException expected) {
                    System.out.println("rank=" + rank + " OK refused " + expected.getMessage());
                }
                f.transfer(Xfer.WRITE_AT_ALL, n / 2, out.duplicate().position(4 * n), ElementType.DOUBLE);
            }
            f.sync();
            ByteBuffer in = ByteBuffer.allocateDirect(8 * n).order(ByteOrder.nativeOrder());
            f.seek(0);
            Xfer read = icoll ? Xfer.READ_ALL : Xfer.READ;
            RomioRequest r = f.start(read, 0, in, ElementType.DOUBLE);
            if (r.waitFor() != n || in.remaining() != 0) throw new IOException(read.mpiNonblockingName() + " moved " + r.waitFor());
            for (int i = 0; i < n; i++)
                if (in.getDouble(8 * i) != rank * n + i + 0.5) throw new IOException("rank=" + rank + " element=" + i + " read=" + in.getDouble(8 * i));
        }
        say(comm, "nonblocking n=" + n + " collective=" + RomioBackend.nonblockingCollectiveProblem().isEmpty());
    }

    private static void hints(long comm, String path) throws IOException {
        Map<String, String> asked = Map.of("cb_buffer_size", "1048576", "romio_cb_write", "enable", "cb_nodes", "1");
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR, Amode.DELETE_ON_CLOSE), asked)) {
            Map<String, String> h = f.hints();
            if (rank(comm) == 0) h.forEach((k, v) -> System.out.println("hint " + k + "=" + v));
            if (!"1048576".equals(h.get("cb_buffer_size")))
                throw new IOException("cb_buffer_size not in effect: hints=" + h);
        }
        say(comm, "hints");
    }

    private static void errors(long comm, String dir) {
        String path = Path.of(dir, "no-such-directory", "file.bin").toString();
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.WRONLY), Map.of())) {
            throw new IllegalStateException("open under a missing directory succeeded: " + f);
        } catch (IOException e) {
            System.out.println("rank=" + rank(comm) + " OK error " + e.getMessage());
        }
        try {
            RomioFile.open(comm, path, EnumSet.noneOf(Amode.class), Map.of());
            throw new IllegalStateException("open without a mode succeeded");
        } catch (IllegalArgumentException | IOException e) {
            System.out.println("rank=" + rank(comm) + " OK refused " + e.getMessage());
        }
    }
}
