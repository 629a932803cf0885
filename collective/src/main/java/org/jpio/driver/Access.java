package org.jpio.driver;

import org.jpio.io.ElementType;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * What one rank's access of one call looks like, from one walk of its file runs: the first and
 * one-past-last byte it touches ({@code start = end = 0} when it moves nothing), its bytes, runs, the
 * residues of its run offsets modulo the element size (a bit mask: one bit set means one element grid),
 * and how many runs are short enough to be data-sieved ({@link Independent#LARGE_RUN}). Collective drivers
 * exchange these to plan a call.
 */
public record Access(long start, long end, long bytes, long runs, long residues, long smallRuns) {
    /**
     * Walks the runs of {@code bytes} view bytes from view byte {@code from}; IllegalArgumentException
     * when a run splits an element of {@code type} (the view and the buffer disagree): the caller adds
     * which call, path and rank.
     */
    public static Access of(FileView view, long from, long bytes, ElementType type) {
        long start = Long.MAX_VALUE, end = Long.MIN_VALUE, runs = 0, residues = 0, small = 0;
        RunCursor c = view.runsOfBytes(from, bytes);
        int esz = type.size();
        while (c.next()) {
            long off = c.offset(), len = c.length();
            if (len == 0) continue;
            if (len % esz != 0)
                throw new IllegalArgumentException("view run at offset=" + off + " length=" + len + " splits a " + type + " element");
            long rep = c.repeats(), stride = c.stride(); // equal runs at a stride count at once
            start = Math.min(start, off);
            end = Math.max(end, off + (rep - 1) * stride + len);
            runs += rep;
            if (len < Independent.LARGE_RUN) small += rep;
            // the offsets' residues repeat with a period of at most esz runs
            for (long j = 0; j < Math.min(rep, esz); j++) residues |= 1L << ((off + j * stride) % esz);
            c.jump(rep - 1);
        }
        return runs == 0 ? new Access(0, 0, bytes, 0, 0, 0) : new Access(start, end, bytes, runs, residues, small);
    }
}
