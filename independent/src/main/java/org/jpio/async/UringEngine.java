package org.jpio.async;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jpio.engine.NativeLibrary;
import org.jpio.engine.OpenSpec;

/**
 * The native engine: Linux io_uring through libjpiouring (liburing). Each file has its own ring and a
 * completion thread; pieces become queue entries, at most {@link AsyncOptions#queueDepth()} in flight,
 * the rest wait in a Java queue. Supports {@code O_DIRECT}.
 *
 * <p>Buffers: the kernel writes into memory after the JNI call has returned, so a Java array cannot be
 * handed over (a {@code GetPrimitiveArrayCritical} pin must end before the call returns, and
 * {@code Get<Type>ArrayElements} copies on HotSpot anyway). Arrays and heap ByteBuffers are therefore
 * staged through pooled, page-aligned direct buffers ({@link BufferPool}) in Java, where
 * {@link org.jpio.io.ElementType} also applies the byte order: writes are copied at initiation, reads are
 * copied out by the completion thread before the piece is reported done. Direct ByteBuffers go to the
 * kernel as they are (when O_DIRECT is on, only if page-aligned). Staging and submission run on the
 * file's stager thread, not the caller's: the caller only queues the piece, so initiating a large write
 * costs it no copy (it promised not to touch the array until Done), which is what lets a double-buffered
 * program keep computing.
 *
 * <p>Short transfers are resubmitted for the remainder from Java; a read that returns 0 bytes is an
 * EOFException, a write that moves 0 bytes is ENOSPC.
 */
public final class UringEngine implements AsyncEngine {
    public static final String NAME = "uring";
    private static final long WAKE = 0, CANCEL_TAG = -1;
    private static final int ENOSPC = 28, EPERM = 1, ENOSYS = 38;

    private final String library;
    private volatile Optional<String> reason;

    public UringEngine() { this("jpiouring"); }

    /** An engine backed by {@code lib<library>.so}; another name is only useful to test the unavailable path. */
    UringEngine(String library) { this.library = library; }

    @Override public String name() { return NAME; }

    @Override public boolean supportsDirect() { return true; }

    @Override
    public Optional<String> unavailableReason() {
        Optional<String> r = reason;
        if (r == null) reason = r = probe();
        return r;
    }

    private Optional<String> probe() {
        Optional<String> lib = NativeLibrary.load(library);
        if (lib.isPresent()) return Optional.of("lib" + library + ".so did not load: " + lib.get());
        int rc = UringNative.probe();
        if (rc == 0) return Optional.empty();
        String why = UringNative.errnoException(-rc, "io_uring_queue_init", "(probe)", 0, 0).getMessage();
        if (rc == -EPERM || rc == -ENOSYS)
            why += " -- io_uring is blocked here (a container's seccomp profile, or sysctl kernel.io_uring_disabled)";
        return Optional.of(why);
    }

    @Override
    public AsyncChannel open(Path path, OpenSpec spec, AsyncOptions options) throws IOException {
        Optional<String> why = unavailableReason();
        if (why.isPresent()) throw new IllegalArgumentException("engine=uring is unavailable: " + why.get() + " path=" + path);
        var o = spec.options();
        int fd = UringNative.open(path.toString(), spec.writable(), o.contains(StandardOpenOption.CREATE),
                o.contains(StandardOpenOption.CREATE_NEW), o.contains(StandardOpenOption.TRUNCATE_EXISTING), spec.direct());
        try {
            long ring = UringNative.create(options.queueDepth(), path.toString());
            return new Channel(path, fd, ring, options.queueDepth(), spec.direct());
        } catch (IOException | RuntimeException e) {
            UringNative.close(fd);
            throw e;
        }
    }

    /** One queue entry's worth of work: a piece, the memory the kernel sees, and how far it got. */
    private static final class Op {
        final Piece piece;
        final ByteBuffer mem;
        final boolean staged;
        int done;
        long id;
        boolean cancelRequested;

