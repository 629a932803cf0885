package org.jpio.parallel;

import java.util.concurrent.Callable;
import org.jpio.comm.Comm;
import org.jpio.comm.mpi.MpiComm;

/**
 * Where a file's nonblocking transfers run: its {@link Lane} (one background thread) and a duplicate of
 * the file's communicator, both made when the first one starts, so that a collective transfer progresses
 * while the program computes and runs collectives of its own on the original communicator. On MPI
 * processes this needs MPI_THREAD_MULTIPLE (jpio asks for it when it initialises MPI).
 */
final class Background implements AutoCloseable {
    private final Comm comm;
    private final String name;
    private Lane lane;
    private Comm dup;

    Background(Comm comm, String name) {
        this.comm = comm;
        this.name = name;
    }

    /** Why nonblocking collective transfers cannot progress on their own here, or null. Every rank answers alike. */
    static String unavailable(Comm comm) {
        if (org.jpio.comm.CountingComm.unwrap(comm) instanceof MpiComm && !MpiComm.threadMultiple())
            return "a background thread needs MPI_THREAD_MULTIPLE, and MPI provided level " + MpiComm.threadLevel();
        return null;
    }

    /** Collective the first time (the duplicate communicator): the communicator collective background work runs on. */
    synchronized Comm comm() {
        if (dup == null) dup = comm.dup();
        return dup;
    }

    synchronized <T> java.util.concurrent.CompletableFuture<T> submit(Callable<T> work) {
        if (lane == null) lane = new Lane(name);
        return lane.submit(work);
    }

    /** Waits until everything started has completed: blocking calls keep their order after nonblocking ones. */
    void drain() {
        Lane l;
        synchronized (this) { l = lane; }
        if (l != null) l.drain();
    }

    /** After the last transfer: the thread ends and the duplicate is freed (collective when there is one). */
    @Override public synchronized void close() {
        if (lane != null) lane.close();
        if (dup != null) dup.close();
        lane = null;
        dup = null;
    }
}
