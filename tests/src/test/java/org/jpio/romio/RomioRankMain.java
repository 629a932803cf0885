package org.jpio.romio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.List;
import org.jpio.parallel.Xfer;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.FileView;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.Order;

/**
 * What each MPI process runs in the ROMIO tests (started by mpirun from {@link RomioFileMpiTest}).
 * {@code main} runs one scenario on {@link MpiComm#world()}, prints "rank=R OK ..." lines, and throws on
 * the first wrong element or unexpected exception (MpiComm then aborts the job, so mpirun fails). Scenarios:
 * <pre>
 *   darray PATH G0,G1,G2 C|F   collective write of a BLOCK^d darray int array (value = global linear
 *                              index), read back collectively and checked element by element
 *   independent PATH N [preallocate]  write_at/read_at of each rank's N longs, then every rank checks
 *                              all blocks; seek/read/position; set_size (and preallocate)
 *   nonblocking PATH N         iwrite_at / iwrite_at_all / iread_all on direct buffers, wait and test
 *   hints PATH                 open with cb_buffer_size and romio hints, print hints() as key=value
 *   errors DIR                 open under a missing directory: every rank must get MPI's error
 *   types                      jpio's datatypes rebuilt in MPI have MPI_Type_size/get_extent equal to
 *                              jpio's own size/lb/extent
 * </pre>
 */
final class RomioRankMain {
    private RomioRankMain() { }

    public static void main(String[] args) throws IOException {
        Comm world = MpiComm.world();
        try {
            run(world, args);
        } catch (Throwable t) {
            System.out.println("rank=" + world.rank() + " FAILED " + t);
            System.out.flush();
            throw t; // uncaught: MpiComm aborts the job instead of finalising while peers wait
        }
        world.barrier();
    }

    static void run(Comm comm, String[] args) throws IOException {
        switch (args[0]) {
            case "darray" -> darray(comm, args[1], parseInts(args[2]), args[3].equals("F"));
            case "independent" -> independent(comm, args[1], Integer.parseInt(args[2]), args.length > 3 && args[3].equals("preallocate"));
            case "nonblocking" -> nonblocking(comm, args[1], Integer.parseInt(args[2]));
            case "hints" -> hints(comm, args[1]);
            case "errors" -> errors(comm, args[1]);
            case "types" -> types(comm);
            default -> throw new IllegalArgumentException("unknown scenario: " + args[0]);
        }
    }

    static int[] parseInts(String csv) { return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray(); }

    private static void say(Comm comm, String what) {
        System.out.println("rank=" + comm.rank() + " OK " + what);
        System.out.flush();
    }

