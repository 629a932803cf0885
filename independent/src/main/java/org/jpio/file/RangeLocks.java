package org.jpio.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jpio.engine.EngineFile;

/**
 * Byte-range locks that exclude both threads of this JVM and other processes. POSIX record locks belong
 * to the process, so two threads would both "hold" one; this table serialises the threads first (keyed by
 * the file's identity, so two ArrayFiles on one file share it), then the engine takes the OS lock.
 */
final class RangeLocks {
    private static final Map<Object, RangeLocks> TABLES = new ConcurrentHashMap<>();

    /** A held range and the thread that holds it. */
    private record Held(long start, long end, boolean shared, Thread owner) { }

    private final List<Held> held = new ArrayList<>();

    static RangeLocks forFile(Path path) throws IOException {
        Object key = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        return TABLES.computeIfAbsent(key == null ? path.toRealPath() : key, k -> new RangeLocks());
    }

    EngineFile.RangeLock lock(EngineFile file, long position, long length, boolean shared) throws IOException {
        long end = length == Long.MAX_VALUE - position ? Long.MAX_VALUE : position + length;
        Held mine = new Held(position, end, shared, Thread.currentThread());
        synchronized (this) {
            // nested inside a lock this thread already holds (atomic mode around a sieving write): the
            // outer lock already excludes everyone; taking and releasing an inner OS lock on the same
            // descriptor would release part of the outer one
            for (Held h : held)
                if (h.owner == mine.owner && h.start <= position && end <= h.end && (!h.shared || shared)) return () -> { };
            for (Held h : held)
                if (h.owner == mine.owner && h.start < end && position < h.end)
                    throw new IllegalStateException("lock path=" + file.path() + " offset=" + position + " length=" + length
                            + " overlaps, without being inside, a lock this thread holds: offset=" + h.start + " end=" + h.end);
            while (conflicts(mine)) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted waiting for lock path=" + file.path() + " offset=" + position + " length=" + length);
                }
            }
            held.add(mine);
        }
        EngineFile.RangeLock os;
        try {
            os = file.lock(position, length, shared);
        } catch (IOException | RuntimeException e) {
            release(mine);
            throw e;
        }
        return () -> {
            try {
                os.close();
            } finally {
                release(mine);
            }
        };
    }

    private boolean conflicts(Held want) {
        for (Held h : held)
            if (h.start < want.end && want.start < h.end && (!h.shared || !want.shared)) return true;
        return false;
    }

    private synchronized void release(Held mine) {
        held.remove(mine);
        notifyAll();
    }
}
