package org.jpio.parallel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.engine.EngineFile;
import org.jpio.engine.IoEngine;
import org.jpio.engine.OpenSpec;
import org.jpio.io.ElementType;

/**
 * An engine that throws at the n-th read or write of its files (then at every one after it): an
 * IOException, a RuntimeException or an Error, as a failing disk, a bug or a resource exhaustion would.
 * One per rank; only the chosen rank's fails.
 */
final class FaultyEngine implements IoEngine {
    enum Kind { IO, RUNTIME, ERROR }

    private final IoEngine delegate;
    private final int failAt;
    private final Kind kind;
    private final boolean onReads;
    private final AtomicInteger calls = new AtomicInteger();

    /** {@code failAt}: the 1-based number of the failing read or write; 0 never fails. */
    FaultyEngine(IoEngine delegate, int failAt, Kind kind, boolean onReads) {
        this.delegate = delegate;
        this.failAt = failAt;
        this.kind = kind;
        this.onReads = onReads;
    }

    static String message(Kind kind) { return "injected " + kind + " fault"; }

    private void maybeFail(boolean read) throws IOException {
        if (failAt == 0 || read != onReads || calls.incrementAndGet() < failAt) return;
        switch (kind) {
            case IO -> throw new IOException(message(kind));
            case RUNTIME -> throw new IllegalStateException(message(kind));
            default -> throw new AssertionError(message(kind));
        }
    }

    @Override public String name() { return "faulty"; }
    @Override public Optional<String> unavailableReason() { return delegate.unavailableReason(); }
    @Override public boolean supportsDirect() { return delegate.supportsDirect(); }

    @Override public EngineFile open(Path path, OpenSpec spec) throws IOException {
        EngineFile f = delegate.open(path, spec);
        return new EngineFile() {
            @Override public Path path() { return f.path(); }
            @Override public IoEngine engine() { return FaultyEngine.this; }
            @Override public void readFully(long position, ByteBuffer dst) throws IOException { maybeFail(true); f.readFully(position, dst); }
            @Override public void writeFully(long position, ByteBuffer src) throws IOException { maybeFail(false); f.writeFully(position, src); }
            @Override public int read(long position, ByteBuffer dst) throws IOException { maybeFail(true); return f.read(position, dst); }
            @Override public void readArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
                maybeFail(true);
                f.readArray(position, array, type, index, count, order);
            }
            @Override public void writeArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
                maybeFail(false);
                f.writeArray(position, array, type, index, count, order);
            }
            @Override public void writeArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order)
                    throws IOException {
                maybeFail(false);
                f.writeArrayRuns(position, array, type, index, count, n, order);
            }
            @Override public void readArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order)
                    throws IOException {
                maybeFail(true);
                f.readArrayRuns(position, array, type, index, count, n, order);
            }
            @Override public long size() throws IOException { return f.size(); }
            @Override public void setLength(long size) throws IOException { f.setLength(size); }
            @Override public long holeAt(long position) throws IOException { return f.holeAt(position); }
            @Override public void preallocate(long position, long length) throws IOException { f.preallocate(position, length); }
            @Override public void sync(boolean metadata) throws IOException { f.sync(metadata); }
            @Override public RangeLock lock(long position, long length, boolean shared) throws IOException { return f.lock(position, length, shared); }
            @Override public boolean locksPerProcess() { return f.locksPerProcess(); }
            @Override public void close() throws IOException { f.close(); }
        };
    }
}
