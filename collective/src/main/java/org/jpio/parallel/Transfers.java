package org.jpio.parallel;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import org.jpio.comm.Call;
import org.jpio.comm.Comm;
import org.jpio.driver.Extents;
import org.jpio.driver.FileDriver;
import org.jpio.driver.Transfer;
import org.jpio.view.FileView;

/**
 * How ParallelFile runs one data access routine once its offset is known: the checks of every rank, one
 * allgather that agrees on them and gives the driver every rank's access, the driver, one agreement on its
 * outcome (a read that repeats the last one reads first and needs the allgather only, {@link #readFirst});
 * a read that meets the end of the file reads what is there and says how much, as MPI_Get_count does (or
 * fails, under {@code jpio_short_reads=error}).
 */
final class Transfers {
    private final Path path;
    private final Set<Amode> amode;
    private final FileDriver driver;
    /** "op path=..." for each routine, made once: the agreements name the call, and no call builds a string. */
    private final java.util.concurrent.ConcurrentHashMap<String, String> where = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.ConcurrentHashMap<String, Call> calls = new java.util.concurrent.ConcurrentHashMap<>();
    /** The last call's checked transfer, which a call repeating every argument reuses ({@link Repeat}). */
    private volatile java.lang.ref.WeakReference<Repeat> last = new java.lang.ref.WeakReference<>(null);

    Transfers(Path path, Set<Amode> amode, FileDriver driver) {
        this.path = path;
        this.amode = amode;
        this.driver = driver;
    }

    /** The routine as a {@link Call} with the file's watchdog limit, made once per routine and limit: no call allocates it. */
    private Call call(String op, Hints hints) {
        long limit = hints.watchdogMillis();
        Call c = calls.get(op);
        if (c == null || c.watchdogMillis() != limit) calls.put(op, c = new Call(where(op), limit));
        return c;
    }

    private String where(String op) {
        String w = where.get(op);
        if (w == null) where.put(op, w = op + " path=" + path);
        return w;
    }

    /**
     * Runs the routine {@code op} (MPI's name) on {@code comm}: independently, or collectively over every
     * rank of {@code comm}. Returns the elements moved. {@code explicitOffset}: an _at routine (refused on a
     * SEQUENTIAL file).
     */
    int run(String op, boolean explicitOffset, boolean collective, boolean write, long offset, Elements e, FileView view, Hints hints, Comm comm)
            throws IOException {
        if (!collective) {
            Transfer t = readable(checked(op, explicitOffset, offset, e, view, comm).transfer(), write, hints);
            return elements(t, write ? driver.write(t) : driver.read(t));
        }
        Call outer = comm.enter(call(op, hints)); // the user's call names errors and the watchdog's reports
        try {
            return collective(op, explicitOffset, write, offset, e, view, hints, comm);
        } finally {
            comm.leave(outer);
        }
    }

    private int collective(String op, boolean explicitOffset, boolean write, long offset, Elements e, FileView view, Hints hints, Comm comm)
            throws IOException {
        String where = where(op);
        Transfer t = null;
        Repeat checked = null;
        RuntimeException bad = null;
        IOException size = null;
        try {
            checked = checked(op, explicitOffset, offset, e, view, comm);
            t = readable(checked.transfer(), write, hints);
        } catch (IllegalArgumentException x) {
            bad = x;
            t = null;
        } catch (IOException x) { // the size of the file, or the end met under jpio_short_reads=error
            size = x;
            t = null;
        }
        if (!write && t != null && t == checked.transfer() && checked.readsAlone(driver)) return readFirst(where, checked, t, comm);
        // one allgather agrees on the checks and gives the drivers every rank's access
        Extents all = t == null ? Extents.exchange(comm, (Transfer) null)
                    : t == checked.transfer() ? checked.exchange(comm) : Extents.exchange(comm, t);
        return afterExchange(where, write, t, checked, all, size != null ? size : bad, comm);
    }

    /**
     * The call once every rank's access is known: an argument error of any rank is thrown on every rank before
     * any byte moves, the driver moves the bytes, one agreement on its outcome.
     */
    private int afterExchange(String where, boolean write, Transfer t, Repeat checked, Extents all, Exception rejected, Comm comm) throws IOException {
        if (all.rejected()) comm.agree(where, rejected); // I/O if any rank's check met I/O, else an argument error
        long moved = 0;
        Throwable failed = null;
        try {
            moved = write ? driver.writeAll(t, all) : driver.readAll(t, all);
        } catch (Throwable x) { // every rank must reach the agreement, whatever was thrown
            failed = x;
        }
        if (!write && checked != null) checked.readBefore = failed == null && t == checked.transfer() ? all : null;
        comm.agree(where, failed);
        return elements(t, moved);
    }

