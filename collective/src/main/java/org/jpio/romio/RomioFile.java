package org.jpio.romio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jpio.parallel.Xfer;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.view.FileView;

/**
 * An MPI file ({@code MPI_File}) opened through the ROMIO backend: MPI-IO's operations with MPI's names.
 *
 * <p>Transfers take a Java primitive array range ({@code array[index..index+count)}, pinned for the MPI
 * call, no staging copy) or a direct {@link ByteBuffer} ({@code position..limit}, read or written as
 * elements of a given type in the buffer's raw bytes, so use native byte order). Counts are elements;
 * each call returns the elements actually moved (a read at end of file moves fewer, as in MPI).
 * Collective operations ({@link Xfer#isCollective()}), {@link #open}, {@link #setView}, {@link #setSize},
 * {@link #preallocate}, {@link #sync} and {@link #close} must be called by every rank of the
 * communicator, as MPI requires. Failures are {@link IOException}s with MPI's error string and
 * {@code op=, path=, offset=, rank=}; arguments are checked before MPI is called.
 *
 * <p>While a blocking collective call runs, the pinned array holds off this JVM's garbage collector
 * until all ranks arrive (see docs/ROMIO.md); under mpirun each rank is its own JVM.
 *
 * <p>Not thread-safe (an MPI file handle is used by one thread at a time).
 */
public final class RomioFile implements AutoCloseable {
    private final long fh;
    private final String path;
    private final int rank;
    private final Set<Amode> modes;
    private boolean closed;
    private RomioView view;

    private RomioFile(long fh, String path, int rank, Set<Amode> modes) {
        this.fh = fh;
        this.path = path;
        this.rank = rank;
        this.modes = Collections.unmodifiableSet(EnumSet.copyOf(modes));
    }

    /**
     * MPI_File_open, collective over the communicator whose Fortran handle is {@code comm} (MpiComm's
     * {@code handle()}, or an adopted communicator's MPI_Comm_c2f). Hints go in as an MPI_Info.
     */
    public static RomioFile open(long comm, String path, Set<Amode> modes, Map<String, String> hints) throws IOException {
        RomioBackend.require();
        if (path == null || path.isEmpty()) throw new IllegalArgumentException("path is empty");
        Amode.check(modes);
        int amode = 0;
        for (Amode m : modes) amode |= 1 << m.ordinal();
        int rank = (int) RomioErrors.check(RomioNative.commRank(comm), "MPI_Comm_rank", path, -1, -1);
        String[][] kv = keysValues(hints);
        long fh = RomioErrors.check(RomioNative.open(comm, path, amode, kv[0], kv[1]), "MPI_File_open", path, -1, rank);
        return new RomioFile(fh, path, rank, modes);
    }

    /** MPI_File_open over an {@link MpiComm}; any other Comm throws {@link RomioUnavailableException}. */
    public static RomioFile open(Comm comm, String path, Set<Amode> modes, Map<String, String> hints) throws IOException {
        return open(RomioBackend.commHandle(comm), path, modes, hints);
    }

    /** MPI_COMM_WORLD's handle, for callers without a communicator object (MPI must be initialised). */
    public static long commWorld() {
        RomioBackend.require();
        return RomioNative.commWorld();
    }

    /** MPI_File_delete (not collective). */
    public static void delete(String path, Map<String, String> hints) throws IOException {
        RomioBackend.require();
        String[][] kv = keysValues(hints);
        RomioErrors.check(RomioNative.delete(path, kv[0], kv[1]), "MPI_File_delete", path, -1,
            (int) RomioNative.commRank(RomioNative.commWorld()));
    }

