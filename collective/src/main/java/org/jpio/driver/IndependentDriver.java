package org.jpio.driver;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.engine.EngineFile;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Hints;

/**
 * The generic driver (ROMIO's ad_ufs with the ADIOI_GEN functions): every rank reads and writes its own
 * runs through an {@link ArrayFile} of the installed I/O engine, with data sieving for small runs and
 * byte-range locks where sieving windows could undo other ranks' writes; collective calls are independent
 * ones after one exchange of the ranks' extents. This is {@code jpio_backend=independent}, and the path the
 * two-phase driver takes when its automatic choice says aggregation would not pay.
 *
 * <p>A file opened write-only is opened read-write underneath when the process may read it, because data
 * sieving and two-phase read what surrounds the holes of a noncontiguous write (as ROMIO does); the handle
 * still refuses reads. Where the process may only write the file, it is opened write-only and nothing
 * reads it: write sieving is off and two-phase writes only the covered parts of its windows.
 */
public class IndependentDriver implements FileDriver {
    public static final String NAME = "independent";

    protected final Comm comm;
    protected final Path path;
    protected final Set<Amode> amode;
    /** The hints, as set at open or later by set_info (read per call). */
    protected volatile Hints hints;
    private final ArrayFileOptions options;
    private final Set<StandardOpenOption> access;
    private final Map<ByteOrder, ArrayFile> files = new LinkedHashMap<>();
    /** The descriptor open made, asked first on hot paths (a look through the map's values allocates an iterator). */
    private final ArrayFile first;
    /**
     * Whether the file system allocates blocks late (ext4, xfs: delayed allocation), which
     * {@code jpio_preallocate=automatic} reserves against: from the type rank 0 read at open
     * ({@link OpenRequest#fsType()}), so no rank asks the file system itself.
     */
    private final boolean delaysAllocation;
    private volatile String preallocateFailure;
    /** What the last collective write [1] and read [0] chose, rendered only when {@link #hints()} asks. */
    private final Object[] choice = new Object[2];
    protected boolean atomic;

    protected IndependentDriver(OpenRequest r, Opened opened) {
        this.comm = r.comm();
        this.path = r.path();
        this.amode = r.amode();
        this.hints = r.hints();
        this.delaysAllocation = delaysAllocation(r.fsType());
        this.options = opened.options;
        this.access = opened.access;
        this.files.put(opened.file.order(), opened.file);
        this.first = opened.file;
    }

    /** The generic open (ADIOI_GEN_OpenColl): collective. */
    public static IndependentDriver open(OpenRequest r) throws IOException {
        return new IndependentDriver(r, openFile(r));
    }

    /** A file opened on this rank, with the options and modes it was opened with. */
    protected record Opened(ArrayFile file, ArrayFileOptions options, Set<StandardOpenOption> access) { }

