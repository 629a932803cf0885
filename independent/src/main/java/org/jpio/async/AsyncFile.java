package org.jpio.async;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jpio.engine.IoErrors;
import org.jpio.engine.OpenSpec;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotWritableException;

/**
 * Non-blocking bulk reads and writes of primitive arrays and ByteBuffers (the seed's {@code AsyncFile}).
 * Each initiation validates its arguments (array range, file position, end of file, open state and
 * mode, as the blocking tier does: {@link FileNotOpenException} is a {@link org.jpio.io.FileClosedException},
 * a write on an "r" file a {@link FileNotWritableException}), starts the
 * transfer and returns an {@link AsyncRequest} at once; the caller computes meanwhile and later waits
 * with a Done call.
 *
 * <pre>{@code
 * try (AsyncFile f = AsyncFile.open(path, "rw", ByteOrder.BIG_ENDIAN)) {
 *     AsyncRequest r = f.read(next, 0, next.length);   // starts reading the next block
 *     Arrays.sort(cur);                                // ... while this one is sorted
 *     AsyncRequest w = f.writeAt(outPos, cur, 0, cur.length);
 *     AsyncFile.allDone(AsyncFile.TIME_INF, r, w);
 * }
 * }</pre>
 *
 * <p>{@link #read}/{@link #write} use the file pointer, which advances at initiation, so consecutive calls
 * address consecutive ranges; {@code readAt}/{@code writeAt} are positional. The caller must not touch a
 * buffer until a Done call has returned true for its request. Reads past the end of the file fail at
 * initiation with EOFException (the size is the file's plus the ends of writes already initiated);
 * writes past the end grow the file. A ByteBuffer's bytes between position and limit are transferred;
 * its position and limit are left alone.
 */
public final class AsyncFile implements Closeable {
    /** A timeout meaning "block until done". */
    public static final long TIME_INF = Long.MAX_VALUE;

    private final Path path;
    private final boolean writable;
    private final ByteOrder order;
    private final AsyncOptions options;
    private final AsyncEngine engine;
    private final AsyncEngine.AsyncChannel channel;
    private final Object pointerLock = new Object();
    private long pointer;
    private final AtomicLong knownSize;
    /** Requests in flight, or failed and not yet reported: what {@link #allDone(long)} looks at. */
    private final Set<AsyncRequest> outstanding = ConcurrentHashMap.newKeySet();
    private final Object overlapLock = new Object();
    private final AtomicBoolean closed = new AtomicBoolean();

    private AsyncFile(Path path, boolean writable, ByteOrder order, AsyncOptions options, AsyncEngine engine,
                      AsyncEngine.AsyncChannel channel) throws IOException {
        this.path = path;
        this.writable = writable;
        this.order = order;
        this.options = options;
        this.engine = engine;
        this.channel = channel;
        this.knownSize = new AtomicLong(channel.size());
    }

    /** Opens in native byte order with the default options. */
    public static AsyncFile open(Path path, String mode) throws IOException {
        return open(path, mode, ByteOrder.nativeOrder(), AsyncOptions.defaults());
    }

    public static AsyncFile open(Path path, String mode, ByteOrder order) throws IOException {
        return open(path, mode, order, AsyncOptions.defaults());
    }

    /**
     * Opens {@code path}: mode "r" reads only (the file must exist), "rw" reads and writes, creating the
     * file when missing (as RandomAccessFile). Multi-byte elements are stored in {@code order}.
     */
    public static AsyncFile open(Path path, String mode, ByteOrder order, AsyncOptions options) throws IOException {
        if (path == null) throw new IllegalArgumentException("path is null");
        if (order == null) throw new IllegalArgumentException("byte order is null: path=" + path);
        if (options == null) throw new IllegalArgumentException("options is null: path=" + path);
        if (!"r".equals(mode) && !"rw".equals(mode))
            throw new IllegalArgumentException("mode=" + mode + " must be \"r\" or \"rw\": path=" + path);
        return open(path, mode, order, options, AsyncEngines.select(options));
    }

