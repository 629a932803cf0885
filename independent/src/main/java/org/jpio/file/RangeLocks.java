package org.jpio.file;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jpio.engine.EngineFile;

/**
 * Byte-range locks that exclude both threads of this JVM and other processes. OS record locks belong to
 * an owner that several threads share (the process for fcntl and FileChannel locks, the open file for
 * Linux OFD locks), so this table serialises the threads first (keyed by the file's identity, so two
 * ArrayFiles on one file share it), then takes the OS lock through the engine.
 *
 * <p>Shared holders overlap, but their owner's OS lock must not be taken twice: the JVM refuses an
 * overlapping FileChannel lock (OverlappingFileLockException), and fcntl would merge the two and drop
 * both at the first unlock, under the other holder. So shared OS locks are {@link OsSegments}: taken by
 * the first holder of a range, counted, released by the last. An exclusive holder waits until no shared
 * OS lock of its owner overlaps it (one may outlive its holders' bytes while another holder keeps it);
 * when only its own thread's shared holders keep that lock, it would wait forever, and throws instead.
 */
final class RangeLocks {
    private static final Map<Object, RangeLocks> TABLES = new ConcurrentHashMap<>();

    /**
     * Whether shared holders share their owner's OS locks. Only the negative control of the lock tests
     * turns it off: each holder then takes its own OS lock, as before the bookkeeping existed.
     */
    static volatile boolean shareOsLocks = true;

    /** A held range and the thread that holds it (compared by identity: two holds are two holders). */
    static final class Held {
        final long start;
        final long end;
        final boolean shared;
        final Thread owner;

        Held(long start, long end, boolean shared, Thread owner) {
            this.start = start;
            this.end = end;
            this.shared = shared;
            this.owner = owner;
        }

        Thread owner() { return owner; }
    }

    private final List<Held> held = new ArrayList<>();
    private final OsSegments segments = new OsSegments();

    static RangeLocks forFile(Path path) throws IOException {
        Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        return TABLES.computeIfAbsent(key == null ? path.toRealPath() : key, k -> new RangeLocks());
    }

    EngineFile.RangeLock lock(EngineFile file, long position, long length, boolean shared) throws IOException {
        long end = position + length; // the caller checked that this does not overflow
        Held mine = new Held(position, end, shared, Thread.currentThread());
        Object owner = file.locksPerProcess() ? this : file;
        boolean bookkept = shared && shareOsLocks && length > 0;
        List<OsSegments.Segment> mySegments;
        synchronized (this) {
            // nested inside a lock this thread already holds (atomic mode around a sieving write): the
            // outer lock already excludes everyone; taking and releasing an inner OS lock on the same
            // owner would release part of the outer one
            for (Held h : held)
                if (h.owner == mine.owner && h.start <= position && end <= h.end && (!h.shared || shared)) return () -> { };
            for (Held h : held)
                if (h.owner == mine.owner && h.start < end && position < h.end)
                    throw new IllegalStateException("lock path=" + file.path() + " offset=" + position + " length=" + length
                            + " overlaps, without being inside, a lock this thread holds: offset=" + h.start + " end=" + h.end);
            while (conflicts(mine) || (shareOsLocks && length > 0 && segments.busy(owner, position, end, shared))) {
                OsSegments.Segment mineOnly = shared || !shareOsLocks ? null : segments.keptOnlyBy(mine.owner, owner, position, end);
                if (mineOnly != null)
                    throw new IllegalStateException("lock path=" + file.path() + " offset=" + position + " length=" + length
                            + " exclusive would wait forever: this thread's shared locks keep the OS lock offset=" + mineOnly.start
                            + " end=" + mineOnly.end + " (taken for a range they overlap); release them first");
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted waiting for lock path=" + file.path() + " offset=" + position + " length=" + length);
                }
            }
            held.add(mine);
            mySegments = bookkept ? segments.join(owner, position, end, mine) : List.of();
        }
        if (length == 0) return () -> release(mine, List.of()); // locks no byte, in this table or the OS
        if (bookkept) return takeShared(file, mine, mySegments);
        EngineFile.RangeLock os;
        try {
            os = file.lock(position, length, shared);
        } catch (IOException | RuntimeException e) {
            release(mine, List.of());
            throw e;
        }
        return () -> {
            try {
                os.close();
            } finally {
                release(mine, List.of());
            }
        };
    }

    /**
     * Takes the OS locks of the segments this holder created (the others are held already, and newcomers
     * wait while a segment is pending, so nobody else uses the ones it creates until they are taken).
     */
    private EngineFile.RangeLock takeShared(EngineFile file, Held mine, List<OsSegments.Segment> used) throws IOException {
        for (int i = 0; i < used.size(); i++) {
            OsSegments.Segment s = used.get(i);
            if (s.creator != mine) continue;
            try {
                EngineFile.RangeLock os = file.lock(s.start, s.end - s.start, true);
                synchronized (this) {
                    segments.taken(s, os);
                    notifyAll();
                }
            } catch (IOException | RuntimeException e) {
                List<OsSegments.Segment> keep = new ArrayList<>();
                synchronized (this) {
                    for (int k = 0; k < used.size(); k++) {
                        OsSegments.Segment p = used.get(k);
                        if (k >= i && p.creator == mine) segments.abandon(p);
                        else keep.add(p);
                    }
                    notifyAll();
                }
                try {
                    release(mine, keep);
                } catch (IOException | RuntimeException r) {
                    e.addSuppressed(r);
                }
                throw e;
            }
        }
        return () -> release(mine, used);
    }

    private boolean conflicts(Held want) {
        for (Held h : held)
            if (h.start < want.end && want.start < h.end && (!h.shared || !want.shared)) return true;
        return false;
    }

    /** Drops the holder's references, releases the OS locks no holder needs any more, then the holder. */
    private void release(Held mine, List<OsSegments.Segment> used) throws IOException {
        List<OsSegments.Segment> drop;
        synchronized (this) {
            drop = segments.leave(mine, used);
        }
        try {
            OsSegments.close(drop);
        } finally {
            synchronized (this) {
                segments.remove(drop);
                held.remove(mine);
                notifyAll();
            }
        }
    }
}
