package org.jpio.examples.seq;

import static java.nio.channels.FileChannel.MapMode.READ_ONLY;
import static java.nio.channels.FileChannel.MapMode.READ_WRITE;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The article's four ways, with its loops: each byte is produced (or consumed) one at a time and moved
 * through a page-sized byte[], a buffered stream, a page-sized ByteBuffer, or a mapping. Writes overwrite
 * the preallocated file (the article's buffered stream truncated it; here it writes over it like the others).
 */
final class ArticleCases {
    private ArticleCases() { }

    static List<SeqCase> all() {
        return List.of(new RafPage(), new Streams(), new ChannelPage(), new Mapped());
    }

    /** A file's channel made durable, the same call for every Java row: fdatasync. */
    static void durable(FileChannel c, boolean durable) throws IOException {
        if (durable) c.force(false);
    }

    static IOException shortFile(Path file, long at, long size) {
        return new IOException("file shorter than expected: path=" + file + " offset=" + at + " size=" + size);
    }

    /** RandomAccessFile with a page-sized byte[] (the article's first case). */
    static final class RafPage extends SeqCase.Java {
        RafPage() {
            super("raf-page", "RandomAccessFile write/read of a 4 KiB byte[] filled/summed byte by byte");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                byte[] buf = new byte[Pattern.PAGE];
                long sum = 0;
                for (long i = 0; i < size; i += Pattern.PAGE) {
                    int n = (int) Math.min(Pattern.PAGE, size - i);
                    sum += Pattern.fill(buf, n, i, salt);
                    f.write(buf, 0, n);
                }
                durable(f.getChannel(), sync);
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                byte[] buf = new byte[Pattern.PAGE];
                long sum = 0, i = 0;
                for (int n; i < size && (n = f.read(buf, 0, (int) Math.min(buf.length, size - i))) != -1; i += n)
                    sum += Pattern.sum(buf, n, i);
                if (i != size) throw shortFile(file, i, size);
                return sum;
            }
        }
    }

    /** BufferedOutputStream.write(int) / BufferedInputStream.read() per byte, default 8 KiB buffers. */
    static final class Streams extends SeqCase.Java {
        Streams() {
            super("buffered-stream", "Buffered{Out,In}putStream over File*Stream, write(int)/read() per byte (8 KiB buffer)");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw");
                 BufferedOutputStream out = new BufferedOutputStream(new FileOutputStream(f.getFD()))) {
                long sum = 0;
                for (long i = 0; i < size; i++) {
                    byte b = (byte) (i + salt);
                    sum += b * ((i & 0xFF) + 1);
                    out.write(b);
                }
                out.flush();
                durable(f.getChannel(), sync);
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (BufferedInputStream in = new BufferedInputStream(new FileInputStream(file.toFile()))) {
                long sum = 0, i = 0;
                for (int b; i < size && (b = in.read()) != -1; i++) sum += (byte) b * ((i & 0xFF) + 1);
                if (i != size) throw shortFile(file, i, size);
                return sum;
            }
        }
    }

    /** FileChannel with a page-sized heap ByteBuffer, put/get per byte. */
    static final class ChannelPage extends SeqCase.Java {
        ChannelPage() {
            super("channel-page", "FileChannel write/read of a 4 KiB heap ByteBuffer, put/get per byte");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                FileChannel c = f.getChannel();
                ByteBuffer buf = ByteBuffer.allocate(Pattern.PAGE);
                long sum = 0;
                for (long i = 0; i < size; i++) {
                    byte b = (byte) (i + salt);
                    sum += b * ((i & 0xFF) + 1);
                    buf.put(b);
                    if (!buf.hasRemaining()) {
                        buf.flip();
                        while (buf.hasRemaining()) c.write(buf);
                        buf.clear();
                    }
                }
                buf.flip();
                while (buf.hasRemaining()) c.write(buf);
                durable(c, sync);
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                FileChannel c = f.getChannel();
                ByteBuffer buf = ByteBuffer.allocate(Pattern.PAGE);
                long sum = 0, i = 0;
                while (i < size && c.read(buf) != -1) {
                    buf.flip();
                    while (buf.hasRemaining() && i < size) sum += buf.get() * ((i++ & 0xFF) + 1);
                    buf.clear();
                }
                if (i != size) throw shortFile(file, i, size);
                return sum;
            }
        }
    }

    /** MappedByteBuffer put/get per byte, mapped 1 GiB at a time (a mapping holds at most 2 GiB). */
    static final class Mapped extends SeqCase.Java {
        private static final long CHUNK = 1L << 30;

        Mapped() {
            super("mapped", "MappedByteBuffer put/get per byte (durable: force(), i.e. msync, then fdatasync)");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                FileChannel c = f.getChannel();
                if (c.size() < size) throw shortFile(file, c.size(), size);
                long sum = 0;
                for (long at = 0; at < size; at += CHUNK) {
                    MappedByteBuffer m = c.map(READ_WRITE, at, Math.min(CHUNK, size - at));
                    for (long i = at, end = at + m.capacity(); i < end; i++) {
                        byte b = (byte) (i + salt);
                        sum += b * ((i & 0xFF) + 1);
                        m.put(b);
                    }
                    if (sync) m.force();
                }
                durable(c, sync);
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                FileChannel c = f.getChannel();
                if (c.size() < size) throw shortFile(file, c.size(), size);
                long sum = 0;
                for (long at = 0; at < size; at += CHUNK) {
                    MappedByteBuffer m = c.map(READ_ONLY, at, Math.min(CHUNK, size - at));
                    for (long i = at, end = at + m.capacity(); i < end; i++) sum += m.get() * ((i & 0xFF) + 1);
                }
                return sum;
            }
        }
    }
}
