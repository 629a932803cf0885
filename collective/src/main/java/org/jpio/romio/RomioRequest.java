package org.jpio.romio;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.jpio.parallel.Xfer;
import org.jpio.io.ElementType;

/**
 * A nonblocking MPI-IO operation in flight (MPI_Request). It keeps the direct buffer reachable until
 * completion, because MPI writes or reads that memory after the starting call returned; completing
 * (by {@link #waitFor()} or a successful {@link #test()}) advances the buffer's position by the bytes
 * moved. Every request must be completed, as in MPI.
 */
public final class RomioRequest {
    private final long request;
    private final Xfer op;
    private final ByteBuffer buffer;
    private final ElementType type;
    private final String path;
    private final long offset;
    private final int rank;
    private long elements = -1;

    RomioRequest(long request, Xfer op, ByteBuffer buffer, ElementType type, String path, long offset, int rank) {
        this.request = request;
        this.op = op;
        this.buffer = buffer;
        this.type = type;
        this.path = path;
        this.offset = offset;
        this.rank = rank;
    }

    /** MPI_Wait: blocks until done; returns the elements moved. Calling again returns the same count. */
    public synchronized int waitFor() throws IOException {
        if (elements < 0) complete(RomioNative.waitRequest(request), "MPI_Wait");
        return (int) elements;
    }

    /** MPI_Test: true when done (then {@link #waitFor()} returns at once). */
    public synchronized boolean test() throws IOException {
        if (elements >= 0) return true;
        long r = RomioNative.testRequest(request);
        if (r == RomioNative.NOT_DONE) return false;
        complete(r, "MPI_Test");
        return true;
    }

    public synchronized boolean isDone() { return elements >= 0; }

    private void complete(long r, String how) throws IOException {
        long bytes = RomioErrors.check(r, how + " of " + op.mpiNonblockingName(), path, offset, rank);
        buffer.position(buffer.position() + (int) bytes);
        elements = bytes / type.size();
    }
}
