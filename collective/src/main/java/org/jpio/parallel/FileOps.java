package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import org.jpio.comm.Call;
import org.jpio.comm.Fingerprint;
import org.jpio.view.FileView;

/**
 * The collective file operations of a {@link ParallelFile} other than transfers (MPI_File_set_info,
 * set_view, seek_shared, set_size, preallocate, sync, set_atomicity, close), each the same three steps:
 * the user's call named on the communicator (errors and the watchdog), the arguments agreed on, the
 * driver's action, every rank's outcome agreed on. ParallelFile keeps the public signatures.
 */
final class FileOps {
    private final Routines r;
    private boolean atomic;

    FileOps(Routines r) { this.r = r; }

    boolean atomic() { return atomic; }

    void setInfo(Map<String, String> more) throws IOException { scoped("set_info", () -> info(more)); }

    void setView(FileView v) throws IOException { scoped("set_view", () -> view(v)); }

    void seekShared(long offset) throws IOException { scoped("seek_shared", () -> seekShared0(offset)); }

    void setAtomicity(boolean on) throws IOException { scoped("set_atomicity", () -> atomicity(on)); }

    void close() throws IOException {
        if (r.closed) return;
        r.closed = true;
        scoped("close", this::closeAll);
    }

    /** {@code body} as the user's call {@code op}: named on the communicator for errors and the watchdog. */
    private void scoped(String op, Action body) throws IOException {
        Call outer = enter(op);
        try {
            body.run();
        } finally {
            r.comm.leave(outer);
        }
    }

    private void info(Map<String, String> more) throws IOException {
        r.ensureOpen("set_info", -1);
        r.background.drain();
        Hints next = null;
        RuntimeException bad = null;
        try {
            if (more == null) throw new IllegalArgumentException("set_info: hints are null: path=" + r.path);
            next = r.hints;
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(more).entrySet())
                if (!SETTLED_AT_OPEN.contains(e.getKey())) next = next.with(e.getKey(), e.getValue());
        } catch (IllegalArgumentException e) {
            bad = e;
        }
        r.comm.agreeOnArguments("set_info path=" + r.path, bad);
        r.comm.requireSame("set_info path=" + r.path, "hints", next.asMap().toString());
        r.driver.setHints(next);
        r.hints = next;
    }

    private static final Set<String> SETTLED_AT_OPEN = Set.of(Hints.JPIO_BACKEND, Hints.JPIO_ENGINE, Hints.CB_NODES, Hints.CB_CONFIG_LIST,
            Hints.IND_RD_BUFFER_SIZE, Hints.IND_WR_BUFFER_SIZE, Hints.ROMIO_DS_READ, Hints.ROMIO_DS_WRITE, Hints.JPIO_PREALLOCATE);


    private void view(FileView v) throws IOException {
        r.ensureOpen("set_view", -1);
        r.background.drain();
        String where = "set_view path=" + r.path;
        RuntimeException bad = v == null ? new IllegalArgumentException("set_view: view is null: path=" + r.path + " rank=" + r.comm.rank()) : null;
        String[] same = v == null ? new String[0] : new String[] {"etype", v.etype().name(), "datarep", v.representation().datarep()};
        r.comm.agreeOnArgumentsAndSame(where, bad, v == null ? 0 : Fingerprint.of(same[1], same[3]), () -> same);
        Throwable failed = null;
        try {
            r.driver.setView(v);
            r.shared.set("set_view", 0);
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        r.comm.agree(where, failed);
        r.view = v;
        r.pointer = 0;
    }


    private void seekShared0(long offset) throws IOException {
        r.ensureOpen("seek_shared", offset);
        r.background.drain();
        String where = "seek_shared path=" + r.path;
        r.comm.agreeOnArguments(where, offset < 0 ? new IllegalArgumentException("seek_shared: offset=" + offset + " must be >= 0: path=" + r.path) : null);
        r.comm.requireSame(where, "offset", Long.toString(offset));
        Throwable failed = null;
        try {
            r.shared.set("seek_shared", offset);
        } catch (RuntimeException e) {
            failed = e;
        }
        r.comm.agree(where, failed);
    }


    private void atomicity(boolean on) throws IOException {
        r.ensureOpen("set_atomicity", -1);
        r.background.drain();
        r.comm.requireSame("set_atomicity path=" + r.path, "flag", Boolean.toString(on));
        collectiveOp("set_atomicity", null, () -> r.driver.setAtomicity(on));
        atomic = on;
    }


    private void closeAll() throws IOException {
        Throwable failed = null;
        try {
            r.background.close(); // what was started completes first; a pending split collective is ended by close, as its wait
            r.driver.close();
        } catch (IOException | RuntimeException e) {
            failed = e;
        }
        try {
            r.comm.agree("close path=" + r.path, failed);
        } finally {
            // the communicator's next file takes this slot at 0; only once every rank has closed, since a rank
            // may still be in its last read_shared/write_shared, taking from the pointer, when rank 0 arrives here
            r.shared.set("close", 0);
        }
        if (r.amode.contains(Amode.DELETE_ON_CLOSE) && !r.driver.deletesOnClose()) {
            IOException del = null;
            if (r.comm.rank() == 0) {
                try {
                    Files.deleteIfExists(r.path);
                } catch (IOException e) {
                    del = e;
                }
            }
            r.comm.agree("close (delete on close) path=" + r.path, del);
        }
    }

    interface Action { void run() throws IOException; }

    /** Names the user's call on the communicator, for errors and the watchdog (limit: jpio_watchdog_timeout); returns the outer one. */
    private Call enter(String op) { return r.comm.enter(new Call(op, r.path, r.hints.watchdogMillis())); }

    /** Argument agreement, the driver's collective action, agreement on its outcome. */
    void collectiveOp(String op, IllegalArgumentException bad, Action action) throws IOException {
        scoped(op, () -> collectiveOp0(op, bad, action));
    }

    private void collectiveOp0(String op, IllegalArgumentException bad, Action action) throws IOException {
        r.ensureOpen(op, -1);
        r.background.drain();
        String where = op + " path=" + r.path;
        r.comm.agreeOnArguments(where, bad);
        Throwable failed = null;
        try {
            action.run();
        } catch (Throwable e) { // every rank must reach the agreement, whatever was thrown
            failed = e;
        }
        r.comm.agree(where, failed);
    }
}
