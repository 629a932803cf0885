package org.jpio.async;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jpio.engine.OpenSpec;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/**
 * The portable engine: each file gets a bounded pool of {@link AsyncOptions#threads()} worker threads
 * that run pieces as blocking positional transfers on the bulk tier's {@link ArrayFile} (whose engine,
 * nio or native, is the bulk default). Arrays need no staging here: the worker thread blocks inside
 * the transfer, so the array is only touched while the Java call is running.
 */
public final class PortableEngine implements AsyncEngine {
    public static final String NAME = "portable";

    @Override public String name() { return NAME; }

    @Override public boolean supportsDirect() { return ArrayFileOptions.defaults().engine().supportsDirect(); }

    @Override
    public AsyncChannel open(Path path, OpenSpec spec, AsyncOptions options) throws IOException {
        ArrayFile f = ArrayFile.open(path, ArrayFileOptions.defaults().withDirect(spec.direct()), spec.options());
        return new Channel(f, options.threads());
    }

    private static final class Channel implements AsyncChannel {
        private static final AtomicInteger FILES = new AtomicInteger();
        private final ArrayFile file;
        private final ThreadPoolExecutor pool;

        Channel(ArrayFile file, int threads) {
            this.file = file;
            int id = FILES.incrementAndGet();
            AtomicInteger n = new AtomicInteger();
            this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "jpio-async-" + id + "-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
            pool.allowCoreThreadTimeOut(true);
        }

        @Override public long size() throws IOException { return file.size(); }

        @Override
        public void submit(Piece p) {
            Task t = new Task(p);
            p.handle = t;
            pool.execute(t);
        }

        /**
         * A piece as a pool task. Cancelling wins only while the task is still queued (a CAS on the same
         * flag the worker takes), so a cancelled piece never touches its buffer; FutureTask would report
         * "cancelled" while the worker still ran.
         */
        private final class Task implements Runnable {
            private final Piece piece;
            private final AtomicBoolean claimed = new AtomicBoolean();

            Task(Piece p) { this.piece = p; }

            @Override
            public void run() {
                if (!claimed.compareAndSet(false, true)) return;
                IOException error = null;
                try {
                    Channel.this.run(piece);
                } catch (IOException e) {
                    error = e;
                } catch (RuntimeException e) {
                    error = new IOException(piece.op() + " failed: path=" + file.path() + " offset=" + piece.position
                            + " length=" + piece.bytes() + ": " + e, e);
                }
                piece.finish(error, false);
            }

            void cancel() {
                if (claimed.compareAndSet(false, true)) {
                    pool.remove(this);
                    piece.finish(null, true);
                }
            }
        }

        private void run(Piece p) throws IOException {
            switch (p.kind) {
                case READ -> {
                    if (p.array != null) file.engineFile().readArray(p.position, p.array, p.type, p.index, p.count, p.order);
                    else file.engineFile().readFully(p.position, p.buffer.duplicate());
                }
                case WRITE -> {
                    if (p.array != null) file.engineFile().writeArray(p.position, p.array, p.type, p.index, p.count, p.order);
                    else file.engineFile().writeFully(p.position, p.buffer.duplicate());
                }
                case SYNC -> file.sync(true);
                case DATASYNC -> file.sync(false);
            }
        }

        @Override
        public void cancel(Piece p) {
            if (p.handle instanceof Task t) t.cancel();
        }

        @Override
        public void close() throws IOException {
            pool.shutdown();
            file.close();
        }
    }
}