    /**
     * A collective read that repeats the last one (the same read every step) where the driver read it alone:
     * this rank reads first, and one allgather then both gives every rank's access and carries the outcome.
     * When every rank read first with the extents of the last call, the call is done (the reasons of a failure
     * are exchanged only when one failed); otherwise some rank's call differs, and every rank goes on as in
     * any call from the extents just gathered, reading again where it read first. Reads are idempotent, so the
     * only trace of a call that turns out otherwise is in this rank's own buffer (a read whose collective
     * fails leaves it undefined, as in MPI); the file is never touched before every rank's checks are known,
     * which is why writes always exchange first.
     */
    private int readFirst(String where, Repeat checked, Transfer t, Comm comm) throws IOException {
        long moved = 0;
        Throwable failed = null;
        try {
            moved = driver.read(t);
        } catch (Throwable x) {
            failed = x;
        }
        if (comm.size() == 1) { // a rank alone repeats its own call: its outcome is the call's
            comm.agree(where, failed);
            return elements(t, moved);
        }
        Extents all = Extents.exchangeAfterRead(comm, checked.fields, failed != null);
        if (!all.aheadOf(checked.readBefore)) return afterExchange(where, false, t, checked, all, null, comm);
        if (all.aheadFailed()) comm.agree(where, failed); // throws on every rank, naming each rank that failed
        return elements(t, moved);
    }

    /**
     * The checked transfer of these arguments: the last call's when this one repeats every argument (the
     * same write every step: the checks, the walk of the view's runs and the fields of the extent
     * exchange are not done again, and nothing is allocated), else {@link Checks#transfer}'s. Held weakly,
     * so that an open file never keeps a program's array alive: a garbage collection at worst costs one
     * new check. Not for memory datatypes (their checks depend on the datatype's walk) nor SEQUENTIAL files
     * (where the same op name may differ in its explicit offset).
     */
    private Repeat checked(String op, boolean explicitOffset, long offset, Elements e, FileView view, Comm comm) {
        Repeat r = last.get();
        if (r != null && r.repeats(op, offset, e, view, comm)) return r;
        Transfer t = Checks.transfer(op, explicitOffset, offset, e, view, amode, path, comm);
        r = new Repeat(t);
        if (e.memtype() == null && !amode.contains(Amode.SEQUENTIAL)) last = new java.lang.ref.WeakReference<>(r);
        return r;
    }

    /** A checked transfer and what it contributes to the extent exchange, made once per distinct call. */
    private static final class Repeat {
        private final Transfer transfer;
        private final long[] fields;
        private final Extents alone;
        /** Every rank's extents in the last successful collective read of this call, or null ({@link #readFirst}). */
        private Extents readBefore;

        Repeat(Transfer t) {
            this.transfer = t;
            this.fields = Extents.fields(t);
            this.alone = Extents.alone(fields);
        }

        Transfer transfer() { return transfer; }

        boolean repeats(String op, long offset, Elements e, FileView view, Comm comm) {
            Transfer t = transfer;
            return t.offset() == offset && t.view() == view && t.comm() == comm && e != null && t.array() == e.array() && e.memtype() == null
                    && t.index() == e.index() && t.count() == e.count() && t.op().equals(op);
        }

        Extents exchange(Comm comm) { return comm.size() == 1 ? alone : Extents.exchange(comm, fields); }

        /**
         * Whether this read may go first: it was read before by this call, and the driver read those extents
         * alone. A rank alone takes the same path: it skips the driver's planning, which it would only repeat.
         */
        boolean readsAlone(FileDriver driver) { return readBefore != null && driver.readsAlone(readBefore); }
    }

    private static int elements(Transfer t, long bytes) { return (int) (bytes >> t.type().shift()); }

    /**
     * A read cut to the elements that lie before the end of the file, as MPI reads only what is there
     * (MPI_Get_count then says how many); under {@code jpio_short_reads=error} an EOFException instead.
     */
    private Transfer readable(Transfer t, boolean write, Hints hints) throws IOException {
        if (write || t.count() == 0 || driver.knownWithin(t.access().end())) return t;
        long size = driver.size();
        if (t.access().end() <= size) return t;
        long before = Math.max(0, t.view().viewBytesBefore(size) - t.from());
        int count = (int) Math.min(t.count(), before / t.type().size());
        if (hints.shortReads() == Hints.Mode.DISABLE)
            throw new EOFException(t.op() + " past end of file: path=" + path + " rank=" + t.comm().rank() + " offset=" + t.offset()
                    + " count=" + t.count() + " elements, of which " + count + " lie before the end (size=" + size + ") and jpio_short_reads=error");
        return t.first(count);
    }
}