    /** Opens with an explicit engine instance (tests, and engines outside the registry). */
    static AsyncFile open(Path path, String mode, ByteOrder order, AsyncOptions options, AsyncEngine engine) throws IOException {
        Set<StandardOpenOption> modes = switch (String.valueOf(mode)) {
            case "r" -> EnumSet.of(StandardOpenOption.READ);
            case "rw" -> EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
            default -> throw new IllegalArgumentException("mode=" + mode + " must be \"r\" or \"rw\": path=" + path);
        };
        if (options.direct() && !engine.supportsDirect())
            throw new IllegalArgumentException("async engine=" + engine.name() + " does not support O_DIRECT here: path=" + path);
        AsyncEngine.AsyncChannel ch = engine.open(path, new OpenSpec(modes, options.direct()), options);
        try {
            return new AsyncFile(path, mode.equals("rw"), order, options, engine, ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    public Path path() { return path; }

    public ByteOrder order() { return order; }

    public AsyncOptions options() { return options; }

    /** The engine actually serving this file (after "auto" was resolved). */
    public AsyncEngine engine() { return engine; }

    /** The current size of the file; undefined while writes that grow it are in flight (as the seed says). */
    public long length() throws IOException {
        ensureOpen("length", 0, 0);
        return channel.size();
    }

    public long getFilePointer() throws IOException {
        ensureOpen("getFilePointer", 0, 0);
        synchronized (pointerLock) { return pointer; }
    }

    /** Sets where the next {@link #read}/{@link #write} starts; may lie past the end (a later write grows the file). */
    public void seek(long position) throws IOException {
        if (position < 0) throw new IllegalArgumentException("seek: position=" + position + " is negative: path=" + path);
        ensureOpen("seek", position, 0);
        synchronized (pointerLock) { pointer = position; }
    }

    // ---- arrays ----------------------------------------------------------------------------------

    /** Reads {@code count} elements into {@code array[index..]} from the file pointer, which advances now. */
    public AsyncRequest read(Object array, int index, int count) throws IOException {
        return atPointer(Piece.Kind.READ, array, index, count, null);
    }

    /** Writes {@code count} elements of {@code array[index..]} at the file pointer, which advances now. */
    public AsyncRequest write(Object array, int index, int count) throws IOException {
        return atPointer(Piece.Kind.WRITE, array, index, count, null);
    }

    /** Reads {@code count} elements into {@code array[index..]} from the byte {@code position} of the file. */
    public AsyncRequest readAt(long position, Object array, int index, int count) throws IOException {
        return initiate(Piece.Kind.READ, position, array, index, count, null);
    }

    /** Writes {@code count} elements of {@code array[index..]} at the byte {@code position} of the file. */
    public AsyncRequest writeAt(long position, Object array, int index, int count) throws IOException {
        return initiate(Piece.Kind.WRITE, position, array, index, count, null);
    }

    // ---- byte buffers ------------------------------------------------------------------------------

    public AsyncRequest read(ByteBuffer dst) throws IOException { return atPointer(Piece.Kind.READ, null, 0, 0, dst); }

    public AsyncRequest write(ByteBuffer src) throws IOException { return atPointer(Piece.Kind.WRITE, null, 0, 0, src); }

    public AsyncRequest readAt(long position, ByteBuffer dst) throws IOException {
        return initiate(Piece.Kind.READ, position, null, 0, 0, dst);
    }

    public AsyncRequest writeAt(long position, ByteBuffer src) throws IOException {
        return initiate(Piece.Kind.WRITE, position, null, 0, 0, src);
    }

    // ---- sync --------------------------------------------------------------------------------------

    /**
     * Flushes to the device, asynchronously: it starts once every write initiated before it has finished,
     * so its completion means those writes are durable. {@code metadata} false is fdatasync.
     */
    public AsyncRequest sync(boolean metadata) throws IOException {
        ensureOpen("sync", 0, 0);
        AsyncRequest r = new AsyncRequest(this, "sync", 0, 0, false);
        Piece p = Piece.sync(r, metadata);
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        for (AsyncRequest o : outstanding) if (o.isWrite() && !o.isDone()) writes.add(o.finished());
        r.setPieces(List.of(p));
        outstanding.add(r);
        CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).whenComplete((v, t) -> submit(p));
        return r;
    }

    /** {@code sync(true)}: data and metadata (fsync). */
    public AsyncRequest sync() throws IOException { return sync(true); }

    // ---- completion --------------------------------------------------------------------------------

    /** Waits for every outstanding request of this file; true when none is left in flight. Throws a failure once. */
    public boolean allDone(long timeoutMillis) throws IOException {
        return allDone(timeoutMillis, outstanding.toArray(new AsyncRequest[0]));
    }

    /** Cancels every request of this file still in flight. */
    public void cancel() {
        for (AsyncRequest r : outstanding.toArray(new AsyncRequest[0])) r.cancel();
    }

    /**
     * Waits until all listed requests are done or the timeout expires (0 polls, {@link #TIME_INF} blocks);
     * returns whether all are done. Null entries are ignored. A failure of any listed request that is done
     * and not yet reported is thrown (others attached as suppressed), once.
     */
    public static boolean allDone(long timeoutMillis, AsyncRequest... requests) throws IOException {
        return Completion.done(timeoutMillis, requests, true);
    }

    /** As {@link #allDone(long, AsyncRequest...)} but returns as soon as one listed request is done. */
    public static boolean anyDone(long timeoutMillis, AsyncRequest... requests) throws IOException {
        return Completion.done(timeoutMillis, requests, false);
    }

    // ---- close -------------------------------------------------------------------------------------

    /**
     * Waits for every outstanding request, then closes the file. Operations after close throw
     * {@link FileNotOpenException}. A failure no Done call has reported yet is thrown here, so none is lost
     * (cancellations are not: the caller asked for them).
     */
    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) return;
        for (AsyncRequest r : outstanding.toArray(new AsyncRequest[0])) r.finished().join();
        channel.close();
        List<AsyncRequest> failed = new ArrayList<>();
        for (AsyncRequest r : outstanding) if (r.state() == AsyncRequest.State.FAILED) failed.add(r);
        outstanding.clear();
        Completion.throwFailures(failed);
    }

