package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.driver.FileDriver;
import org.jpio.engine.IoEngine;
import org.jpio.io.FileClosedException;
import org.jpio.view.FileView;

/**
 * An MPI-IO file for Java: opened collectively by every rank of a {@link Comm}, seen through a
 * {@link FileView}, read and written independently ({@code readAt}/{@code writeAt}) or collectively
 * ({@code readAll}/{@code writeAll}), with an individual file pointer per rank, as MPI_File_* does.
 * Offsets and counts are in etypes of the view; the memory side is {@link Elements} of a primitive array
 * of the view's etype (any primitive array under the byte etype). Transfers return the elements moved.
 *
 * <p>This class is MPI-IO's own layer (ROMIO's {@code mpi-io/}): collective open, argument checks, error
 * agreement, the file pointer and the view. The bytes are moved by a {@link FileDriver} chosen by the
 * {@code jpio_backend} hint ({@link Drivers}): jpio's two-phase (default), independent, or ROMIO. The
 * transfers run in {@link Routines}, the other collective operations (set_view, set_info, set_size, sync,
 * close ...) in {@link FileOps}.
 *
 * <p>The rest of MPI-IO's data access: nonblocking transfers ({@code iwriteAll} ... returning a
 * {@link Request} that progresses on the file's background thread), split collectives
 * ({@code writeAllBegin}/{@code writeAllEnd}, one outstanding per file), the shared file pointer
 * ({@code writeShared}, {@code writeOrdered}, {@code seekShared}), data representations ({@code native},
 * {@code internal}, {@code external32}) and transfer counts (a read at the end of the file returns fewer
 * elements).
 *
 * <p>Errors are collective. Every rank checks its arguments and all ranks agree before any byte moves: if
 * any rank's check failed, every rank throws a {@link org.jpio.comm.CollectiveException} naming each
 * failed rank and why. A collective call that fails at I/O on any rank throws a
 * {@link org.jpio.comm.CollectiveIOException} (an IOException) on every rank. Values MPI requires to be
 * equal on all ranks are compared and the differing ranks named. A closed file and a wrong access mode
 * are refused as the JDK's channels refuse them ({@link FileClosedException}, {@code NonWritableChannelException},
 * {@code NonReadableChannelException}).
 *
 * <pre>{@code
 * try (ParallelFile f = ParallelFile.open(comm, path, EnumSet.of(Amode.CREATE, Amode.WRONLY))) {
 *     f.setView(new FileView(0, ElementType.INT, Datatype.darray(...), DataRep.NATIVE));
 *     f.writeAll(Elements.of(local));
 * }
 * }</pre>
 */
public final class ParallelFile implements AutoCloseable {
    private final Routines r;
    private final FileOps ops;

    ParallelFile(Routines r) {
        this.r = r;
        this.ops = new FileOps(r);
    }

