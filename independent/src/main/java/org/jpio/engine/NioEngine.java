package org.jpio.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;

/**
 * The pure-Java engine: a {@link FileChannel} with positional reads and writes, arrays staged through a
 * small per-thread direct buffer ({@link Staging}). Works everywhere Java does; no O_DIRECT.
 */
public final class NioEngine implements IoEngine {
    public static final String NAME = "nio";

    @Override public String name() { return NAME; }

    @Override
    public EngineFile open(Path path, OpenSpec spec) throws IOException {
        if (spec.direct()) throw new IllegalArgumentException("engine=nio does not support O_DIRECT (use engine=native): path=" + path);
        Set<StandardOpenOption> opts = EnumSet.noneOf(StandardOpenOption.class);
        opts.addAll(spec.options());
        opts.remove(StandardOpenOption.DELETE_ON_CLOSE);
        if (spec.readable()) opts.add(StandardOpenOption.READ);
        try {
            return new NioFile(this, path, FileChannel.open(path, opts));
        } catch (IOException e) {
            throw IoErrors.wrap(e, "open", path, 0, 0);
        }
    }

    /** One open channel; FileChannel's positional calls are thread-safe. */
    static final class NioFile implements EngineFile {
        private final NioEngine engine;
        private final Path path;
        private final FileChannel ch;

        NioFile(NioEngine engine, Path path, FileChannel ch) {
            this.engine = engine;
            this.path = path;
            this.ch = ch;
        }

        @Override public Path path() { return path; }
        @Override public IoEngine engine() { return engine; }

        @Override
        public void readFully(long position, ByteBuffer dst) throws IOException {
            long start = position;
            int want = dst.remaining();
            try {
                while (dst.hasRemaining()) {
                    int n = ch.read(dst, position);
                    if (n < 0) throw IoErrors.eof("read", path, start, want, ch.size());
                    position += n;
                }
            } catch (java.io.EOFException e) {
                throw e;
            } catch (IOException e) {
                throw IoErrors.wrap(e, "read", path, start, want);
            }
        }

        @Override
        public int read(long position, ByteBuffer dst) throws IOException {
            try {
                return ch.read(dst, position);
            } catch (IOException e) {
                throw IoErrors.wrap(e, "read", path, position, dst.remaining());
            }
        }

        @Override
        public void writeFully(long position, ByteBuffer src) throws IOException {
            long start = position;
            int want = src.remaining();
            try {
                while (src.hasRemaining()) position += ch.write(src, position);
            } catch (IOException e) {
                throw IoErrors.wrap(e, "write", path, start, want);
            }
        }

        @Override
        public long size() throws IOException {
            try {
                return ch.size();
            } catch (IOException e) {
                throw IoErrors.wrap(e, "size", path, 0, 0);
            }
        }

        @Override
        public void setLength(long size) throws IOException {
            try {
                if (size < ch.size()) ch.truncate(size);
                else if (size > ch.size()) ch.write(ByteBuffer.allocate(1), size - 1);
            } catch (IOException e) {
                throw IoErrors.wrap(e, "setLength", path, size, 0);
            }
        }

        @Override
        public void sync(boolean metadata) throws IOException {
            try {
                ch.force(metadata);
            } catch (IOException e) {
                throw IoErrors.wrap(e, "sync", path, 0, 0);
            }
        }

        @Override
        public RangeLock lock(long position, long length, boolean shared) throws IOException {
            FileLock l;
            try {
                l = ch.lock(position, length, shared);
            } catch (IOException e) {
                throw IoErrors.wrap(e, "lock", path, position, length);
            }
            return () -> {
                // closing the channel released the lock already (and, POSIX locks being the process's,
                // every lock of this JVM on the file): nothing is left to release then
                if (!ch.isOpen()) return;
                try {
                    l.release();
                } catch (ClosedChannelException closedMeanwhile) {
                    // as above
                }
            };
        }

        @Override public void close() throws IOException { ch.close(); }
    }
}