        Op(Piece piece, ByteBuffer mem, boolean staged) {
            this.piece = piece;
            this.mem = mem;
            this.staged = staged;
        }
    }

    private static final class Channel implements AsyncChannel {
        private final Path path;
        private final int fd;
        private final long ring;
        private final int capacity;
        private final boolean direct;
        private final Object lock = new Object();
        private final Map<Long, Op> running = new HashMap<>();
        private final ArrayDeque<Op> waiting = new ArrayDeque<>();
        private final Thread reaper;
        private final java.util.concurrent.ExecutorService stager;
        private int inflight;
        private long nextId = 1;
        private boolean closing;

        Channel(Path path, int fd, long ring, int capacity, boolean direct) {
            this.path = path;
            this.fd = fd;
            this.ring = ring;
            this.capacity = capacity;
            this.direct = direct;
            this.reaper = new Thread(this::reap, "jpio-uring-" + path.getFileName());
            reaper.setDaemon(true);
            reaper.start();
            this.stager = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "jpio-uring-stage-" + path.getFileName());
                t.setDaemon(true);
                return t;
            });
        }

        @Override public long size() throws IOException { return UringNative.size(fd); }

        @Override
        public void submit(Piece p) throws IOException {
            synchronized (lock) {
                if (closing) throw new FileNotOpenException(org.jpio.io.FileClosedException.message(p.op(), path, p.position, p.bytes()));
            }
            stager.execute(() -> {
                try {
                    if (p.cancelRequested) {
                        p.finish(null, true);
                        return;
                    }
                    enqueue(stage(p));
                } catch (RuntimeException | OutOfMemoryError e) {
                    p.finish(new IOException(p.op() + " could not be staged: path=" + path + " offset=" + p.position
                            + " length=" + p.bytes() + ": " + e, e), false);
                }
            });
        }

        /** On the stager thread: the staged op goes to the kernel, or waits for a free queue entry. */
        private void enqueue(Op op) {
            op.piece.handle = op;
            List<Runnable> after = new ArrayList<>(1);
            synchronized (lock) {
                if (inflight < capacity) start(op, after);
                else waiting.add(op);
            }
            after.forEach(Runnable::run);
        }

        /** Chooses the memory the kernel will use; copies the data in for a staged write. */
        private Op stage(Piece p) {
            if (!p.isTransfer()) return new Op(p, null, false);
            if (p.buffer != null && p.buffer.isDirect()
                    && (!direct || p.buffer.alignmentOffset(0, AsyncOptions.DIRECT_ALIGNMENT) == 0))
                return new Op(p, p.buffer, false);
            ByteBuffer mem = BufferPool.SHARED.take(p.bytes());
            if (p.kind == Piece.Kind.WRITE) {
                if (p.array != null) p.type.put(mem.order(p.order), p.array, p.index, p.count);
                else mem.put(p.buffer.duplicate());
                mem.flip();
            }
            return new Op(p, mem, true);
        }

        /** Under the lock: hands the op (or its remainder) to the kernel. */
        private void start(Op op, List<Runnable> after) {
            long id = nextId++;
            op.id = id;
            running.put(id, op);
            inflight++;
            Piece p = op.piece;
            int code = switch (p.kind) {
                case READ -> UringNative.OP_READ;
                case WRITE -> UringNative.OP_WRITE;
                case SYNC -> UringNative.OP_FSYNC;
                case DATASYNC -> UringNative.OP_FDATASYNC;
            };
            int len = p.bytes() - op.done;
            int rc = UringNative.submit(ring, code, fd, op.mem, op.done, len, p.position + op.done, id);
            if (rc < 0) {
                running.remove(id);
                inflight--;
                IOException e = UringNative.errnoException(-rc, "io_uring_submit " + p.op(), path.toString(), p.position + op.done, len);
                after.add(() -> fail(op, e));
            }
        }

        private void reap() {
            long[] data = new long[128];
            int[] res = new int[128];
            while (true) {
                int n = UringNative.reap(ring, data, res);
                if (n == -UringNative.EINTR) continue;
                List<Runnable> after = new ArrayList<>();
                boolean exit = false;
                synchronized (lock) {
                    if (n < 0) {
                        IOException e = UringNative.errnoException(-n, "io_uring_wait_cqe", path.toString(), 0, 0);
                        for (Op op : running.values()) after.add(() -> fail(op, e));
                        for (Op op : waiting) after.add(() -> fail(op, e));
                        running.clear();
                        waiting.clear();
                        exit = true;
                    }
                    for (int i = 0; i < n; i++) {
                        if (data[i] == WAKE || data[i] == CANCEL_TAG) {
                            inflight--;
                            exit |= data[i] == WAKE && closing;
                            continue;
                        }
                        Op op = running.remove(data[i]);
                        if (op == null) continue;
                        inflight--;
                        completed(op, res[i], after);
                    }
                    while (inflight < capacity && !waiting.isEmpty()) start(waiting.poll(), after);
                }
                after.forEach(Runnable::run);
                if (exit) return;
            }
        }

        /** Under the lock: one completion entry for {@code op} with result {@code r}. */
        private void completed(Op op, int r, List<Runnable> after) {
            Piece p = op.piece;
            long at = p.position + op.done;
            int left = p.bytes() - op.done;
            if (r == -UringNative.ECANCELED) {
                after.add(() -> cancelled(op));
            } else if (r < 0) {
                IOException e = UringNative.errnoException(-r, p.op(), path.toString(), p.isTransfer() ? at : 0, left);
                after.add(() -> fail(op, e));
            } else if (!p.isTransfer() || r == left) {
                after.add(() -> succeed(op));
            } else if (r == 0) {
                IOException e = UringNative.errnoException(p.kind == Piece.Kind.READ ? 0 : ENOSPC, p.op(), path.toString(), at, left);
                after.add(() -> fail(op, e));
            } else {
                op.done += r;
                if (op.cancelRequested) after.add(() -> cancelled(op));
                else start(op, after);
            }
        }

        private void succeed(Op op) {
            Piece p = op.piece;
            if (op.staged && p.kind == Piece.Kind.READ) {
                ByteBuffer mem = op.mem.position(0).limit(p.bytes());
                if (p.array != null) p.type.get(mem.order(p.order), p.array, p.index, p.count);
                else p.buffer.duplicate().put(mem);
            }
            release(op);
            p.finish(null, false);
        }

        private void fail(Op op, IOException e) {
            release(op);
            op.piece.finish(e, false);
        }

        private void cancelled(Op op) {
            release(op);
            op.piece.finish(null, true);
        }

        private static void release(Op op) {
            if (op.staged) BufferPool.SHARED.give(op.mem);
        }

        @Override
        public void cancel(Piece p) {
            p.cancelRequested = true; // not staged yet: the stager drops it
            if (!(p.handle instanceof Op op)) return;
            boolean dropped;
            synchronized (lock) {
                dropped = waiting.remove(op);
                if (!dropped && running.get(op.id) == op && !op.cancelRequested) {
                    op.cancelRequested = true;
                    // best effort: a transfer already running in the kernel's workers completes anyway
                    if (inflight < capacity && UringNative.submit(ring, UringNative.OP_CANCEL, fd, null, 0, 0, op.id, CANCEL_TAG) == 0)
                        inflight++;
                }
            }
            if (dropped) cancelled(op);
        }

        @Override
        public void close() throws IOException {
            synchronized (lock) {
                closing = true;
                int rc = UringNative.submit(ring, UringNative.OP_NOP, fd, null, 0, 0, 0, WAKE);
                if (rc < 0) throw UringNative.errnoException(-rc, "io_uring_submit nop (close)", path.toString(), 0, 0);
                inflight++;
            }
            try {
                reaper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("close interrupted while the completion thread drains: path=" + path);
            }
            stager.shutdown();
            UringNative.destroy(ring);
            UringNative.close(fd);
        }
    }
}