    static String[][] keysValues(Map<String, String> hints) {
        Map<String, String> h = hints == null ? Map.of() : hints;
        String[] k = new String[h.size()];
        String[] v = new String[h.size()];
        int i = 0;
        for (Map.Entry<String, String> e : h.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) throw new IllegalArgumentException("null hint key or value: " + e);
            k[i] = e.getKey();
            v[i++] = e.getValue();
        }
        return new String[][] {k, v};
    }

    public String path() { return path; }

    /** The access modes the file was opened with. */
    public Set<Amode> modes() { return modes; }

    /** This process's rank in the file's communicator. */
    public int rank() { return rank; }

    /** The Fortran handle of the MPI_File (MPI_File_c2f). */
    public long handle() {
        ensureOpen();
        return fh;
    }

    private void ensureOpen() {
        if (closed) throw new IllegalStateException("RomioFile is closed: path=" + path + " rank=" + rank);
    }

    // ---- views ---------------------------------------------------------------------------------------

    /**
     * MPI_File_set_view with datarep "native" (collective). The file takes ownership of the two types
     * (it frees them when the view is replaced or the file closes); predefined types are never freed.
     */
    public void setView(long displacement, MpiDatatype etype, MpiDatatype filetype, Map<String, String> hints) throws IOException {
        setView(displacement, etype, filetype, "native", hints);
    }

    /** MPI_File_set_view with a data representation by its MPI name. */
    public void setView(long displacement, MpiDatatype etype, MpiDatatype filetype, String datarep, Map<String, String> hints) throws IOException {
        ensureOpen();
        if (displacement < 0) throw new IllegalArgumentException("displacement=" + displacement + " is negative: path=" + path);
        RomioView next = new RomioView(etype, filetype);
        String[][] kv = keysValues(hints);
        int rc = RomioNative.setView(fh, displacement, etype.handle(), filetype.handle(), datarep, kv[0], kv[1]);
        if (rc != 0) {
            next.close();
            RomioErrors.check(rc, "MPI_File_set_view", path, displacement, rank);
        }
        if (view != null) view.close();
        view = next;
    }

    /**
     * MPI_File_set_view from jpio's {@link FileView} (already checked as MPI requires): the etype and
     * filetype are rebuilt as MPI datatypes ({@link RomioTypes}) and owned by the file; the data
     * representation goes by its MPI name (native, internal, external32; jpio's big-endian is external32).
     * Where the MPI library does not support a representation, its error says so.
     */
    public void setView(FileView view, Map<String, String> hints) throws IOException {
        ensureOpen();
        MpiDatatype e = MpiDatatype.of(view.etype());
        MpiDatatype f = RomioTypes.toMpi(view.filetype());
        setView(view.displacement(), e, f, mpiDatarep(view.representation()), hints);
    }

    private static String mpiDatarep(org.jpio.view.DataRep r) {
        return r == org.jpio.view.DataRep.BIG_ENDIAN ? "external32" : r.datarep();
    }

    // ---- blocking transfers on arrays ------------------------------------------------------------------

    /**
     * The one array path: checks, then one pinned MPI call. {@code offset} is in etypes of the view and
     * used by the {@code _at} forms only (must be 0 for the others). Returns elements moved.
     */
    public int transfer(Xfer op, long offset, Object array, int index, int count) throws IOException {
        ensureOpen();
        ElementType t = ElementType.of(array);
        t.checkRange(array, index, count);
        checkAccess(op);
        checkOffset(op, offset);
        long type = RomioNative.elementType(t.ordinal());
        long bytes = RomioErrors.check(
            RomioNative.xferArray(op.code(), fh, offset, array, (long) index * t.size(), count, type),
            op.mpiName(), path, op.isAt() ? offset : -1, rank);
        return (int) (bytes / t.size());
    }

    /**
     * The transfer of {@code count} copies of the memory datatype {@code memtype} in {@code array} (MPI's
     * {@code buf, count, datatype}): MPI takes the elements from (or puts them into) the array in place.
     * Returns the elements moved.
     */
    public int transfer(Xfer op, long offset, Object array, org.jpio.view.Datatype memtype, int count) throws IOException {
        ensureOpen();
        ElementType t = ElementType.of(array);
        checkAccess(op);
        checkOffset(op, offset);
        try (MpiDatatype m = RomioTypes.toMpi(memtype)) {
            long bytes = RomioErrors.check(RomioNative.xferArray(op.code(), fh, offset, array, 0, count, m.handle()),
                    op.mpiName(), path, op.isAt() ? offset : -1, rank);
            return (int) (bytes / t.size());
        }
    }

    public int read(Object array, int index, int count) throws IOException { return transfer(Xfer.READ, 0, array, index, count); }
    public int write(Object array, int index, int count) throws IOException { return transfer(Xfer.WRITE, 0, array, index, count); }
    public int readAt(long offset, Object array, int index, int count) throws IOException { return transfer(Xfer.READ_AT, offset, array, index, count); }
    public int writeAt(long offset, Object array, int index, int count) throws IOException { return transfer(Xfer.WRITE_AT, offset, array, index, count); }
    public int readAll(Object array, int index, int count) throws IOException { return transfer(Xfer.READ_ALL, 0, array, index, count); }
    public int writeAll(Object array, int index, int count) throws IOException { return transfer(Xfer.WRITE_ALL, 0, array, index, count); }
    public int readAtAll(long offset, Object array, int index, int count) throws IOException { return transfer(Xfer.READ_AT_ALL, offset, array, index, count); }
    public int writeAtAll(long offset, Object array, int index, int count) throws IOException { return transfer(Xfer.WRITE_AT_ALL, offset, array, index, count); }

    // ---- direct buffers --------------------------------------------------------------------------------

    /**
     * Blocking transfer of the buffer's remaining bytes as elements of {@code type}; the position
     * advances by the bytes moved. Returns elements moved.
     */
    public int transfer(Xfer op, long offset, ByteBuffer buffer, ElementType type) throws IOException {
        ensureOpen();
        int count = checkBuffer(op, offset, buffer, type);
        long bytes = RomioErrors.check(
            RomioNative.xferBuffer(op.code(), fh, offset, buffer, buffer.position(), count, RomioNative.elementType(type.ordinal())),
            op.mpiName(), path, op.isAt() ? offset : -1, rank);
        buffer.position(buffer.position() + (int) bytes);
        return (int) (bytes / type.size());
    }

    /**
     * Starts the nonblocking form of {@code op} (MPI_File_iread ... MPI_File_iwrite_at_all) on the
     * buffer's remaining bytes. The buffer must not be touched until the request completes; the request
     * keeps it reachable and advances its position on completion. Collective forms need MPI-3.1
     * ({@link RomioBackend#nonblockingCollectiveProblem()}); otherwise UnsupportedOperationException.
     */
    public RomioRequest start(Xfer op, long offset, ByteBuffer buffer, ElementType type) throws IOException {
        ensureOpen();
        if (op.isCollective()) {
            Optional<String> why = RomioBackend.nonblockingCollectiveProblem();
            if (why.isPresent()) throw new UnsupportedOperationException(op.mpiNonblockingName() + ": " + why.get() + ": path=" + path);
        }
        int count = checkBuffer(op, offset, buffer, type);
        long req = RomioErrors.check(
            RomioNative.istart(op.code(), fh, offset, buffer, buffer.position(), count, RomioNative.elementType(type.ordinal())),
            op.mpiNonblockingName(), path, op.isAt() ? offset : -1, rank);
        return new RomioRequest(req, op, buffer, type, path, op.isAt() ? offset : -1, rank);
    }

    private int checkBuffer(Xfer op, long offset, ByteBuffer buffer, ElementType type) {
        if (buffer == null) throw new IllegalArgumentException("buffer is null: path=" + path);
        if (!buffer.isDirect()) throw new IllegalArgumentException("buffer is not direct: MPI needs a stable address, path=" + path);
        if (!op.isWrite() && buffer.isReadOnly()) throw new IllegalArgumentException("read into a read-only buffer: path=" + path);
        if (buffer.remaining() % type.size() != 0)
            throw new IllegalArgumentException("buffer remaining=" + buffer.remaining() + " is not a multiple of " + type
                + " size=" + type.size() + ": path=" + path);
        checkAccess(op);
        checkOffset(op, offset);
        return buffer.remaining() / type.size();
    }

    /**
     * Reads need a readable file and writes a writable one. Checked here rather than left to MPI: Open
     * MPI 4.1's OMPIO returns success from a collective write on a read-only file with 3 or more ranks
     * (its aggregators' pwritev fails with EBADF, and the error is lost), so the same misuse must fail
     * the same way under every implementation, before any byte moves.
     */
    private void checkAccess(Xfer op) {
        if (op.isWrite() && modes.contains(Amode.RDONLY))
            throw new IllegalStateException(op.mpiName() + " on a file opened RDONLY (MPI_ERR_READ_ONLY): path=" + path + " rank=" + rank);
        if (!op.isWrite() && modes.contains(Amode.WRONLY))
            throw new IllegalStateException(op.mpiName() + " on a file opened WRONLY (MPI_ERR_ACCESS): path=" + path + " rank=" + rank);
    }

    private void checkOffset(Xfer op, long offset) {
        if (op.isAt() ? offset < 0 : offset != 0)
            throw new IllegalArgumentException(op.mpiName() + ": offset=" + offset
                + (op.isAt() ? " is negative" : " given to a file-pointer routine (use 0)") + ": path=" + path);
    }

    // ---- file pointer, size, hints -------------------------------------------------------------------------

    /** MPI_File_seek(MPI_SEEK_SET): the individual file pointer, in etypes of the view. */
    public void seek(long offset) throws IOException {
        ensureOpen();
        if (offset < 0) throw new IllegalArgumentException("seek offset=" + offset + " is negative: path=" + path);
        RomioErrors.check(RomioNative.seek(fh, offset, 0), "MPI_File_seek", path, offset, rank);
    }

    /** MPI_File_get_position, in etypes of the view. */
    public long position() throws IOException {
        ensureOpen();
        return RomioErrors.check(RomioNative.getPosition(fh), "MPI_File_get_position", path, -1, rank);
    }

    /** MPI_File_get_size in bytes. */
    public long size() throws IOException {
        ensureOpen();
        return RomioErrors.check(RomioNative.getSize(fh), "MPI_File_get_size", path, -1, rank);
    }

    /** MPI_File_set_size (collective). */
    public void setSize(long size) throws IOException {
        ensureOpen();
        if (size < 0) throw new IllegalArgumentException("size=" + size + " is negative: path=" + path);
        RomioErrors.check(RomioNative.setSize(fh, size), "MPI_File_set_size", path, size, rank);
    }

    /** MPI_File_preallocate (collective). */
    public void preallocate(long size) throws IOException {
        ensureOpen();
        if (size < 0) throw new IllegalArgumentException("size=" + size + " is negative: path=" + path);
        RomioErrors.check(RomioNative.preallocate(fh, size), "MPI_File_preallocate", path, size, rank);
    }

    /** MPI_File_sync (collective). */
    public void sync() throws IOException {
        ensureOpen();
        RomioErrors.check(RomioNative.sync(fh), "MPI_File_sync", path, -1, rank);
    }

    /** MPI_File_set_atomicity (collective). */
    public void setAtomicity(boolean on) throws IOException {
        ensureOpen();
        RomioErrors.check(RomioNative.setAtomicity(fh, on), "MPI_File_set_atomicity", path, -1, rank);
    }

    /** MPI_File_get_info: the hints in effect (what the MPI-IO layer chose, e.g. cb_buffer_size), in its order. */
    public Map<String, String> hints() throws IOException {
        ensureOpen();
        int[] rc = new int[1];
        String[] kv = RomioNative.getInfo(fh, rc);
        RomioErrors.check(rc[0], "MPI_File_get_info", path, -1, rank);
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) out.put(kv[i], kv[i + 1]);
        return Collections.unmodifiableMap(out);
    }

    /** MPI_File_close (collective); frees the view's types. Idempotent. */
    @Override public void close() throws IOException {
        if (closed) return;
        closed = true;
        try {
            RomioErrors.check(RomioNative.close(fh), "MPI_File_close", path, -1, rank);
        } finally {
            if (view != null) view.close();
            view = null;
        }
    }

    @Override public String toString() {
        return "RomioFile[path=" + path + " rank=" + rank + (closed ? " closed" : "") + "]";
    }
}
