package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.driver.FileDriver;
import org.jpio.io.FileClosedException;
import org.jpio.view.FileView;

/**
 * The data access routines of one open ParallelFile and the per-rank state they move: the view, the
 * individual file pointer, the hints read per call, the split collective in progress, the closed flag.
 * Blocking routines run on the calling thread after the nonblocking ones started before them; nonblocking
 * ones on the file's {@link Background}. ParallelFile is the public face of these.
 */
final class Routines {
    /** The communicator the program opened the file on (MPI_File_get_group). */
    final Comm given;
    /** The same ranks, counting the file's collectives ({@link ParallelFile#counts}). */
    final CountingComm comm;
    /** What open cost; the routines since are counted in {@link #calls}. */
    CountingComm.Counts openCounts;
    long calls;
    final Path path;
    final Set<Amode> amode;
    final FileDriver driver;
    final SharedPointer shared;
    final Background background;
    private final Transfers transfers;
    volatile Hints hints;
    /** The stripe layout read at open, and the outcome of setting one (OpenLayout). */
    OpenLayout.Result layout;
    FileView view = FileView.bytes();
    long pointer;
    boolean closed;
    /** The split collective begun and not yet ended (MPI allows one per file handle), its kind and request. */
    private String splitOp;
    private Request split;

    Routines(Comm given, CountingComm comm, Path path, Set<Amode> amode, Hints hints, FileDriver driver) {
        this.given = given;
        this.comm = comm;
        this.path = path;
        this.amode = amode;
        this.hints = hints;
        this.driver = driver;
        this.transfers = new Transfers(path, amode, driver);
        this.shared = new SharedPointer(comm);
        this.background = new Background(comm, "jpio-file-" + path.getFileName() + "-rank-" + comm.rank());
    }

    /**
     * One routine on the calling thread, after the nonblocking ones started before it; a pointer routine
     * at the individual file pointer, which moves by the elements moved. The closed state and the access
     * mode are the same on every rank (close is collective, the mode agreed at open), so they are refused
     * at once; everything else is checked on every rank and, for a collective routine, agreed on before the
     * driver moves a byte ({@link Transfers}).
     */
    int transfer(Xfer op, long offset, Elements e) throws IOException {
        long at = op.isAt() ? offset : pointer;
        ensureOpen(op.callName(), at);
        Checks.mode(op.callName(), op.isWrite(), amode, path, comm.rank());
        if (op.isCollective()) checkNoSplit(op.callName());
        background.drain();
        calls++;
        int moved = transfers.run(op.callName(), op.isAt(), op.isCollective(), op.isWrite(), at, e, view, hints, comm);
        if (!op.isAt()) pointer += etypes(moved, e, view);
        return moved;
    }

    /**
     * Starts a routine on the file's background thread; a pointer routine moves the pointer by the
     * elements requested, now. Independent routines are checked here; collective ones there, with the
     * agreement, so that no rank fails alone before its peers have started. A collective routine runs on a
     * duplicate of the communicator: the program's own collectives go on.
     */
    Request start(Xfer op, long offset, Elements e) throws IOException {
        String name = "i" + op.callName();
        long at = op.isAt() ? offset : pointer;
        ensureOpen(name, at);
        Checks.mode(name, op.isWrite(), amode, path, comm.rank());
        if (op.isCollective()) checkNoSplit(name);
        calls++;
        Request r = launch(name, op.isAt(), op.isCollective(), op.isWrite(), at, e, null);
        if (!op.isAt()) pointer += etypes(requested(e), e, view);
        return r;
    }

    /** {@code ordered}: the offset comes from the shared file pointer, in rank order, on the background thread. */
    private Request launch(String name, boolean at, boolean collective, boolean write, long offset, Elements e, SharedPointer ordered) {
        if (!collective) Checks.transfer(name, at, offset, e, view, amode, path, comm); // a bad argument fails the calling rank now
        else {
            String why = Background.unavailable(comm);
            if (why != null) throw new IllegalStateException(name + ": nonblocking collective I/O cannot progress: " + why + ": path=" + path);
        }
        Comm on = collective ? background.comm() : comm;
        FileView v = view;
        Hints h = hints;
        return new Request(name, background.submit(() -> {
            long at0 = ordered == null ? offset : ordered.ordered(name, etypes(requested(e), e, v), on);
            return transfers.run(name, at, collective, write, at0, e, v, h, on);
        }));
    }

    /** MPI_File_write_shared and read_shared: independent, at the shared file pointer, moved atomically. */
    int sharedTransfer(String op, Elements e, boolean write) throws IOException {
        ensureOpen(op, -1);
        Checks.mode(op, write, amode, path, comm.rank());
        background.drain();
        Checks.transfer(op, false, 0, e, view, amode, path, comm); // nothing is taken from the pointer for a bad call
        calls++;
        long offset = shared.take(op, etypes(requested(e), e, view));
        return transfers.run(op, false, false, write, offset, e, view, hints, comm);
    }

    /** The ordered routines: collective, in rank order at the shared file pointer, on the background thread. */
    Request ordered(String op, Elements e, boolean write) throws IOException {
        ensureOpen(op, -1);
        Checks.mode(op, write, amode, path, comm.rank());
        checkNoSplit(op);
        calls++;
        return launch(op, false, true, write, 0, e, shared);
    }

    /** Elements a buffer asks for, a memory datatype's counted (0 for a buffer the checks will refuse). */
    private static long requested(Elements e) {
        try {
            if (e == null || e.count() < 0) return 0;
            return e.memtype() == null ? e.count() : e.count() * (e.memtype().size() / e.type("").size());
        } catch (IllegalArgumentException bad) {
            return 0;
        }
    }

    /** Etypes of the view that {@code elements} of {@code e}'s type make. */
    private static long etypes(long elements, Elements e, FileView v) {
        if (elements == 0) return 0;
        try {
            return (elements << e.type("").shift()) / v.etype().size();
        } catch (IllegalArgumentException bad) {
            return 0;
        }
    }

    // ---- split collectives ------------------------------------------------------------------------------

    void begin(String kind, Request r) {
        split = r;
        splitOp = kind;
    }

    /** MPI allows one split collective per file handle, and no other collective transfer beside it. */
    void checkNoSplit(String op) {
        if (splitOp != null)
            throw new IllegalStateException(op + ": the split collective " + splitOp + "_begin is not ended yet; MPI allows one per file handle"
                    + " and no collective transfer beside it: path=" + path + " rank=" + comm.rank());
    }

    int end(String kind) throws IOException {
        ensureOpen(kind + "_end", -1);
        if (!kind.equals(splitOp))
            throw new IllegalStateException(kind + "_end without " + kind + "_begin" + (splitOp == null ? "" : " (begun: " + splitOp + "_begin)")
                    + ": path=" + path + " rank=" + comm.rank());
        Request r = split;
        split = null;
        splitOp = null;
        return r.waitFor();
    }

    /**
     * A closed file is refused as a closed channel is, at once: close is collective, so every rank of a
     * collective call finds it closed alike.
     */
    void ensureOpen(String op, long offset) throws FileClosedException {
        if (closed)
            throw new FileClosedException(op + " on a closed file: path=" + path + " rank=" + comm.rank() + (offset >= 0 ? " offset=" + offset : ""));
    }
}
