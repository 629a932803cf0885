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

    private final List<long[]> held = new ArrayList<>(); // {start, end, shared ? 1 : 0}

    static RangeLocks forFile(Path path) throws IOException {
        Object key = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        return TABLES.computeIfAbsent(key == null ? path.toRealPath() : key, k -> new RangeLocks());
    }

    EngineFile.RangeLock lock(EngineFile file, long position, long length, boolean shared) throws IOException {
        long end = length == Long.MAX_VALUE - position ? Long.MAX_VALUE : position + length;
        long[] mine = {position, end, shared ? 1 : 0};
        synchronized (this) {
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

    private boolean conflicts(long[] want) {
        for (long[] h : held)
            if (h[0] < want[1] && want[0] < h[1] && (h[2] == 0 || want[2] == 0)) return true;
        return false;
    }

    private synchronized void release(long[] mine) {
        held.remove(mine);
        notifyAll();
    }
}
