package org.jpio.examples.sort;

import java.io.IOException;
import org.jpio.async.AsyncFile;
import org.jpio.async.AsyncRequest;

/** Accumulates the time a sort spends inside I/O calls (initiations and waits): its "blocked on I/O" time. */
final class IoClock {
    private long nanos;

    long nanos() { return nanos; }

    void add(long ns) { nanos += ns; }

    /** Blocks until all requests are done, counting the wait. */
    void await(AsyncRequest... rs) throws IOException {
        long t0 = System.nanoTime();
        AsyncFile.allDone(AsyncFile.TIME_INF, rs);
        nanos += System.nanoTime() - t0;
    }

    /** Runs an initiation (which stages data for the engine) and counts it. */
    AsyncRequest start(Initiation i) throws IOException {
        long t0 = System.nanoTime();
        try {
            return i.start();
        } finally {
            nanos += System.nanoTime() - t0;
        }
    }

    interface Initiation { AsyncRequest start() throws IOException; }
}
