package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jpio.comm.Comm;
import org.jpio.driver.Extents;
import org.jpio.driver.FileDriver;
import org.jpio.driver.OpenRequest;
import org.jpio.driver.Transfer;
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
 * {@code jpio_backend} hint ({@link Drivers}): jpio's two-phase (default), independent, or ROMIO.
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
    private final Comm comm;
    private final Path path;
    private final Set<Amode> amode;
    private final Hints hints;
    private final FileDriver driver;
    private FileView view = FileView.bytes();
    private long pointer;
    private boolean atomic;
    private boolean closed;

    private ParallelFile(Comm comm, Path path, Set<Amode> amode, Hints hints, FileDriver driver) {
        this.comm = comm;
        this.path = path;
        this.amode = amode;
        this.hints = hints;
        this.driver = driver;
    }

    /** MPI_File_open without an MPI_Info: ROMIO's defaults and the {@code ROMIO_HINTS} file ({@link Hints#fromEnvironment()}). */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode) throws IOException {
        return open(comm, path, amode, Hints.fromEnvironment());
    }

    /**
     * MPI_File_open: collective over {@code comm}; every rank passes the same path, modes and hints. The
     * driver named by {@code jpio_backend} opens the file (rank 0 creates it when asked, failing on an
     * existing one with EXCL).
     */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints) throws IOException {
        return open(comm, path, amode, hints, null, null);
    }

    /**
     * {@link #open(Comm, Path, Set, Hints)} with an I/O engine object instead of the {@code jpio_engine} hint:
     * an engine that is not in the registry, such as a {@code RecordingEngine} wrapping the default one to
     * see which calls the collective algorithms make.
     */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine) throws IOException {
        return open(comm, path, amode, hints, engine, null);
    }

    /** {@link #open(Comm, Path, Set, Hints)} through a driver that is not in the registry (a {@code RecordingDriver}). */
    public static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints, FileDriver.Factory driver) throws IOException {
        return open(comm, path, amode, hints, null, driver);
    }

    private static ParallelFile open(Comm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine, FileDriver.Factory factory) throws IOException {
        if (comm == null) throw new IllegalArgumentException("open: comm is null: path=" + path);
        String where = "open path=" + path;
        Set<Amode> m = null;
        FileDriver.Factory open = factory;
        RuntimeException bad = null;
        try {
            if (path == null || hints == null) throw new IllegalArgumentException("open: path and hints must not be null: rank=" + comm.rank());
            m = Amode.check(amode);
            if (open == null) {
                Drivers.Entry d = Drivers.get(hints.backend());
                String why = d.unavailable().apply(comm).orElse(null);
                if (why != null) throw new IllegalStateException("jpio_backend=" + d.name() + " is unavailable: " + why + ": rank=" + comm.rank());
                open = d.factory();
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            bad = e;
        }
        comm.agreeOnArguments(where, bad);
        Path abs = path.toAbsolutePath().normalize();
        List<String> same = new ArrayList<>(List.of("path", abs.toString(), "amode", new TreeSet<>(m).toString()));
        hints.asMap().forEach((k, v) -> { same.add("hint " + k); same.add(v); });
        comm.requireSame(where, same.toArray(new String[0]));
        ParallelFile f = new ParallelFile(comm, abs, m, hints, open.open(new OpenRequest(comm, abs, m, hints, engine)));
        if (m.contains(Amode.APPEND)) f.pointer = f.driver.size(); // the default view's etype is a byte
        return f;
    }

    public Path path() { return path; }

    /** MPI_File_get_group: the communicator the file was opened on. */
    public Comm comm() { return comm; }

    /** MPI_File_get_amode. */
    public Set<Amode> amode() { return amode; }

    public FileView view() { return view; }

    /** The driver's name ({@code jpio_backend}). */
    public String driver() { return driver.name(); }

    /**
     * The hints in effect (MPI_File_get_info), defaults included, with what the driver settled: for jpio's
     * drivers {@code cb_nodes} and {@code romio_aggregator_list} (the aggregator ranks, as ROMIO names them), {@code jpio_engine}, and
     * after a collective transfer {@code jpio_cb_write_choice}/{@code jpio_cb_read_choice} (which path ran,
     * and why) and {@code jpio_cb_exchange} ({@code shared memory} or {@code messages}); {@code
     * jpio_preallocate} becomes {@code failed: reason} when a reservation failed. For ROMIO, what
     * MPI_File_get_info reports.
     */
    public Map<String, String> hints() {
        Map<String, String> h = new LinkedHashMap<>(hints.asMap());
        h.put(Hints.JPIO_BACKEND, driver.name());
        h.putAll(driver.hints());
        return Map.copyOf(h);
    }

    // ---- views and the file pointer -------------------------------------------------------------------

    /**
     * MPI_File_set_view: collective; every rank must pass the same etype and representation. Resets the file
     * pointer to 0.
     */
    public void setView(FileView v) throws IOException {
        ensureOpen("set_view", -1);
        String where = "set_view path=" + path;
        comm.agreeOnArguments(where, v == null ? new IllegalArgumentException("set_view: view is null: path=" + path + " rank=" + comm.rank()) : null);
        comm.requireSame(where, "etype", v.etype().name(), "datarep", v.representation().datarep());
        Throwable failed = null;
        try {
            driver.setView(v);
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        comm.agree(where, failed);
        view = v;
        pointer = 0;
    }

    /** MPI_File_get_position: the individual file pointer, an offset in etypes of the view. */
    public long pointer() { return pointer; }

    /** MPI_File_seek with MPI_SEEK_SET: moves the individual file pointer to {@code offset} (etypes). */
    public void seek(long offset) {
        if (offset < 0) throw new IllegalArgumentException("seek: offset=" + offset + " must be >= 0: path=" + path + " rank=" + comm.rank());
        pointer = offset;
    }

    /** MPI_File_get_byte_offset: the absolute position (bytes) in the file of view offset {@code offset}. */
    public long positionOf(long offset) { return view.byteOffset(offset); }

    // ---- transfers: MPI's eight routines, by positioning (pointer or explicit offset) and coordination ----

    /** MPI_File_write_at; returns the elements written. */
    public int writeAt(long offset, Elements e) throws IOException { return transfer(Xfer.WRITE_AT, offset, e); }

    /** MPI_File_read_at; returns the elements read. */
    public int readAt(long offset, Elements e) throws IOException { return transfer(Xfer.READ_AT, offset, e); }

    /** MPI_File_write: at the individual file pointer, which advances. */
    public int write(Elements e) throws IOException { return transfer(Xfer.WRITE, pointer, e); }

    /** MPI_File_read: at the individual file pointer, which advances. */
    public int read(Elements e) throws IOException { return transfer(Xfer.READ, pointer, e); }

    /** MPI_File_write_at_all (collective). */
    public int writeAtAll(long offset, Elements e) throws IOException { return transfer(Xfer.WRITE_AT_ALL, offset, e); }

    /** MPI_File_read_at_all (collective). */
    public int readAtAll(long offset, Elements e) throws IOException { return transfer(Xfer.READ_AT_ALL, offset, e); }

    /** MPI_File_write_all (collective): at the individual file pointer, which advances. */
    public int writeAll(Elements e) throws IOException { return transfer(Xfer.WRITE_ALL, pointer, e); }

    /** MPI_File_read_all (collective): at the individual file pointer, which advances. */
    public int readAll(Elements e) throws IOException { return transfer(Xfer.READ_ALL, pointer, e); }

    /**
     * One routine. The closed state and the access mode are the same on every rank (close is collective,
     * the mode agreed at open), so they are refused at once; everything else is checked on every rank and,
     * for a collective routine, agreed on before the driver moves a byte (in the extent exchange, one
     * allgather), and the driver's outcome agreed on after (one allreduce when all succeeded): two
     * collectives around the driver's own, and whatever any rank throws in between, every rank leaves with
     * the same exception.
     */
    private int transfer(Xfer op, long offset, Elements e) throws IOException {
        String name = op.callName();
        ensureOpen(name, offset);
        Checks.mode(name, op.isWrite(), amode, path, comm.rank());
        long moved;
        Transfer t;
        if (!op.isCollective()) {
            t = Checks.transfer(name, op.isAt(), offset, e, view, amode, path, comm.rank());
            moved = op.isWrite() ? driver.write(t) : driver.read(t);
        } else {
            String where = name + " path=" + path;
            t = null;
            RuntimeException bad = null;
            try {
                t = Checks.transfer(name, op.isAt(), offset, e, view, amode, path, comm.rank());
            } catch (IllegalArgumentException x) {
                bad = x;
            }
            // one allgather agrees on the checks and gives the drivers every rank's access
            Extents all = Extents.exchange(comm, t);
            if (all.rejected()) comm.agreeOnArguments(where, bad); // throws on every rank, naming the failed ones
            moved = 0;
            Throwable failed = null;
            try {
                moved = op.isWrite() ? driver.writeAll(t, all) : driver.readAll(t, all);
            } catch (Throwable x) { // every rank must reach the agreement, whatever was thrown
                failed = x;
            }
            comm.agree(where, failed);
        }
        int elements = (int) (moved >> t.type().shift());
        if (!op.isAt()) pointer += ((long) elements << t.type().shift()) / view.etype().size();
        return elements;
    }

    // ---- file-level operations ----------------------------------------------------------------------

    /** MPI_File_get_size, in bytes. */
    public long size() throws IOException {
        ensureOpen("get_size", -1);
        return driver.size();
    }

    /** MPI_File_set_size: collective; truncates or extends. */
    public void setSize(long size) throws IOException {
        collectiveOp("set_size", Checks.size("set_size", size, path, comm.rank()), () -> driver.setSize(size));
    }

    /** MPI_File_preallocate: collective; reserves disk blocks for the first {@code size} bytes. */
    public void preallocate(long size) throws IOException {
        collectiveOp("preallocate", Checks.size("preallocate", size, path, comm.rank()), () -> driver.preallocate(size));
    }

    /** MPI_File_sync: collective; data and metadata of every rank's writes reach the device. */
    public void sync() throws IOException { collectiveOp("sync", null, driver::sync); }

    /**
     * MPI_File_set_atomicity: collective. In atomic mode, concurrent overlapping accesses of different ranks
     * see all or nothing of each other (jpio's drivers: each transfer holds a byte-range lock over its
     * extent, shared for reads, and collective transfers are never split between aggregators).
     */
    public void setAtomicity(boolean on) throws IOException {
        ensureOpen("set_atomicity", -1);
        comm.requireSame("set_atomicity path=" + path, "flag", Boolean.toString(on));
        collectiveOp("set_atomicity", null, () -> driver.setAtomicity(on));
        atomic = on;
    }

    /** MPI_File_get_atomicity. */
    public boolean atomicity() { return atomic; }

    /** MPI_File_close: collective; with DELETE_ON_CLOSE the file is deleted once every rank has closed it. */
    @Override
    public void close() throws IOException {
        if (closed) return;
        closed = true;
        Throwable failed = null;
        try {
            driver.close();
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        comm.agree("close path=" + path, failed);
        if (amode.contains(Amode.DELETE_ON_CLOSE) && !driver.deletesOnClose()) {
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

    private interface Action { void run() throws IOException; }

    /** Argument agreement, the driver's collective action, agreement on its outcome. */
    private void collectiveOp(String op, IllegalArgumentException bad, Action action) throws IOException {
        ensureOpen(op, -1);
        String where = op + " path=" + path;
        comm.agreeOnArguments(where, bad);
        Throwable failed = null;
        try {
            action.run();
        } catch (Throwable e) { // every rank must reach the agreement, whatever was thrown
            failed = e;
        }
        comm.agree(where, failed);
    }

    /**
     * A closed file is refused as a closed channel is, at once: close is collective, so every rank of a
     * collective call finds it closed alike.
     */
    private void ensureOpen(String op, long offset) throws FileClosedException {
        if (closed)
            throw new FileClosedException(op + " on a closed file: path=" + path + " rank=" + comm.rank() + (offset >= 0 ? " offset=" + offset : ""));
    }
}
