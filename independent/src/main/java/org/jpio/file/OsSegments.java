package org.jpio.file;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jpio.engine.EngineFile;

/**
 * The shared OS locks of one file's in-process holders: disjoint segments per lock owner, each taken once
 * through the engine and counted by the holders that use it, so an owner never takes overlapping OS locks
 * and never releases bytes a holder still needs. Guarded by the monitor of the {@link RangeLocks} that
 * owns it; the OS calls themselves run outside that monitor.
 */
final class OsSegments {
    enum State { PENDING, HELD, RELEASING }

    /** One OS shared lock on {@code [start, end)} of {@code owner}. */
    static final class Segment {
        final Object owner;
        final long start;
        final long end;
        /** The holder that takes the OS lock. */
        final RangeLocks.Held creator;
        /** The holders using it; the last to leave releases it. */
        final List<RangeLocks.Held> holders = new ArrayList<>();
        State state = State.PENDING;
        EngineFile.RangeLock os;

        Segment(Object owner, long start, long end, RangeLocks.Held creator) {
            this.owner = owner;
            this.start = start;
            this.end = end;
            this.creator = creator;
            holders.add(creator);
        }
    }

    private final List<Segment> segments = new ArrayList<>();

    /**
     * Whether a newcomer on {@code [start, end)} must wait: a shared one while an overlapping segment of
     * its owner is being taken or released, an exclusive one while any overlaps (a segment may be wider
     * than what its remaining holders cover, and FileChannel refuses to lock over it).
     */
    boolean busy(Object owner, long start, long end, boolean shared) {
        for (Segment s : segments)
            if (s.owner == owner && s.start < end && start < s.end && (!shared || s.state != State.HELD)) return true;
        return false;
    }

    /**
     * An overlapping segment of the owner that only holders of {@code thread} keep: an exclusive lock of that
     * thread would wait for it forever.
     */
    Segment keptOnlyBy(Thread thread, Object owner, long start, long end) {
        for (Segment s : segments) {
            if (s.owner != owner || s.end <= start || end <= s.start) continue;
            if (!s.holders.isEmpty() && s.holders.stream().allMatch(h -> h.owner() == thread)) return s; // none: releasing
        }
        return null;
    }

    /**
     * The segments covering {@code [start, end)} in order: the owner's held ones that overlap it, now also
     * used by {@code holder}, and new pending ones it creates for the gaps between them.
     */
    List<Segment> join(Object owner, long start, long end, RangeLocks.Held holder) {
        List<Segment> over = new ArrayList<>();
        for (Segment s : segments) if (s.owner == owner && s.start < end && start < s.end) over.add(s);
        over.sort(Comparator.comparingLong(s -> s.start));
        List<Segment> out = new ArrayList<>();
        long at = start;
        for (Segment s : over) {
            if (s.start > at) out.add(create(owner, at, s.start, holder));
            s.holders.add(holder);
            out.add(s);
            at = s.end;
        }
        if (at < end) out.add(create(owner, at, end, holder));
        return out;
    }

    private Segment create(Object owner, long start, long end, RangeLocks.Held creator) {
        Segment s = new Segment(owner, start, end, creator);
        segments.add(s);
        return s;
    }

    void taken(Segment s, EngineFile.RangeLock os) {
        s.os = os;
        s.state = State.HELD;
    }

    /** A pending segment whose OS lock could not be taken. */
    void abandon(Segment s) { segments.remove(s); }

    /** {@code holder} is done with {@code used}; returns the segments no holder uses any more, now releasing. */
    List<Segment> leave(RangeLocks.Held holder, List<Segment> used) {
        List<Segment> drop = new ArrayList<>();
        for (Segment s : used) {
            s.holders.remove(holder);
            if (s.holders.isEmpty()) {
                s.state = State.RELEASING;
                drop.add(s);
            }
        }
        return drop;
    }

    /** Forgets released segments (after {@link #close}). */
    void remove(List<Segment> released) { segments.removeAll(released); }

    /** Releases the OS locks of {@code drop}; all are tried, the first failure is thrown. */
    static void close(List<Segment> drop) throws IOException {
        IOException first = null;
        for (Segment s : drop) {
            try {
                s.os.close();
            } catch (IOException e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }
}
