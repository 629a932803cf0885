package org.jpio.parallel;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jpio.comm.CollectiveException;
import org.jpio.comm.Comm;
import org.jpio.comm.SharedMemory;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;
import org.jpio.engine.IoEngine;
import org.jpio.io.ElementType;
import org.jpio.romio.RomioBackend;
import org.jpio.romio.RomioFile;
import org.jpio.romio.Xfer;
import org.jpio.twophase.Aggregators;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * An MPI-IO file for Java: opened collectively by every rank of a {@link Comm}, seen through a
 * {@link FileView}, read and written independently ({@code readAt}/{@code writeAt}, data sieving for
 * noncontiguous views) or collectively ({@code readAll}/{@code writeAll}, two-phase aggregation), with an
 * individual file pointer per rank, as MPI_File_* does. Offsets and counts are in etypes of the view; a
 * buffer is a primitive array of the view's etype (or any primitive array under a byte etype).
 *
 * <p>Errors are collective: when a collective operation fails on some rank (a bad path, a bad view, a
 * full disk), every rank throws a {@link CollectiveException} naming each failed rank and its reason,
 * instead of leaving the others waiting; arguments MPI requires to be equal on all ranks are compared and
 * the differing ranks named. Bad arguments are found before any byte moves.
 *
 * <pre>{@code
 * LocalComm.run(4, comm -> {
 *     try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(CREATE, WRONLY), Hints.none())) {
 *         f.setView(new FileView(0, ElementType.INT, Datatype.darray(...), DataRep.NATIVE));
 *         f.writeAll(local, 0, local.length);
 *     }
 * });
 * }</pre>
 */
public final class ParallelFile implements AutoCloseable {
    private final Comm comm;
    private final Path path;
    private final Set<AccessMode> modes;
    private final Hints hints;
    private final ArrayFileOptions options;
    private final Map<ByteOrder, ArrayFile> files = new LinkedHashMap<>();
    private final Map<String, String> inEffect = new LinkedHashMap<>();
    private final int[] aggregators;
    private final int hostCount;
    /** The ROMIO backend's MPI file when {@code jpio_backend=romio}, else null (jpio's own I/O). */
    private final RomioFile romio;
    private FileView view = FileView.bytes();
    private long pointer;
    private boolean atomic;
    private boolean closed;
    /** Whether dense collective writes reserve their extents first (hint jpio_preallocate, settled at open). */
    private final boolean preallocates;

    private ParallelFile(Comm comm, Path path, Set<AccessMode> modes, Hints hints, ArrayFileOptions options, ArrayFile first, int[] aggregators, int hostCount, RomioFile romio) {
        this.hostCount = hostCount;
        this.romio = romio;
        this.comm = comm;
        this.path = path;
        this.modes = modes;
        this.hints = hints;
        this.options = options;
        this.aggregators = aggregators;
        this.preallocates = romio == null && preallocates(hints.preallocate(), path);
        inEffect.putAll(hints.asMap());
        if (romio != null) return;
        files.put(first.order(), first);
        inEffect.put(Hints.CB_NODES, Integer.toString(aggregators.length));
        inEffect.put("cb_aggregators", join(aggregators));
        inEffect.put(Hints.JPIO_ENGINE, first.engine().name());
    }

    /**
     * MPI_File_open: collective over {@code comm}; every rank passes the same path and modes. Rank 0
     * creates the file when asked (failing on an existing one with EXCL), then every rank opens it.
     */
    public static ParallelFile open(Comm comm, Path path, Set<AccessMode> modes, Hints hints) throws IOException {
        return open(comm, path, modes, hints, null);
    }