    private static void darray(Comm comm, String path, int[] gsizes, boolean fortran) throws IOException {
        int np = comm.size(), rank = comm.rank();
        DarrayLayout layout = new DarrayLayout(gsizes, Dims.create(np, new int[gsizes.length]), fortran, false);
        long[] gi = layout.globalIndices(rank);
        int[] data = new int[gi.length];
        for (int k = 0; k < data.length; k++) data[k] = (int) gi[k];
        Distribution[] block = new Distribution[gsizes.length];
        Arrays.fill(block, Distribution.BLOCK);
        int[] dargs = new int[gsizes.length];
        Arrays.fill(dargs, MpiDatatype.DFLT_DARG);
        Datatype etype = Datatype.of(ElementType.INT);
        Datatype filetype = Datatype.darray(np, rank, gsizes, block, dargs, layout.psizes(), fortran ? Order.FORTRAN : Order.C, etype);
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR), Map.of())) {
            f.setView(new FileView(0, ElementType.INT, filetype, DataRep.NATIVE), Map.of());
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

    private static void independent(Comm comm, String path, int n, boolean preallocate) throws IOException {
        int np = comm.size(), rank = comm.rank();
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
        // preallocate grows the file, set_size cuts it back; both collective. OMPIO's preallocate returns
        // on ranks other than 0 before rank 0 has finished (an intermediate size is visible), hence the
        // barriers; it also hangs or crashes intermittently (docs/ROMIO.md), so only ROMIO's is exercised.
        long bytes = 8L * n * np;
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.RDWR), Map.of())) {
            if (preallocate) {
                f.preallocate(bytes + 4096);
                comm.barrier();
                if (f.size() != bytes + 4096) throw new IOException("size after preallocate=" + f.size() + " expected=" + (bytes + 4096));
            }
            f.setSize(bytes - 8);
            comm.barrier();
            if (f.size() != bytes - 8) throw new IOException("size after set_size=" + f.size() + " expected=" + (bytes - 8));
        }
        say(comm, "independent blocks=" + np + " n=" + n);
    }

    private static void nonblocking(Comm comm, String path, int n) throws IOException {
        int np = comm.size(), rank = comm.rank();
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

    private static void hints(Comm comm, String path) throws IOException {
        Map<String, String> asked = Map.of("cb_buffer_size", "1048576", "romio_cb_write", "enable", "cb_nodes", "1");
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.RDWR, Amode.DELETE_ON_CLOSE), asked)) {
            Map<String, String> h = f.hints();
            if (comm.rank() == 0) h.forEach((k, v) -> System.out.println("hint " + k + "=" + v));
            if (!"1048576".equals(h.get("cb_buffer_size")))
                throw new IOException("cb_buffer_size not in effect: hints=" + h);
        }
        say(comm, "hints");
    }

    private static void errors(Comm comm, String dir) throws IOException {
        String path = Path.of(dir, "no-such-directory", "file.bin").toString();
        try (RomioFile f = RomioFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.WRONLY), Map.of())) {
            throw new IllegalStateException("open under a missing directory succeeded: " + f);
        } catch (IOException e) {
            System.out.println("rank=" + comm.rank() + " OK error " + e.getMessage());
        }
        try {
            RomioFile.open(comm, path, EnumSet.of(Amode.RDONLY, Amode.CREATE), Map.of()).close();
            throw new IllegalStateException("open with RDONLY|CREATE succeeded");
        } catch (IllegalArgumentException e) {
            System.out.println("rank=" + comm.rank() + " OK refused " + e.getMessage());
        }
        // a collective write on a read-only file is refused on every rank under every io component
        // (Open MPI 4.1's OMPIO would report success with 3+ ranks and write nothing)
        String ro = Path.of(dir, "read-only.bin").toString();
        RomioFile.open(comm, ro, EnumSet.of(Amode.CREATE, Amode.WRONLY), Map.of()).close();
        try (RomioFile f = RomioFile.open(comm, ro, EnumSet.of(Amode.RDONLY), Map.of())) {
            f.writeAtAll(8L * comm.rank(), new long[] {1}, 0, 1);
            throw new IOException("write_at_all on a read-only file succeeded");
        } catch (IllegalStateException e) {
            System.out.println("rank=" + comm.rank() + " OK refused " + e.getMessage());
        }
        say(comm, "errors");
    }

    private static void types(Comm comm) {
        Datatype i = Datatype.of(ElementType.INT);
        Datatype d = Datatype.of(ElementType.DOUBLE);
        List<Datatype> cases = List.of(
            i, Datatype.BYTE, Datatype.of(ElementType.BOOLEAN), Datatype.of(ElementType.CHAR),
            Datatype.contiguous(7, d),
            Datatype.vector(4, 2, 5, i),
            Datatype.vector(3, 1, -2, i),
            Datatype.hvector(3, 2, 40, d),
            Datatype.indexed(new int[] {2, 1, 3}, new int[] {0, 5, 9}, i),
            Datatype.hindexed(new int[] {1, 2}, new long[] {16, 64}, d),
            Datatype.subarray(new int[] {6, 5, 4}, new int[] {2, 3, 2}, new int[] {1, 1, 2}, Order.C, i),
            Datatype.subarray(new int[] {6, 5, 4}, new int[] {2, 3, 2}, new int[] {1, 1, 2}, Order.FORTRAN, d),
            Datatype.darray(4, 3, new int[] {9, 7}, new Distribution[] {Distribution.BLOCK, Distribution.CYCLIC},
                new int[] {MpiDatatype.DFLT_DARG, 2}, new int[] {2, 2}, Order.C, i),
            Datatype.darray(3, 1, new int[] {10, 4}, new Distribution[] {Distribution.CYCLIC, Distribution.NONE},
                new int[] {MpiDatatype.DFLT_DARG, MpiDatatype.DFLT_DARG}, new int[] {3, 1}, Order.FORTRAN, d),
            Datatype.resized(-8, 64, Datatype.vector(2, 1, 3, i)),
            Datatype.contiguous(2, Datatype.resized(0, 24, Datatype.subarray(new int[] {4, 4}, new int[] {2, 2}, new int[] {1, 2}, Order.C, i))));
        for (Datatype t : cases) {
            try (MpiDatatype m = RomioTypes.toMpi(t)) {
                long[] lbExt = m.lbExtent();
                if (m.size() != t.size() || lbExt[0] != t.lb() || lbExt[1] != t.extent())
                    throw new IllegalStateException("MPI size=" + m.size() + " lb=" + lbExt[0] + " extent=" + lbExt[1]
                        + " but jpio size=" + t.size() + " lb=" + t.lb() + " extent=" + t.extent() + " for " + t);
            }
        }
        say(comm, "types cases=" + cases.size());
    }
}
