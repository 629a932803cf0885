package org.jpio.parallel;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jpio.comm.Call;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.comm.Fingerprint;
import org.jpio.comm.Watchdog;
import org.jpio.driver.FileDriver;
import org.jpio.driver.OpenRequest;
import org.jpio.engine.IoEngine;

/**
 * MPI_File_open: collective over the communicator. Every rank checks its arguments and the driver named by
 * jpio_backend (which may be unavailable here, with the reason), all agree, the path, access modes and
 * every hint are compared across ranks in one exchange, rank 0 creates a new file and sets and reads its
 * stripe layout ({@link OpenLayout}), and the driver opens the file.
 */
final class Opening {
    private Opening() { }

    static ParallelFile open(Comm given, Path path, Set<Amode> amode, Hints hints, IoEngine engine, FileDriver.Factory factory) throws IOException {
        if (given == null) throw new IllegalArgumentException("open: comm is null: path=" + path);
        CountingComm comm = CountingComm.of(given); // the file's calls, open's own included, are counted on it
        // the user's call names errors and the watchdog's reports (bad hints are refused below, by name)
        Call outer = comm.enter(new Call("open", path == null ? "null" : path, hints == null ? Watchdog.defaultMillis() : hints.watchdogMillis()));
        try {
            return opened(given, comm, path, amode, hints, engine, factory);
        } finally {
            comm.leave(outer);
        }
    }

    private static ParallelFile opened(Comm given, CountingComm comm, Path path, Set<Amode> amode, Hints hints, IoEngine engine,
                                       FileDriver.Factory factory) throws IOException {
        String where = "open path=" + path;
        Set<Amode> m = null;
        FileDriver.Factory open = factory;
        RuntimeException bad = null;
        try {
            if (path == null || hints == null) throw new IllegalArgumentException("open: path and hints must not be null: rank=" + comm.rank());
            m = Amode.check(amode);
            if (open == null) {
                Drivers.Entry d = Drivers.get(hints.backend());
                String why = d.unavailable().apply(given).orElse(null);
                if (why != null) throw new IllegalStateException("jpio_backend=" + d.name() + " is unavailable: " + why + ": rank=" + comm.rank());
                open = d.factory();
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            bad = e;
        }
        Path abs = bad == null ? path.toAbsolutePath().normalize() : null;
        Set<Amode> modes = m;
        comm.agreeOnArgumentsAndSame(where, bad, digest(bad, abs, m, hints), () -> { // the explanation: who failed which check, or which value differs where
            List<String> same = new ArrayList<>(List.of("path", abs.toString(), "amode", new TreeSet<>(modes).toString()));
            hints.asMap().forEach((k, v) -> { same.add("hint " + k); same.add(v); });
            return same.toArray(new String[0]);
        });
        // the stripe layout: set on a new file when asked, read, and the source of striping defaults and of
        // the file system's type the driver decides from (rank 0's one look at the file system, not one per rank)
        OpenLayout.Result lay = OpenLayout.prepare(comm, abs, m, hints, org.jpio.layout.NativeFsCalls.INSTANCE);
        Set<Amode> driverModes = m;
        if (lay.created()) { // rank 0 created it just now, exclusively: the driver opens it as an existing file
            driverModes = java.util.EnumSet.copyOf(m);
            driverModes.remove(Amode.EXCL);
        }
        Routines r = new Routines(given, comm, abs, m, lay.hints(), open.open(new OpenRequest(comm, abs, driverModes, lay.hints(), engine, lay.layout().fsType())));
        r.layout = lay;
        r.openCounts = comm.counts();
        if (m.contains(Amode.APPEND)) { // MPI: every file pointer starts at the end; the default view's etype is a byte
            r.pointer = r.driver.size();
            r.shared.set("open", r.pointer);
            comm.barrier();
        }
        return new ParallelFile(r);
    }

    /** The digest of the path, the access modes and every hint, which all ranks must pass alike (0 after a failed check). */
    private static long digest(RuntimeException bad, Path abs, Set<Amode> amode, Hints hints) {
        if (bad != null) return 0;
        long modes = 0;
        for (Amode a : amode) modes |= 1L << a.ordinal();
        long digest = Fingerprint.of(abs.toString()) * 31 + modes;
        return digest * 0x9e3779b97f4a7c15L + hints.fingerprint();
    }
}