    /**
     * {@link #open(Comm, Path, Set, Hints)} with an I/O engine object instead of the {@code jpio_engine} hint:
     * an engine that is not in the registry, such as a {@code RecordingEngine} wrapping the default one to
     * see which calls the collective algorithms make.
     */
    public static ParallelFile open(Comm comm, Path path, Set<AccessMode> modes, Hints hints, IoEngine engine) throws IOException {
        String where = "open path=" + path;
        Set<AccessMode> m = null;
        ArrayFileOptions options = null;
        Throwable bad = null;
        try {
            if (path == null || hints == null) throw new IllegalArgumentException("open: path and hints must not be null");
            m = AccessMode.check(modes);
            options = options(hints);
            if (engine != null) options = options.withEngine(engine);
        } catch (IllegalArgumentException e) {
            bad = e;
        }
        comm.agree(where, bad);
        Path abs = path.toAbsolutePath().normalize();
        comm.requireSame(where, "path", abs.toString());
        comm.requireSame(where, "amode", new TreeSet<>(m).toString());
        comm.requireSame(where, "hints", hints.asMap().toString());
        if (hints.backend().equals(RomioBackend.NAME)) return openRomio(comm, abs, m, hints, options);
        if (comm.rank() == 0) {
            try {
                if (m.contains(AccessMode.EXCL) && Files.exists(abs))
                    throw new IOException("open: file exists and amode has EXCL: path=" + abs);
                if (m.contains(AccessMode.CREATE) && !Files.exists(abs)) Files.createFile(abs);
            } catch (IOException e) {
                bad = e;
            }
        }
        comm.agree(where, bad);
        ArrayFile f = null;
        try {
            if (!Files.exists(abs)) throw new NoSuchFileException(abs.toString(), null, "open: no such file (amode has no CREATE)");
            f = ArrayFile.open(abs, options, standard(m));
        } catch (IOException | RuntimeException e) {
            bad = e;
        }
        try {
            comm.agree(where, bad);
        } catch (CollectiveException e) {
            if (f != null) f.close();
            throw e;
        }
        String[] hosts = new String[comm.size()];
        byte[][] names = comm.allgatherBytes(comm.hostName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (int r = 0; r < hosts.length; r++) hosts[r] = new String(names[r], java.nio.charset.StandardCharsets.UTF_8);
        // cb_nodes alone (cb_config_list left at its default *:1) asks for that many aggregators even on one
        // host, which is what users setting it expect; an explicit cb_config_list is followed as ROMIO does
        String config = hints.cbNodes() > 0 && Aggregators.DEFAULT_CONFIG_LIST.equals(hints.cbConfigList()) ? "*:*" : hints.cbConfigList();
        int[] aggs = Aggregators.choose(hosts, hints.cbNodes(), config);
        return new ParallelFile(comm, abs, m, hints, options, f, aggs, new java.util.HashSet<>(java.util.List.of(hosts)).size(), null);
    }

    /**
     * {@code jpio_backend=romio}: MPI_File_open through the ROMIO bridge on the same communicator (it must be
     * an MpiComm; under LocalComm every rank gets the bridge's reason). Only the hints the program or the
     * hints file changed from ROMIO's defaults are passed on, so ROMIO applies its own defaults as in C.
     */
    private static ParallelFile openRomio(Comm comm, Path abs, Set<AccessMode> m, Hints hints, ArrayFileOptions options) {
        RomioFile rf = null;
        Throwable bad = null;
        try {
            Set<RomioFile.Amode> am = EnumSet.noneOf(RomioFile.Amode.class);
            for (AccessMode a : m) am.add(RomioFile.Amode.valueOf(a.name()));
            Map<String, String> given = new LinkedHashMap<>();
            Map<String, String> defaults = Hints.defaults().asMap();
            hints.asMap().forEach((k, v) -> { if (!k.startsWith("jpio_") && !v.equals(defaults.get(k))) given.put(k, v); });
            rf = RomioFile.open(comm, abs.toString(), am, given);
        } catch (IOException | RuntimeException e) {
            bad = e;
        }
        comm.agree("open path=" + abs + " jpio_backend=romio", bad);
        return new ParallelFile(comm, abs, m, hints, options, null, new int[0], 0, rf);
    }

    /** {@code automatic}: on ext4 and xfs, the file systems with delayed allocation that the reservation helps. */
    private static boolean preallocates(Hints.Mode mode, Path path) {
        if (mode != Hints.Mode.AUTOMATIC) return mode == Hints.Mode.ENABLE;
        try {
            String type = Files.getFileStore(path).type();
            return type.equals("ext4") || type.equals("xfs");
        } catch (IOException e) {
            return false; // the file system is not known: no reservation, as with disable
        }
    }

    private static ArrayFileOptions options(Hints h) {
        ArrayFileOptions o = ArrayFileOptions.defaults();
        if (h.engine() != null) o = o.withEngine(h.engine());
        return o.withSieving(h.dsRead() != Hints.Mode.DISABLE, h.dsWrite() != Hints.Mode.DISABLE)
                .withSieveBuffers(h.indRdBufferSize(), h.indWrBufferSize());
    }

    private static Set<StandardOpenOption> standard(Set<AccessMode> m) {
        Set<StandardOpenOption> s = EnumSet.noneOf(StandardOpenOption.class);
        if (m.contains(AccessMode.RDONLY) || m.contains(AccessMode.RDWR)) s.add(StandardOpenOption.READ);
        if (m.contains(AccessMode.WRONLY) || m.contains(AccessMode.RDWR)) s.add(StandardOpenOption.WRITE);
        return s;
    }

    public Path path() { return path; }

    public Comm comm() { return comm; }

    public Set<AccessMode> modes() { return modes; }

    public FileView view() { return view; }

    /**
     * The hints in effect (MPI_File_get_info), defaults included, with what jpio settled: {@code cb_nodes}
     * and {@code cb_aggregators} (the aggregator ranks), {@code jpio_engine}, and after a collective
     * transfer {@code jpio_cb_write_choice}/{@code jpio_cb_read_choice}: two-phase or independent, and why;
     * after a two-phase transfer {@code jpio_cb_exchange}: {@code shared memory} or {@code messages}; and
     * {@code jpio_preallocate} replaced by {@code failed: reason} when a reservation failed.
     */
    public Map<String, String> hints() {
        if (romio == null) return Map.copyOf(inEffect);
        Map<String, String> h = new LinkedHashMap<>(inEffect);
        try {
            h.putAll(romio.hints()); // MPI_File_get_info: what ROMIO has in effect
        } catch (IOException e) {
            h.put("jpio_romio_get_info", "failed: " + e.getMessage());
        }
        return Map.copyOf(h);
    }

    // ---- views and the file pointer -------------------------------------------------------------------

    /** MPI_File_set_view: collective; every rank must pass the same etype and representation. Resets the file pointer. */
    public void setView(FileView v) {
        ensureOpen("set_view");
        Throwable bad = v == null ? new IllegalArgumentException("set_view: view is null: path=" + path) : null;
        comm.agree("set_view path=" + path, bad);
        comm.requireSame("set_view path=" + path, "etype", v.etype().name());
        comm.requireSame("set_view path=" + path, "datarep", v.representation().datarep());
        if (romio != null) {
            Throwable failed = null;
            try {
                romio.setView(v, Map.of());
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
            comm.agree("set_view path=" + path + " jpio_backend=romio", failed);
        }
        view = v;
        pointer = 0;
    }

    /** The individual file pointer, in etypes (MPI_File_get_position). */
    public long position() { return pointer; }

    /** MPI_File_seek with MPI_SEEK_SET. */
    public void seek(long offset) {
        if (offset < 0) throw new IllegalArgumentException("seek: offset=" + offset + " must be >= 0: path=" + path + " rank=" + comm.rank());
        pointer = offset;
    }

    /** MPI_File_get_byte_offset: the absolute file offset of view offset {@code offset}. */
    public long byteOffset(long offset) { return view.byteOffset(offset); }

    // ---- independent transfers --------------------------------------------------------------------------

    public void writeAt(long offset, Object array, int index, int count) throws IOException {
        if (romio != null) { check("write_at", offset, array, index, count); romio(Xfer.WRITE_AT, offset, array, index, count); return; }
        Access a = access("write_at", offset, array, index, count);
        transferIndependent(a, array, index, true, true); // independent: other ranks may be sieving at any time
    }

    public void readAt(long offset, Object array, int index, int count) throws IOException {
        if (romio != null) { check("read_at", offset, array, index, count); romio(Xfer.READ_AT, offset, array, index, count); return; }
        Access a = access("read_at", offset, array, index, count);
        transferIndependent(a, array, index, false, false);
    }

    /** One transfer on the ROMIO backend; a read that MPI ends early (end of file) is an EOFException. */
    private void romio(Xfer op, long offset, Object array, int index, int count) throws IOException {
        int moved = romio.transfer(op, offset, array, index, count);
        if (moved != count)
            throw new java.io.EOFException(op.mpiName() + " moved " + moved + " of " + count + " elements (end of file): path=" + path
                    + " rank=" + comm.rank() + " offset=" + offset);
    }

    /** Writes at the individual file pointer and advances it. */
    public void write(Object array, int index, int count) throws IOException {
        writeAt(pointer, array, index, count);
        pointer += etypes(array, count);
    }

    public void read(Object array, int index, int count) throws IOException {
        readAt(pointer, array, index, count);
        pointer += etypes(array, count);
    }

    // ---- collective transfers ---------------------------------------------------------------------------

    public void writeAtAll(long offset, Object array, int index, int count) throws IOException {
        collective("write_at_all", offset, array, index, count, true);
    }

    public void readAtAll(long offset, Object array, int index, int count) throws IOException {
        collective("read_at_all", offset, array, index, count, false);
    }

    /** Collective write at the individual file pointer, which advances (MPI_File_write_all). */
    public void writeAll(Object array, int index, int count) throws IOException {
        collective("write_all", pointer, array, index, count, true);
        pointer += etypes(array, count);
    }

    public void readAll(Object array, int index, int count) throws IOException {
        collective("read_all", pointer, array, index, count, false);
        pointer += etypes(array, count);
    }

    /** Whole-array forms. */
    public void writeAll(Object array) throws IOException { writeAll(array, 0, ElementType.of(array).length(array)); }

    public void readAll(Object array) throws IOException { readAll(array, 0, ElementType.of(array).length(array)); }

    private void collective(String op, long offset, Object array, int index, int count, boolean write) throws IOException {
        ensureOpen(op);
        String where = op + " path=" + path;
        Access a = null;
        Throwable bad = null;
        try {
            if (romio != null) check(op, offset, array, index, count);
            else a = access(op, offset, array, index, count);
        } catch (IllegalArgumentException | IllegalStateException e) {
            bad = e;
        }
        if (romio != null) {
            comm.agree(where, bad);
            IOException failed = null;
            try {
                romio(write ? Xfer.WRITE_AT_ALL : Xfer.READ_AT_ALL, offset, array, index, count);
            } catch (IOException e) {
                failed = e;
            }
            inEffect.put(write ? "jpio_cb_write_choice" : "jpio_cb_read_choice", "romio (MPI_File_" + (write ? "write" : "read") + "_at_all)");
            comm.agree(where + " jpio_backend=romio", failed);
            return;
        }
        // the argument check's outcome travels in the extent exchange: one collective before the transfer
        // instead of three (agree's two and the exchange); on 2 cores under 4 ranks each costs milliseconds
        long[] mine = new long[Aggregation.FIELDS];
        if (bad != null) {
            mine[Aggregation.FAILED] = 1;
        } else {
            mine[Aggregation.START] = a.start;
            mine[Aggregation.END] = a.end;
            mine[Aggregation.BYTES] = a.bytes;
            mine[Aggregation.RUNS] = a.runs;
            mine[Aggregation.RESIDUES] = a.residues;
            mine[Aggregation.TYPE] = a.type.ordinal();
            mine[Aggregation.SMALL_RUNS] = a.smallRuns;
        }
        long[] all = new long[mine.length * comm.size()];
        comm.allgather(mine, 0, mine.length, all, 0);
        if (Aggregation.anyFailed(all)) comm.agree(where, bad); // every rank sees the flag, so all exchange the reasons and throw
        Strategy.Choice choice = choose(all, a.type, write);
        inEffect.put(write ? "jpio_cb_write_choice" : "jpio_cb_read_choice", choice.toString());
        boolean reserve = write && preallocates && a.bytes > 0 && Aggregation.dense(all);
        IOException failure = null;
        if (choice.twoPhase()) {
            TwoPhase.Plan plan = Aggregation.plan(all, aggregators, hints.stripingUnit(), hints.cbBufferSize(), a.type.size());
            Access acc = a;
            SharedMemory shared = sharedCycleBuffers();
            inEffect.put("jpio_cb_exchange", shared != null ? "shared memory" : "messages");
            if (reserve) reserve(a);
            if (shared != null) {
                SharedTwoPhase tp = new SharedTwoPhase(comm, shared, file(), plan, a.type, hints.cbBufferSize());
                failure = write ? tp.write(() -> acc.runs(), a.start, a.end, array, index)
                                : tp.read(() -> acc.runs(), a.start, a.end, array, index);
            } else {
                TwoPhase tp = new TwoPhase(comm, file(), plan, a.type, Scratch.forThisThread());
                failure = write ? tp.write(() -> acc.runs(), a.start, a.end, array, index)
                                : tp.read(() -> acc.runs(), a.start, a.end, array, index);
            }
        } else {
            if (reserve) reserve(a);
            try {
                // the runs need locks only against sieving writers; in a collective call those are the other
                // ranks of this call, and when none of them has a run short enough to sieve, nobody sieves
                transferIndependent(a, array, index, write, Aggregation.anySieves(all));
            } catch (IOException e) {
                failure = e;
            }
        }
        agreeAfter(where, failure);
    }

    /**
     * Reserves this rank's extent before a dense collective write (hint {@code jpio_preallocate}). On ext4
     * the coll_perf write of a new file at N = 4 went from 1600-1800 to 2500-2700 MiB/s: delayed allocation
     * otherwise reserves blocks page by page inside the write. The ranks' extents may overlap; reserving a
     * range twice is harmless. Only a hint: a failure is reported in {@code jpio_preallocate} of
     * {@link #hints()} and the write goes on (a real lack of space then fails the write, with its offset).
     */
    private void reserve(Access a) {
        try {
            file().preallocate(a.start, a.end - a.start);
        } catch (IOException e) {
            inEffect.put(Hints.JPIO_PREALLOCATE, "failed: " + e.getMessage());
        }
    }

    /**
     * The memory for the aggregators' cycle buffers when the ranks share it (hint {@code jpio_cb_shared}),
     * else null: two-phase then exchanges messages. Every rank reaches the same answer (same hints, same
     * hosts), as the collective allocation needs.
     */
    private SharedMemory sharedCycleBuffers() {
        Hints.Mode mode = hints.cbShared();
        if (mode == Hints.Mode.DISABLE) return null;
        SharedMemory s = hostCount == 1 ? comm.shared(SharedTwoPhase.parts(comm.size(), aggregators, hints.cbBufferSize())) : null;
        if (s == null && mode == Hints.Mode.ENABLE)
            throw new IllegalStateException("jpio_cb_shared=enable but the ranks cannot share memory: path=" + path + " rank=" + comm.rank()
                    + (hostCount > 1 ? " hosts=" + hostCount : " communicator=" + comm.getClass().getSimpleName() + " has no shared memory"));
        return s;
    }

    /**
     * {@link Comm#agree} after a transfer in one collective when every rank succeeded (agree itself takes
     * two): the failure flags are or-ed, and only if some rank failed do all exchange their reasons.
     */
    private void agreeAfter(String where, Throwable failure) {
        int[] failed = {failure == null ? 0 : 1}, any = new int[1];
        comm.allreduce(failed, any, 1, Comm.Op.MAX);
        if (any[0] != 0) comm.agree(where, failure);
    }

    private Strategy.Choice choose(long[] all, ElementType type, boolean write) {
        long bytes = 0, runs = 0;
        int n = comm.size();
        for (int r = 0; r < n; r++) {
            long[] e = Aggregation.extent(all, r);
            if (e[Aggregation.TYPE] != type.ordinal())
                throw new CollectiveException("collective transfer path=" + path, java.util.List.of("buffer element type must be equal on all ranks: rank=" + r
                        + " type=" + ElementType.values()[(int) e[Aggregation.TYPE]] + " but rank=" + comm.rank() + " type=" + type), null);
            bytes += e[Aggregation.BYTES];
            runs += e[Aggregation.RUNS];
        }
        if (hints.backend().equals("independent")) return new Strategy.Choice(false, "jpio_backend=independent");
        // as ROMIO: in atomic mode each rank's access is one locked independent transfer, never split
        // between aggregators and cycles where another rank could see half of it
        if (atomic) return new Strategy.Choice(false, "atomic mode: independent I/O under byte-range locks");
        boolean aligned = Long.bitCount(Aggregation.residues(all)) <= 1;
        Strategy.Pattern p = new Strategy.Pattern(bytes, runs, Aggregation.interleaved(all), aligned, hostCount, hints.stripingUnit());
        return Strategy.choose(write ? hints.cbWrite() : hints.cbRead(), p);
    }

    /** {@code othersMaySieve}: whether another rank may be data-sieving over this rank's runs meanwhile. */
    private void transferIndependent(Access a, Object array, int index, boolean write, boolean othersMaySieve) throws IOException {
        ArrayFile f = file();
        if (a.bytes == 0) return;
        if (atomic) {
            try (var lock = f.lock(a.start, a.end - a.start, !write)) {
                run(f, a, array, index, write, othersMaySieve);
            }
        } else {
            run(f, a, array, index, write, othersMaySieve);
        }
    }

    private static void run(ArrayFile f, Access a, Object array, int index, boolean write, boolean othersMaySieve) throws IOException {
        // a contiguous access takes no lock, as ROMIO's contiguous writes take none
        if (write) Independent.write(f, a.runs(), array, index, othersMaySieve && a.runs > 1);
        else Independent.read(f, a.runs(), array, index);
    }

    // ---- file-level operations ----------------------------------------------------------------------

    public long size() throws IOException {
        ensureOpen("get_size");
        return romio != null ? romio.size() : file().size();
    }

    /** MPI_File_set_size: collective; truncates or extends. */
    public void setSize(long size) throws IOException {
        rootThenAgree("set_size size=" + size, size < 0 ? new IllegalArgumentException("set_size: size=" + size + " must be >= 0") : null,
                () -> file().setLength(size), () -> romio.setSize(size));
    }

    /** MPI_File_preallocate: collective; reserves disk blocks for the first {@code size} bytes. */
    public void preallocate(long size) throws IOException {
        rootThenAgree("preallocate size=" + size, size < 0 ? new IllegalArgumentException("preallocate: size=" + size + " must be >= 0") : null,
                () -> file().preallocate(0, size), () -> romio.preallocate(size));
    }

    /** MPI_File_sync: collective; data and metadata of every rank's writes reach the device. */
    public void sync() throws IOException {
        ensureOpen("sync");
        IOException failure = null;
        try {
            if (romio != null) romio.sync();
            for (ArrayFile f : files.values()) f.sync(true);
        } catch (IOException e) {
            failure = e;
        }
        comm.agree("sync path=" + path, failure);
    }

    /**
     * MPI_File_set_atomicity: collective. In atomic mode each independent transfer holds a byte-range lock
     * over its extent (shared for reads), so concurrent overlapping accesses see all or nothing of each other.
     */
    public void setAtomicity(boolean on) {
        ensureOpen("set_atomicity");
        comm.requireSame("set_atomicity path=" + path, "flag", Boolean.toString(on));
        if (romio != null && on)
            throw new UnsupportedOperationException("set_atomicity(true) is not bridged to MPI_File_set_atomicity on jpio_backend=romio: path=" + path);
        atomic = on;
    }

    public boolean atomicity() { return atomic; }

    /** MPI_File_close: collective; with DELETE_ON_CLOSE rank 0 deletes the file once every rank has closed it. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        IOException failure = null;
        if (romio != null) {
            try {
                romio.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        for (ArrayFile f : files.values()) {
            try {
                f.close();
            } catch (IOException e) {
                if (failure == null) failure = e;
            }
        }
        comm.agree("close path=" + path, failure);
        if (modes.contains(AccessMode.DELETE_ON_CLOSE) && romio == null) { // MPI deletes it itself
            IOException del = null;
            if (comm.rank() == 0) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    del = e;
                }
            }
            comm.agree("close (delete on close) path=" + path, del);
        }
    }

    private interface IoAction { void run() throws IOException; }

    /** jpio: rank 0 acts; ROMIO: every rank calls the (collective) MPI function. Then every rank agrees. */
    private void rootThenAgree(String op, IllegalArgumentException bad, IoAction action, IoAction romioAction) throws IOException {
        ensureOpen(op);
        comm.agree(op + " path=" + path, bad);
        IOException failure = null;
        if (romio != null) {
            try {
                romioAction.run();
            } catch (IOException e) {
                failure = e;
            }
        } else if (comm.rank() == 0) {
            try {
                action.run();
            } catch (IOException e) {
                failure = e;
            }
        }
        comm.agree(op + " path=" + path, failure);
    }

    // ---- arguments --------------------------------------------------------------------------------------

    /** One rank's access of one call: its runs, bounds, and the facts the automatic choice needs. */
    private final class Access {
        final FileView v;
        final ElementType type;
        final long from, bytes;
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE, runs, residues;
        /** Runs short enough to go through data sieving ({@link Independent#LARGE_RUN}). */
        long smallRuns;

        Access(FileView v, ElementType type, long from, long bytes) {
            this.v = v;
            this.type = type;
            this.from = from;
            this.bytes = bytes;
            RunCursor c = runs();
            while (c.next()) {
                if (c.length() == 0) continue;
                if (c.length() % type.size() != 0)
                    throw new IllegalArgumentException("view run at offset=" + c.offset() + " length=" + c.length()
                            + " splits a " + type + " element: path=" + path + " rank=" + comm.rank());
                start = Math.min(start, c.offset());
                end = Math.max(end, c.offset() + c.length());
                runs++;
                if (c.length() < Independent.LARGE_RUN) smallRuns++;
                residues |= 1L << (c.offset() % type.size());
            }
            if (runs == 0) { start = 0; end = 0; }
        }

        RunCursor runs() { return v.runsOfBytes(from, bytes); }
    }

    private Access access(String op, long offset, Object array, int index, int count) {
        ElementType t = check(op, offset, array, index, count);
        long from = Math.multiplyExact(offset, view.etype().size());
        long bytes = (long) count << t.shift();
        return new Access(view, t, from, bytes);
    }

    /** The argument checks of every transfer, before any byte moves; returns the buffer's element type. */
    private ElementType check(String op, long offset, Object array, int index, int count) {
        ensureOpen(op);
        if (array == null) throw new IllegalArgumentException(op + ": buffer is null: path=" + path + " rank=" + comm.rank());
        ElementType t = ElementType.of(array);
        if (offset < 0 || count < 0)
            throw new IllegalArgumentException(op + ": offset=" + offset + " count=" + count + " must be >= 0: path=" + path + " rank=" + comm.rank());
        if (index < 0 || index > t.length(array) - count)
            throw new IllegalArgumentException(op + ": array of length=" + t.length(array) + " has no elements [" + index + ", " + ((long) index + count)
                    + "): path=" + path + " rank=" + comm.rank() + " offset=" + offset + " count=" + count);
        if (view.etype() != ElementType.BYTE && view.etype() != t)
            throw new IllegalArgumentException(op + ": buffer of " + t + " does not match the view's etype=" + view.etype() + ": path=" + path + " rank=" + comm.rank());
        boolean writing = op.startsWith("write");
        if (writing && modes.contains(AccessMode.RDONLY))
            throw new IllegalStateException(op + ": file opened RDONLY: path=" + path + " rank=" + comm.rank());
        if (!writing && modes.contains(AccessMode.WRONLY))
            throw new IllegalStateException(op + ": file opened WRONLY: path=" + path + " rank=" + comm.rank());
        return t;
    }

    private long etypes(Object array, int count) {
        return ((long) count << ElementType.of(array).shift()) / view.etype().size();
    }

    /** The ArrayFile for the view's representation; a second descriptor is opened for the other byte order. */
    private ArrayFile file() throws IOException {
        ByteOrder o = view.representation().byteOrder();
        ArrayFile f = files.get(o);
        if (f == null) {
            f = ArrayFile.open(path, options.withOrder(o), standard(modes));
            files.put(o, f);
        }
        return f;
    }

    private void ensureOpen(String op) {
        if (closed) throw new IllegalStateException(op + ": file is closed: path=" + path + " rank=" + comm.rank());
    }

    private static String join(int[] a) {
        StringBuilder b = new StringBuilder();
        for (int x : a) b.append(b.length() == 0 ? "" : ",").append(x);
        return b.toString();
    }
}