    /** MPI_File_open without an MPI_Info: ROMIO's defaults and the {@code ROMIO_HINTS} file ({@link Hints#fromEnvironment()}). */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode) throws IOException {
        return open(comm, path, amode, Hints.fromEnvironment());
    }

    /**
     * MPI_File_open: collective over {@code comm}; every rank passes the same path, modes and hints. Rank 0
     * creates the file when asked (failing on an existing one with EXCL), sets the stripe layout the hints
     * ask for on it, and reads the layout, which supplies striping_unit/striping_factor where the hints
     * leave them at their defaults ({@link #layout()}, {@link #hintSources()}); then the driver named by
     * {@code jpio_backend} opens the file.
     */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints) throws IOException {
        return Opening.open(comm, path, amode, hints, null, null);
    }

    /**
     * {@link #open(Comm, Path, Set, Hints)} with an I/O engine object instead of the {@code jpio_engine} hint:
     * an engine that is not in the registry, such as a {@code RecordingEngine} wrapping the default one to
     * see which calls the collective algorithms make.
     */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine) throws IOException {
        return Opening.open(comm, path, amode, hints, engine, null);
    }

    /** {@link #open(Comm, Path, Set, Hints)} through a driver that is not in the registry (a {@code RecordingDriver}). */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints, FileDriver.Factory driver) throws IOException {
        return Opening.open(comm, path, amode, hints, null, driver);
    }

    /**
     * MPI_File_delete: removes the file (not collective; call it on one rank). With {@code jpio_backend=romio}
     * in the hints, through the MPI library.
     */
    public static void delete(Path path, Hints hints) throws IOException {
        if (path == null || hints == null) throw new IllegalArgumentException("delete: path and hints must not be null");
        if (hints.backend().equals(org.jpio.romio.RomioBackend.NAME)) org.jpio.romio.RomioFile.delete(path.toString(), hints.asMap());
        else Files.delete(path);
    }

    public Path path() { return r.path; }

    /** MPI_File_get_group: the communicator the file was opened on. */
    public Comm comm() { return r.given; }

    /**
     * What this file's calls have cost this rank since it was opened, open included: collective
     * operations and bytes exchanged with other ranks ({@link CountingComm.Counts}). A call's own cost is
     * the difference of two snapshots. Also in {@link #hints()} as {@code jpio_count_*}. Local.
     */
    public CountingComm.Counts counts() { return r.comm.counts(); }

    /** MPI_File_get_amode. */
    public Set<Amode> amode() { return r.amode; }

    public FileView view() { return r.view; }

    /** The driver's name ({@code jpio_backend}). */
    public String driver() { return r.driver.name(); }

    /**
     * MPI_File_get_info: the hints in effect, defaults included, with what the driver settled: for jpio's
     * drivers {@code cb_nodes} and {@code romio_aggregator_list} (the aggregator ranks, as ROMIO names
     * them), {@code jpio_engine} (with {@code jpio_engine_choice} for the default engine: why it, and why not
     * those preferred to it), and after a collective transfer {@code jpio_cb_write_choice} /
     * {@code jpio_cb_read_choice} (which path ran, and why) and {@code jpio_cb_exchange} ({@code shared
     * memory} or {@code messages}); {@code jpio_preallocate} becomes {@code failed: reason} when a
     * reservation failed. For ROMIO, what MPI_File_get_info reports.
     */
    public Map<String, String> hints() { return render(r.hints, r.driver.hints(), r.comm.counts(), r.calls); }

    /**
     * {@link #hints()} as they are now, made into strings only when the map is first read, which may be
     * after close or after later calls: what they are made of (the hints, the driver's last choices, the
     * counts) is taken now. For callers that keep a report of every call and seldom read one.
     */
    public Map<String, String> hintsWhenRead() {
        Hints hints = r.hints;
        java.util.function.Supplier<Map<String, String>> driver = r.driver.hintsLater();
        CountingComm.Counts c = r.comm.counts();
        long calls = r.calls;
        return new RenderedHints(() -> render(hints, driver.get(), c, calls));
    }

    private Map<String, String> render(Hints hints, Map<String, String> driver, CountingComm.Counts c, long calls) {
        Map<String, String> h = new LinkedHashMap<>(hints.asMap());
        h.put(Hints.JPIO_BACKEND, r.driver.name());
        if (r.layout.applied() != null) h.put(JPIO_LAYOUT_SET, r.layout.applied().toString());
        h.putAll(driver);
        h.putIfAbsent(Hints.JPIO_WATCHDOG_TIMEOUT, Long.toString(hints.watchdogMillis() / 1000));
        List<String> unknown = hints.unknown();
        if (!unknown.isEmpty())
            h.put(Hints.JPIO_UNKNOWN_HINTS, String.join(",", unknown) + ": not hints jpio or ROMIO knows, so they do nothing (ROMIO ignores them without a word)");
        CountingComm.Counts open = r.openCounts;
        h.put("jpio_count_open_collectives", Long.toString(open.collectives()));
        h.put("jpio_count_calls", Long.toString(calls));
        h.put("jpio_count_collectives", Long.toString(c.collectives()));
        h.put("jpio_count_exchanged_bytes", Long.toString(c.exchangedBytes()));
        return Map.copyOf(h);
    }

    /** Hint key reporting whether the striping_unit/striping_factor the program gave were set on the new file, and how, or why not. */
    public static final String JPIO_LAYOUT_SET = "jpio_layout_set";

    /**
     * Where each value of {@link #hints()} came from: {@code default}, {@code hints file}, {@code user},
     * {@code file system (call that read it)}, or {@code driver} for what the driver settled at open or in
     * the last collective transfer (cb_nodes, the aggregators, the choices made), and {@code open} for
     * {@value #JPIO_LAYOUT_SET}.
     */
    public Map<String, String> hintSources() {
        Map<String, String> settled = r.driver.hints();
        Map<String, String> out = new java.util.TreeMap<>();
        for (String k : hints().keySet()) {
            if (settled.containsKey(k)) out.put(k, "driver");
            else if (k.equals(JPIO_LAYOUT_SET)) out.put(k, "open");
            else out.put(k, r.hints.source(k) != null ? r.hints.source(k) : Hints.SOURCE_DEFAULT);
        }
        return out;
    }

    /** The stripe layout read at open (of the file; of its directory only when it did not exist and amode had no CREATE). */
    public org.jpio.layout.StripeLayout layout() { return r.layout.layout(); }

    /**
     * MPI_File_set_info: collective; every rank passes the same hints. What transfers read per call
     * (cb_buffer_size, romio_cb_read/write, jpio_cb_shared, jpio_short_reads, striping_unit) takes effect
     * for the next transfers; what was settled at open (jpio_backend, the engine, cb_nodes,
     * cb_config_list, the sieving buffers) stays, as ROMIO ignores such hints after open.
     */
    public void setInfo(Map<String, String> more) throws IOException { ops.setInfo(more); }

    // ---- views and file pointers ----------------------------------------------------------------------

    /**
     * MPI_File_set_view: collective; every rank must pass the same etype and representation. Resets the
     * individual and the shared file pointer to 0.
     */
    public void setView(FileView v) throws IOException { ops.setView(v); }

    /** MPI_File_get_position: the individual file pointer, an offset in etypes of the view. */
    public long pointer() { return r.pointer; }

    /** MPI_File_seek with MPI_SEEK_SET: moves the individual file pointer to {@code offset} (etypes). */
    public void seek(long offset) {
        if (offset < 0) throw new IllegalArgumentException("seek: offset=" + offset + " must be >= 0: path=" + r.path + " rank=" + r.comm.rank());
        r.pointer = offset;
    }

    /** MPI_File_get_position_shared: the shared file pointer, an offset in etypes of the view. */
    public long positionShared() throws IOException {
        r.ensureOpen("get_position_shared", -1);
        return r.shared.position("get_position_shared");
    }

    /** MPI_File_seek_shared with MPI_SEEK_SET: collective; every rank passes the same offset. */
    public void seekShared(long offset) throws IOException { ops.seekShared(offset); }

    /** MPI_File_get_byte_offset: the absolute position (bytes) in the file of view offset {@code offset}. */
    public long positionOf(long offset) { return r.view.byteOffset(offset); }

    /** MPI_File_get_type_extent: bytes an element of {@code type} takes in the file's data representation. */
    public long typeExtent(org.jpio.io.ElementType type) { return r.view.representation().extent(type); }

    // ---- transfers: MPI's eight routines, by positioning and coordination, each blocking and nonblocking.
    // Blocking ones return the elements moved; nonblocking ones a Request that progresses on the file's
    // background thread (a collective one on a duplicate communicator), the buffer theirs until it completes.

    /** MPI_File_write_at; returns the elements written. */
    public int writeAt(long offset, Elements e) throws IOException { return r.transfer(Xfer.WRITE_AT, offset, e); }

    /** MPI_File_iwrite_at. */
    public Request iwriteAt(long offset, Elements e) throws IOException { return r.start(Xfer.WRITE_AT, offset, e); }

    /** MPI_File_read_at; returns the elements read (fewer at the end of the file). */
    public int readAt(long offset, Elements e) throws IOException { return r.transfer(Xfer.READ_AT, offset, e); }

    /** MPI_File_iread_at. */
    public Request ireadAt(long offset, Elements e) throws IOException { return r.start(Xfer.READ_AT, offset, e); }

    /** MPI_File_write: at the individual file pointer, which advances. */
    public int write(Elements e) throws IOException { return r.transfer(Xfer.WRITE, 0, e); }

    /** MPI_File_iwrite: at the individual file pointer, which advances by the elements requested now. */
    public Request iwrite(Elements e) throws IOException { return r.start(Xfer.WRITE, 0, e); }

    /** MPI_File_read: at the individual file pointer, which advances by the elements read. */
    public int read(Elements e) throws IOException { return r.transfer(Xfer.READ, 0, e); }

    /** MPI_File_iread: at the individual file pointer, which advances by the elements requested now. */
    public Request iread(Elements e) throws IOException { return r.start(Xfer.READ, 0, e); }

    /** MPI_File_write_at_all (collective). */
    public int writeAtAll(long offset, Elements e) throws IOException { return r.transfer(Xfer.WRITE_AT_ALL, offset, e); }

    /** MPI_File_iwrite_at_all (collective, MPI-3.1). */
    public Request iwriteAtAll(long offset, Elements e) throws IOException { return r.start(Xfer.WRITE_AT_ALL, offset, e); }

    /** MPI_File_read_at_all (collective). */
    public int readAtAll(long offset, Elements e) throws IOException { return r.transfer(Xfer.READ_AT_ALL, offset, e); }

    /** MPI_File_iread_at_all (collective, MPI-3.1). */
    public Request ireadAtAll(long offset, Elements e) throws IOException { return r.start(Xfer.READ_AT_ALL, offset, e); }

    /** MPI_File_write_all (collective): at the individual file pointer, which advances. */
    public int writeAll(Elements e) throws IOException { return r.transfer(Xfer.WRITE_ALL, 0, e); }

    /** MPI_File_iwrite_all (collective, MPI-3.1): at the individual file pointer, which advances now. */
    public Request iwriteAll(Elements e) throws IOException { return r.start(Xfer.WRITE_ALL, 0, e); }

    /** MPI_File_read_all (collective): at the individual file pointer, which advances. */
    public int readAll(Elements e) throws IOException { return r.transfer(Xfer.READ_ALL, 0, e); }

    /** MPI_File_iread_all (collective, MPI-3.1): at the individual file pointer, which advances now. */
    public Request ireadAll(Elements e) throws IOException { return r.start(Xfer.READ_ALL, 0, e); }

    // ---- split collectives: one outstanding per file ----------------------------------------------------

    /** MPI_File_write_all_begin. */
    public void writeAllBegin(Elements e) throws IOException { r.begin("write_all", iwriteAll(e)); }

    /** MPI_File_write_all_end: the elements written. */
    public int writeAllEnd() throws IOException { return r.end("write_all"); }

    /** MPI_File_read_all_begin. */
    public void readAllBegin(Elements e) throws IOException { r.begin("read_all", ireadAll(e)); }

    /** MPI_File_read_all_end: the elements read. */
    public int readAllEnd() throws IOException { return r.end("read_all"); }

    /** MPI_File_write_at_all_begin. */
    public void writeAtAllBegin(long offset, Elements e) throws IOException { r.begin("write_at_all", iwriteAtAll(offset, e)); }

    /** MPI_File_write_at_all_end. */
    public int writeAtAllEnd() throws IOException { return r.end("write_at_all"); }

    /** MPI_File_read_at_all_begin. */
    public void readAtAllBegin(long offset, Elements e) throws IOException { r.begin("read_at_all", ireadAtAll(offset, e)); }

    /** MPI_File_read_at_all_end. */
    public int readAtAllEnd() throws IOException { return r.end("read_at_all"); }

    /** MPI_File_write_ordered_begin. */
    public void writeOrderedBegin(Elements e) throws IOException { r.begin("write_ordered", r.ordered("write_ordered", e, true)); }

    /** MPI_File_write_ordered_end. */
    public int writeOrderedEnd() throws IOException { return r.end("write_ordered"); }

    /** MPI_File_read_ordered_begin. */
    public void readOrderedBegin(Elements e) throws IOException { r.begin("read_ordered", r.ordered("read_ordered", e, false)); }

    /** MPI_File_read_ordered_end. */
    public int readOrderedEnd() throws IOException { return r.end("read_ordered"); }

    // ---- the shared file pointer ------------------------------------------------------------------------

    /** MPI_File_write_shared: independent, at the shared file pointer, which every rank moves atomically. */
    public int writeShared(Elements e) throws IOException { return r.sharedTransfer("write_shared", e, true); }

    /** MPI_File_read_shared: independent, at the shared file pointer. */
    public int readShared(Elements e) throws IOException { return r.sharedTransfer("read_shared", e, false); }

    /** MPI_File_write_ordered: collective; the ranks' data one after another in rank order at the shared file pointer. */
    public int writeOrdered(Elements e) throws IOException { return r.ordered("write_ordered", e, true).waitFor(); }

    /** MPI_File_read_ordered: collective, in rank order at the shared file pointer. */
    public int readOrdered(Elements e) throws IOException { return r.ordered("read_ordered", e, false).waitFor(); }

    // ---- file-level operations ----------------------------------------------------------------------

    /** MPI_File_get_size, in bytes. */
    public long size() throws IOException {
        r.ensureOpen("get_size", -1);
        r.background.drain();
        return r.driver.size();
    }

    /** MPI_File_set_size: collective; truncates or extends. */
    public void setSize(long size) throws IOException {
        ops.collectiveOp("set_size", Checks.size("set_size", size, r.path, r.comm.rank()), () -> r.driver.setSize(size));
    }

    /** MPI_File_preallocate: collective; reserves disk blocks for the first {@code size} bytes. */
    public void preallocate(long size) throws IOException {
        ops.collectiveOp("preallocate", Checks.size("preallocate", size, r.path, r.comm.rank()), () -> r.driver.preallocate(size));
    }

    /** MPI_File_sync: collective; data and metadata of every rank's writes reach the device. */
    public void sync() throws IOException { ops.collectiveOp("sync", null, r.driver::sync); }

    /**
     * MPI_File_set_atomicity: collective. In atomic mode, concurrent overlapping accesses of different ranks
     * see all or nothing of each other (jpio's drivers: each transfer holds a byte-range lock over its
     * extent, shared for reads, and collective transfers are never split between aggregators).
     */
    public void setAtomicity(boolean on) throws IOException { ops.setAtomicity(on); }

    /** MPI_File_get_atomicity. */
    public boolean atomicity() { return ops.atomic(); }

    /** MPI_File_close: collective; with DELETE_ON_CLOSE the file is deleted once every rank has closed it. */
    @Override
    public void close() throws IOException { ops.close(); }
}
