package org.jpio.file;

import java.util.concurrent.atomic.LongAdder;

/** Per-file I/O counters: bytes and operations each way, and nanoseconds spent inside engine calls. */
public final class IoStats {
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder bytesWritten = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder nanos = new LongAdder();

    void read(long bytes, long ns) { bytesRead.add(bytes); reads.increment(); nanos.add(ns); }

    void wrote(long bytes, long ns) { bytesWritten.add(bytes); writes.increment(); nanos.add(ns); }

    void other(long ns) { nanos.add(ns); }

    /** An immutable copy of the counters now. */
    public Snapshot snapshot() {
        return new Snapshot(bytesRead.sum(), bytesWritten.sum(), reads.sum(), writes.sum(), nanos.sum());
    }

    /** Counter values at one moment. {@code ioNanos} covers reads, writes, syncs and sieving I/O. */
    public record Snapshot(long bytesRead, long bytesWritten, long reads, long writes, long ioNanos) {
        @Override public String toString() {
            return "bytesRead=" + bytesRead + " bytesWritten=" + bytesWritten + " reads=" + reads
                    + " writes=" + writes + " ioNanos=" + ioNanos;
        }
    }
}