    public boolean isOpen() { return !closed.get(); }

    // ---- initiation --------------------------------------------------------------------------------

    private AsyncRequest atPointer(Piece.Kind kind, Object array, int index, int count, ByteBuffer buf) throws IOException {
        synchronized (pointerLock) {
            AsyncRequest r = initiate(kind, pointer, array, index, count, buf);
            pointer += r.length();
            return r;
        }
    }

    private AsyncRequest initiate(Piece.Kind kind, long position, Object array, int index, int count, ByteBuffer buf) throws IOException {
        String op = kind == Piece.Kind.READ ? "read" : "write";
        ElementType type = null;
        long length;
        if (buf == null) {
            type = ElementType.of(array);
            try {
                type.checkRange(array, index, count);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(op + " path=" + path + " offset=" + position + ": " + e.getMessage());
            }
            length = (long) count << type.shift();
        } else {
            length = buf.remaining();
        }
        if (position < 0 || position > Long.MAX_VALUE - length)
            throw new IllegalArgumentException(op + ": position and length must be non-negative and not overflow: path=" + path
                    + " offset=" + position + " length=" + length);
        ensureOpen(op, position, length);
        if (kind == Piece.Kind.WRITE && !writable) throw FileNotWritableException.of(op, path, position, length, "r");
        if (options.direct()) checkDirect(op, position, length);
        if (kind == Piece.Kind.READ) checkWithinFile(position, length);
        else knownSize.accumulateAndGet(position + length, Math::max);
        AsyncRequest r = new AsyncRequest(this, op, position, length, kind == Piece.Kind.WRITE);
        r.setPieces(split(r, kind, position, array, type, index, count, buf));
        if (r.isDone()) return r;
        if (options.checkOverlap()) {
            synchronized (overlapLock) {
                checkOverlap(r);
                outstanding.add(r);
            }
        } else {
            outstanding.add(r);
        }
        for (Piece p : pieces(r)) submit(p);
        return r;
    }

    private List<Piece> pieces(AsyncRequest r) { return r.piecesView(); }

    private List<Piece> split(AsyncRequest r, Piece.Kind kind, long position, Object array, ElementType type, int index, int count, ByteBuffer buf) {
        List<Piece> ps = new ArrayList<>();
        int pieceBytes = options.pieceBytes();
        if (buf == null) {
            int per = pieceBytes >> type.shift();
            for (int done = 0; done < count; done += per) {
                int n = Math.min(per, count - done);
                ps.add(Piece.ofArray(r, kind, position + ((long) done << type.shift()), array, type, index + done, n, order));
            }
        } else {
            int start = buf.position(), total = buf.remaining();
            for (int done = 0; done < total; done += pieceBytes) {
                int n = Math.min(pieceBytes, total - done);
                ps.add(Piece.ofBuffer(r, kind, position + done, buf.slice(start + done, n)));
            }
        }
        return ps;
    }

    /** Hands a piece to the engine; a refusal (closed engine, submit error) becomes the piece's failure. */
    private void submit(Piece p) {
        try {
            channel.submit(p);
        } catch (IOException e) {
            p.finish(e, false);
        } catch (RuntimeException e) {
            p.finish(new IOException(p.op() + " could not start: path=" + path + " offset=" + p.position + ": " + e, e), false);
        }
    }

    private void checkDirect(String op, long position, long length) {
        int a = AsyncOptions.DIRECT_ALIGNMENT;
        if (position % a != 0 || length % a != 0)
            throw new IllegalArgumentException(op + " with O_DIRECT needs position and length multiples of " + a + ": path=" + path
                    + " offset=" + position + " length=" + length);
    }

    private void checkWithinFile(long position, long length) throws IOException {
        long end = position + length;
        if (end <= knownSize.get()) return;
        long size = knownSize.accumulateAndGet(channel.size(), Math::max); // another writer may have grown it
        if (end > size) throw IoErrors.eof("read", path, position, length, size);
    }

    private void checkOverlap(AsyncRequest r) {
        long end = r.position() + r.length();
        for (AsyncRequest o : outstanding) {
            if (o.isDone() || !(o.isWrite() || r.isWrite()) || o.length() == 0) continue;
            if (r.position() < o.position() + o.length() && o.position() < end)
                throw new IllegalArgumentException(r.op() + " overlaps an in-flight " + o.op() + ": path=" + path + " offset="
                        + r.position() + " length=" + r.length() + " other_offset=" + o.position() + " other_length=" + o.length());
        }
    }

    private void ensureOpen(String op, long position, long length) throws FileNotOpenException {
        if (closed.get())
            throw new FileNotOpenException(FileClosedException.message(op, path, position, length));
    }

    void cancelPiece(Piece p) { channel.cancel(p); }

    /** The request needs no more attention from {@link #allDone(long)}. */
    void forget(AsyncRequest r) { outstanding.remove(r); }

    @Override
    public String toString() {
        return "AsyncFile[path=" + path + " engine=" + engine.name() + " order=" + order + (options.direct() ? " O_DIRECT" : "") + "]";
    }
}