    /**
     * Every rank opens the file, creating it when asked (O_CREAT is the same on every rank); with EXCL rank 0
     * creates it first and alone, failing on an existing one. One allreduce then tells every rank whether
     * all opened it and whether all may read it; only on a failure do the ranks exchange their reasons, so
     * all leave with the same error and none keeps a descriptor.
     */
    protected static Opened openFile(OpenRequest r) throws IOException {
        Comm comm = r.comm();
        Path path = r.path();
        String where = "open path=" + path;
        boolean excl = r.amode().contains(Amode.EXCL);
        if (excl) {
            IOException bad = null;
            if (comm.rank() == 0) {
                try {
                    Files.createFile(path); // atomic: FileAlreadyExistsException when it exists
                } catch (IOException e) {
                    bad = e;
                }
            }
            comm.agree(where, bad);
        }
        ArrayFileOptions options = options(r.hints(), r.amode());
        if (r.engine() != null) options = options.withEngine(r.engine());
        Opened opened = null;
        Throwable failed = null;
        try {
            opened = openOnThisRank(path, r.amode(), options, r.amode().contains(Amode.CREATE) && !excl);
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        // whether the file may be read is decided once for all ranks: the two-phase exchange and its window
        // writes must be the same on every rank
        boolean reads = opened != null && opened.access.contains(StandardOpenOption.READ);
        int[] mine = {failed == null ? 0 : 1, opened != null && !reads ? 1 : 0}, all = new int[2];
        if (comm.size() > 1) comm.allreduce(mine, all, 2, Comm.Op.MAX);
        else System.arraycopy(mine, 0, all, 0, 2); // a rank alone agrees with itself
        if (all[0] == 1) {
            if (opened != null) opened.file.close();
            comm.agree(where, failed); // throws on every rank, naming the ranks that failed
        }
        if (all[1] == 0) return opened;
        IOException reopen = null;
        if (reads) try { // this rank could read, another cannot: it gives up reading too
            opened.file.close();
            Set<StandardOpenOption> w = EnumSet.of(StandardOpenOption.WRITE);
            ArrayFileOptions noRead = opened.options.withSieving(opened.options.dsRead(), false);
            opened = new Opened(ArrayFile.open(path, noRead, w), noRead, w);
        } catch (IOException e) {
            reopen = e;
        }
        comm.agree(where, reopen);
        return opened;
    }

    /** Write-only asks for read-write underneath (see the class comment), and takes write-only where reading is denied. */
    private static Opened openOnThisRank(Path path, Set<Amode> amode, ArrayFileOptions options, boolean create) throws IOException {
        Set<StandardOpenOption> s = EnumSet.noneOf(StandardOpenOption.class);
        if (create) s.add(StandardOpenOption.CREATE);
        if (!amode.contains(Amode.WRONLY)) s.add(StandardOpenOption.READ);
        if (!amode.contains(Amode.RDONLY)) s.add(StandardOpenOption.WRITE);
        if (amode.contains(Amode.WRONLY)) {
            Set<StandardOpenOption> rw = EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (create) rw.add(StandardOpenOption.CREATE);
            try {
                return new Opened(ArrayFile.open(path, options, rw), options, rw);
            } catch (AccessDeniedException e) {
                ArrayFileOptions noRead = options.withSieving(options.dsRead(), false);
                return new Opened(ArrayFile.open(path, noRead, s), noRead, s);
            }
        }
        return new Opened(ArrayFile.open(path, options, s), options, s);
    }

    private static ArrayFileOptions options(Hints h, Set<Amode> amode) {
        ArrayFileOptions o = ArrayFileOptions.defaults();
        if (h.engine() != null) o = o.withEngine(h.engine());
        // one descriptor serves both directions: O_DIRECT when the hint of a direction the amode allows asks for it
        if ((!amode.contains(Amode.RDONLY) && h.direct(true)) || (!amode.contains(Amode.WRONLY) && h.direct(false))) o = o.withDirect(true);
        return o.withSieving(h.dsRead() != Hints.Mode.DISABLE, h.dsWrite() != Hints.Mode.DISABLE)
                .withSieveBuffers(h.indRdBufferSize(), h.indWrBufferSize());
    }

    /**
     * ext4 and xfs, the file systems with delayed allocation that the reservation helps; any other type,
     * "unknown" included (rank 0's statfs failed), makes no reservation under {@code automatic}, as with disable.
     */
    private static boolean delaysAllocation(String fsType) { return fsType.equals("ext4") || fsType.equals("xfs"); }

    /**
     * Whether dense collective writes reserve their extents first, by hint {@code jpio_preallocate} of the
     * hints held now: {@link #setHints} needs to forget nothing (ParallelFile's set_info keeps this hint as
     * opened, but a driver's hints may change).
     */
    private boolean preallocates(Hints.Mode mode) { return mode == Hints.Mode.AUTOMATIC ? delaysAllocation : mode == Hints.Mode.ENABLE; }

    @Override public String name() { return NAME; }

    @Override public void setHints(Hints h) { hints = h; }

    /** Whether this rank's descriptors may read the file (false only for a write-only file the process may not read). */
    protected boolean readable() { return access.contains(StandardOpenOption.READ); }

    /** The ArrayFile for the view's representation; a second descriptor is opened for the other byte order. */
    protected ArrayFile file(ByteOrder order) throws IOException {
        ArrayFile f = files.get(order);
        if (f == null) files.put(order, f = ArrayFile.open(path, options.withOrder(order), access));
        return f;
    }

    protected ArrayFile file(Transfer t) throws IOException { return file(t.view().representation().byteOrder()); }

    // ---- transfers ------------------------------------------------------------------------------------

    @Override public long read(Transfer t) throws IOException { return transfer(t, false, false); }

    /** Independent writes always lock runs against sieving: other ranks may be sieving at any time. */
    @Override public long write(Transfer t) throws IOException { return transfer(t, true, true); }

    @Override public long readAll(Transfer t, Extents all) throws IOException { return collective(t, all, false); }

    @Override public long writeAll(Transfer t, Extents all) throws IOException { return collective(t, all, true); }

    /** A collective read here is always the independent one: {@link #collective} reads through {@link #transfer} as {@link #read} does. */
    @Override public boolean readsAlone(Extents all) { return true; }

    /**
     * A collective transfer after the extent exchange: independent I/O. The runs need locks only against
     * sieving writers; in a collective call those are the other ranks of this call, and when none of them
     * has a run short enough to sieve, nobody sieves.
     */
    protected long collective(Transfer t, Extents all, boolean write) throws IOException {
        all.elementType(t.op(), path);
        chose(write, BECAUSE_BACKEND);
        reserveIfDense(t, all, write);
        return transfer(t, write, all.othersSieve(t.comm().rank()));
    }

    private static final String BECAUSE_BACKEND = "independent (jpio_backend=independent)";

    /** Records what a collective call chose (any object whose toString says what and why), for {@link #hints()}. */
    protected void chose(boolean write, Object what) { choice[write ? 1 : 0] = what; }

    /**
     * Under {@code jpio_preallocate=automatic}, the smallest extent of a rank worth a reservation: ext4's
     * delayed allocation costs a few microseconds per page inside a large write, while the fallocate call
     * costs about 10 us on its own (a first 1 KiB write after open took 22 us with it, 13 without).
     */
    static final long AUTOMATIC_MIN_BYTES = 1 << 20;

    /**
     * The byte range reserved last on this file (empty at first), the same on every rank. Blocks once reserved
     * stay so while the file is open unless it is truncated; if another program frees them, a write allocates
     * them again (the reservation only spares ext4's delayed allocation work, it changes no byte).
     */
    private long reservedFrom = Long.MAX_VALUE, reservedTo = Long.MIN_VALUE;

    /**
     * Reserves the blocks of a dense collective write before any rank writes (hint {@code jpio_preallocate}):
     * rank 0 reserves the whole range the ranks write, in one call, and the broadcast of its outcome keeps the
     * others from writing before it. On ext4 the coll_perf write of a new file at N = 4 went from 1600-1800 to 2500-2700 MiB/s:
     * delayed allocation otherwise reserves blocks page by page inside the write. One call for the whole range,
     * not one per rank, because ranks reserving their own extents at once got them in separate places: a 64
     * MiB file written by 2 ranks lay in 2-3 extents (one with delayed allocation) and its rewrites synced
     * about 10 ms slower (docs/BENCHMARKS.md, bench h5). Under {@code automatic} a range the file has every
     * block of (a rewrite in place) is not reserved again. Decided from the exchanged extents, so every rank
     * decides alike. Only a hint: a failure is reported in {@code jpio_preallocate} of every rank's
     * {@link #hints()} and the write goes on (a real lack of space then fails the write, with its offset).
     */
    protected void reserveIfDense(Transfer t, Extents all, boolean write) throws IOException {
        if (!write || !all.dense()) return;
        Hints.Mode mode = hints.preallocate();
        if (!preallocates(mode)) return;
        long from = all.start(), to = all.end();
        if (mode == Hints.Mode.AUTOMATIC && all.widest() < AUTOMATIC_MIN_BYTES) return; // small writes gain less than the call costs
        if (from >= reservedFrom && to <= reservedTo) return; // reserved by an earlier call: the same write every step pays nothing
        String failed = "";
        if (t.comm().rank() == 0) {
            try {
                if (mode != Hints.Mode.AUTOMATIC || file(t).holeAt(from) < to) file(t).preallocate(from, to - from);
            } catch (IOException e) {
                failed = "failed: " + e.getMessage();
            }
        }
        // the broadcast of rank 0's outcome is the barrier: no rank writes before the reservation, and all report it alike
        byte[] outcome = t.comm().bcastBytes(failed.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0);
        if (outcome.length > 0) preallocateFailure = new String(outcome, java.nio.charset.StandardCharsets.UTF_8);
        if (from <= reservedTo && to >= reservedFrom) { // overlapping or adjacent: one range
            reservedFrom = Math.min(reservedFrom, from);
            reservedTo = Math.max(reservedTo, to);
        } else {
            reservedFrom = from;
            reservedTo = to;
        }
    }

    /** {@code othersMaySieve}: whether another rank may be data-sieving over this rank's runs meanwhile. */
    protected long transfer(Transfer t, boolean write, boolean othersMaySieve) throws IOException {
        Access a = t.access();
        if (a.runs() == 0) return 0;
        ArrayFile f = file(t);
        if (atomic) {
            try (EngineFile.RangeLock lock = f.lock(a.start(), a.end() - a.start(), !write)) {
                run(f, t, write, othersMaySieve);
            }
        } else {
            run(f, t, write, othersMaySieve);
        }
        return t.bytes();
    }

    private static void run(ArrayFile f, Transfer t, boolean write, boolean othersMaySieve) throws IOException {
        // a contiguous write is locked too when another rank may sieve over it: its read-modify-write of a
        // window would otherwise write back the old bytes of this run (ROMIO's contiguous writes take no
        // lock and share that lost update when sieving and contiguous ranks meet in one call)
        if (write) Independent.write(f, t, othersMaySieve);
        else Independent.read(f, t);
    }

    // ---- file-level operations ----------------------------------------------------------------------

    @Override public long size() throws IOException { return file(ByteOrder.nativeOrder()).size(); }

    @Override public boolean knownWithin(long end) {
        if (first.knownWithin(end)) return true;
        for (ArrayFile f : files.values()) if (f.knownWithin(end)) return true; // any of this rank's descriptors: one file
        return false;
    }

    /** Rank 0 truncates or extends; the caller's agreement orders it before any rank's next access. */
    @Override public void setSize(long size) throws IOException {
        if (comm.rank() == 0) file(ByteOrder.nativeOrder()).setLength(size);
        reservedFrom = Long.MAX_VALUE; // a truncation gives blocks back: reserve again (the reservation only speeds writes up)
        reservedTo = Long.MIN_VALUE;
    }

    @Override public void preallocate(long size) throws IOException {
        if (comm.rank() == 0) file(ByteOrder.nativeOrder()).preallocate(0, size);
    }

    /** Every rank flushes its own descriptors: on several hosts each page cache holds its own rank's writes. */
    @Override public void sync() throws IOException {
        for (ArrayFile f : files.values()) f.sync(true);
    }

    @Override public void setAtomicity(boolean on) { atomic = on; }

    @Override public Map<String, String> hints() { return hints(choice[1], choice[0], preallocateFailure); }

    /** The choices are immutable (a constant, a {@code Strategy.Choice}): kept now, their strings made later. */
    @Override public java.util.function.Supplier<Map<String, String>> hintsLater() {
        Object write = choice[1], read = choice[0];
        String p = preallocateFailure;
        return () -> hints(write, read, p);
    }

    /** The map of {@link #hints()} from the last write and read choices and the reservation's failure, if any. */
    protected Map<String, String> hints(Object writeChoice, Object readChoice, String preallocate) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(Hints.JPIO_ENGINE, options.engine().name());
        // the default engine: which it is and why those preferred to it could not run (a missing library, an old Java)
        org.jpio.engine.Engines.Choice picked = org.jpio.engine.Engines.choice();
        if (picked.engine() == options.engine()) h.put("jpio_engine_choice", picked.toString());
        if (!readable()) h.put("jpio_write_only", "the process may not read the file: no write sieving, no read-modify-write");
        if (preallocate != null) h.put(Hints.JPIO_PREALLOCATE, preallocate);
        if (writeChoice != null) h.put("jpio_cb_write_choice", writeChoice.toString());
        if (readChoice != null) h.put("jpio_cb_read_choice", readChoice.toString());
        return h;
    }

    @Override public void close() throws IOException {
        IOException failure = null;
        for (ArrayFile f : files.values()) {
            try {
                f.close();
            } catch (IOException e) {
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw failure;
    }
}
