package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jpio.io.ElementType;

/**
 * A fake engine in the manner of ROMIO's {@code ad_testfs}: it passes every call on to a real engine and
 * logs it (operation, path, position, length, calling thread), so tests can check which I/O calls a layer
 * above issues, e.g. that two-phase collective I/O writes only from aggregators, in large contiguous pieces.
 *
 * <p>Operations are logged under the {@link EngineFile} method names: open, close, readFully, writeFully,
 * read, readArray, writeArray, readArrayRuns, writeArrayRuns, size, setLength, holeAt, preallocate, sync, advise, lock, unlock. Lengths are in
 * bytes (arrays: count times element size). A call is logged before it runs, so failed calls appear too.
 */
public final class RecordingEngine implements IoEngine {
    public static final String NAME = "recording";

    /** One logged call at a byte position. {@code thread} is the calling thread's name (a rank, under LocalComm). */
    public record Call(String op, Path path, long position, long length, String thread) {
        public boolean isRead() { return op.equals("readFully") || op.equals("read") || op.equals("readArray") || op.equals("readArrayRuns"); }

        public boolean isWrite() { return op.equals("writeFully") || op.equals("writeArray") || op.equals("writeArrayRuns"); }
    }

    private final IoEngine delegate;
    private final List<Call> calls = new ArrayList<>();

    public RecordingEngine(IoEngine delegate) {
        if (delegate == null) throw new IllegalArgumentException("delegate engine is null");
        this.delegate = delegate;
    }

    public IoEngine delegate() { return delegate; }

    /** A snapshot of the calls so far, in the order they were made. */
    public synchronized List<Call> calls() { return List.copyOf(calls); }

    /** The calls so far whose op is one of {@code ops}. */
    public List<Call> calls(String... ops) {
        List<String> wanted = List.of(ops);
        return calls().stream().filter(c -> wanted.contains(c.op())).toList();
    }

    public synchronized void clear() { calls.clear(); }

    private synchronized void log(String op, Path path, long position, long length) {
        calls.add(new Call(op, path, position, length, Thread.currentThread().getName()));
    }

    @Override public String name() { return NAME; }
    @Override public Optional<String> unavailableReason() { return delegate.unavailableReason(); }
    @Override public boolean supportsDirect() { return delegate.supportsDirect(); }

    @Override
    public EngineFile open(Path path, OpenSpec spec) throws IOException {
        log("open", path, 0, 0);
        return new RecordingFile(delegate.open(path, spec));
    }

    /** Logs, then delegates each call, keeping the delegate's own array path (no staging added). */
    private final class RecordingFile implements EngineFile {
        private final EngineFile f;

        RecordingFile(EngineFile f) { this.f = f; }

        @Override public Path path() { return f.path(); }
        @Override public IoEngine engine() { return RecordingEngine.this; }

        @Override public void readFully(long position, ByteBuffer dst) throws IOException {
            log("readFully", f.path(), position, dst.remaining());
            f.readFully(position, dst);
        }

        @Override public void writeFully(long position, ByteBuffer src) throws IOException {
            log("writeFully", f.path(), position, src.remaining());
            f.writeFully(position, src);
        }

        @Override public int read(long position, ByteBuffer dst) throws IOException {
            log("read", f.path(), position, dst.remaining());
            return f.read(position, dst);
        }

        @Override
        public void readArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
            log("readArray", f.path(), position, (long) count << type.shift());
            f.readArray(position, array, type, index, count, order);
        }

        @Override
        public void writeArray(long position, Object array, ElementType type, int index, int count, ByteOrder order) throws IOException {
            log("writeArray", f.path(), position, (long) count << type.shift());
            f.writeArray(position, array, type, index, count, order);
        }

        @Override
        public void writeArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order)
                throws IOException {
            log("writeArrayRuns", f.path(), position, bytes(type, count, n));
            f.writeArrayRuns(position, array, type, index, count, n, order);
        }

        @Override
        public void readArrayRuns(long position, Object array, ElementType type, int[] index, int[] count, int n, ByteOrder order)
                throws IOException {
            log("readArrayRuns", f.path(), position, bytes(type, count, n));
            f.readArrayRuns(position, array, type, index, count, n, order);
        }

        private static long bytes(ElementType type, int[] count, int n) {
            long elements = 0;
            for (int k = 0; k < n; k++) elements += count[k];
            return elements << type.shift();
        }

        @Override public long size() throws IOException {
            log("size", f.path(), 0, 0);
            return f.size();
        }

        @Override public void setLength(long size) throws IOException {
            log("setLength", f.path(), size, 0);
            f.setLength(size);
        }

        @Override public long holeAt(long position) throws IOException {
            log("holeAt", f.path(), position, 0);
            return f.holeAt(position);
        }

        @Override public void preallocate(long position, long length) throws IOException {
            log("preallocate", f.path(), position, length);
            f.preallocate(position, length);
        }

        @Override public void sync(boolean metadata) throws IOException {
            log("sync", f.path(), 0, 0);
            f.sync(metadata);
        }

        @Override public void advise(long position, long length, Advice advice) throws IOException {
            log("advise", f.path(), position, length);
            f.advise(position, length, advice);
        }

        @Override public RangeLock lock(long position, long length, boolean shared) throws IOException {
            log("lock", f.path(), position, length);
            RangeLock l = f.lock(position, length, shared);
            return () -> {
                log("unlock", f.path(), position, length);
                l.close();
            };
        }

        @Override public boolean locksPerProcess() { return f.locksPerProcess(); }

        @Override public void close() throws IOException {
            log("close", f.path(), 0, 0);
            f.close();
        }
    }
}
