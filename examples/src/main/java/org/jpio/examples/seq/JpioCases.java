package org.jpio.examples.seq;

import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jpio.async.AsyncFile;
import org.jpio.async.AsyncRequest;
import org.jpio.file.ArrayFile;

/**
 * jpio's paths for the same job: the application still produces and consumes every byte itself, but
 * moves 1 MiB per call: ArrayFile's bulk calls (one positional transfer per chunk), and AsyncFile with
 * two chunks, so the next chunk is filled (or the previous one summed) while one is in flight.
 */
final class JpioCases {
    static final int CHUNK = 1 << 20;

    private JpioCases() { }

    static List<SeqCase> all() {
        return List.of(new Bulk(), new Async());
    }

    /** ArrayFile.writeArray/readArray of a 1 MiB byte[] (the default engine). */
    static final class Bulk extends SeqCase.Java {
        Bulk() {
            super("jpio-arrayfile", "jpio ArrayFile.writeArray/readArray of a 1 MiB byte[] filled/summed byte by byte");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (ArrayFile f = ArrayFile.open(file, WRITE)) {
                byte[] buf = new byte[CHUNK];
                long sum = 0;
                for (long at = 0; at < size; at += CHUNK) {
                    int n = (int) Math.min(CHUNK, size - at);
                    sum += Pattern.fill(buf, n, at, salt);
                    f.writeArray(at, buf, 0, n);
                }
                if (sync) f.sync(false);
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (ArrayFile f = ArrayFile.open(file, READ)) {
                if (f.size() < size) throw ArticleCases.shortFile(file, f.size(), size);
                byte[] buf = new byte[CHUNK];
                long sum = 0;
                for (long at = 0; at < size; at += CHUNK) {
                    int n = (int) Math.min(CHUNK, size - at);
                    f.readArray(at, buf, 0, n);
                    sum += Pattern.sum(buf, n, at);
                }
                return sum;
            }
        }
    }

    /** AsyncFile.writeAt/readAt with two 1 MiB chunks in turn: one in flight while the other is filled or summed. */
    static final class Async extends SeqCase.Java {
        Async() {
            super("jpio-async", "jpio AsyncFile, two 1 MiB chunks: one in flight while the other is filled/summed");
        }

        @Override
        long writeBytes(Path file, long size, int salt, boolean sync) throws IOException {
            try (AsyncFile f = AsyncFile.open(file, "rw")) {
                byte[][] buf = {new byte[CHUNK], new byte[CHUNK]};
                AsyncRequest[] req = new AsyncRequest[2];
                long sum = 0;
                int k = 0;
                for (long at = 0; at < size; at += CHUNK, k ^= 1) {
                    int n = (int) Math.min(CHUNK, size - at);
                    if (req[k] != null) AsyncFile.allDone(AsyncFile.TIME_INF, req[k]); // its last write must be out of the buffer
                    sum += Pattern.fill(buf[k], n, at, salt);
                    req[k] = f.writeAt(at, buf[k], 0, n);
                }
                AsyncFile.allDone(AsyncFile.TIME_INF, req);
                if (sync) AsyncFile.allDone(AsyncFile.TIME_INF, f.sync(false));
                return sum;
            }
        }

        @Override
        long readBytes(Path file, long size) throws IOException {
            try (AsyncFile f = AsyncFile.open(file, "r")) {
                if (f.length() < size) throw ArticleCases.shortFile(file, f.length(), size);
                byte[][] buf = {new byte[CHUNK], new byte[CHUNK]};
                AsyncRequest[] req = new AsyncRequest[2];
                long sum = 0;
                if (size > 0) req[0] = f.readAt(0, buf[0], 0, (int) Math.min(CHUNK, size));
                int k = 0;
                for (long at = 0; at < size; at += CHUNK, k ^= 1) {
                    int n = (int) Math.min(CHUNK, size - at);
                    long next = at + CHUNK;
                    if (next < size) req[k ^ 1] = f.readAt(next, buf[k ^ 1], 0, (int) Math.min(CHUNK, size - next));
                    AsyncFile.allDone(AsyncFile.TIME_INF, req[k]);
                    sum += Pattern.sum(buf[k], n, at);
                }
                return sum;
            }
        }
    }
}
