package org.jpio.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.jpio.engine.EngineFile;
import org.jpio.engine.Staging;

/**
 * ROMIO's data sieving for noncontiguous independent I/O. Reads: one large read per window of up to
 * {@code ind_rd_buffer_size} bytes covering several pieces and the holes between them, then the pieces
 * are copied out. Writes: per window of up to {@code ind_wr_buffer_size}, lock the window, read it, copy
 * the pieces in, write it back whole, unlock; windows without holes are written without the read (still
 * under the lock: another writer's window may cover them). Pieces are given as byte positions and lengths;
 * pieces larger than the buffer, unsorted pieces, and sieving turned off go piece by piece.
 */
final class DataSieve {
    /**
     * Whether sieved writes lock their windows. Only the negative control of the sieving-lock test turns it
     * off, to show a write lost between another writer's window read and write-back.
     */
    static volatile boolean lockWindows = true;

    private DataSieve() { }

    static void read(ArrayFile af, long[] pos, long[] lens, ByteBuffer mem) throws IOException {
        EngineFile f = af.engineFile();
        int buf = af.options().indRdBufferSize();
        if (!af.options().dsRead() || !Pieces.monotonic(pos, lens)) {
            for (int i = 0; i < pos.length; i++) f.readFully(pos[i], slice(mem, lens[i]));
            return;
        }
        ByteBuffer window = null;
        int i = 0;
        while (i < pos.length) {
            if (lens[i] == 0) { i++; continue; }
            int j = windowEnd(pos, lens, i, buf);
            if (j == i + 1) { // a lone piece: read it straight into place
                f.readFully(pos[i], slice(mem, lens[i]));
                i = j;
                continue;
            }
            long start = pos[i];
            int span = (int) (pos[j - 1] + lens[j - 1] - start);
            if (window == null) window = Staging.pageAligned(buf);
            window.clear().limit(span);
            f.readFully(start, window);
            for (int k = i; k < j; k++) {
                window.limit((int) (pos[k] - start + lens[k])).position((int) (pos[k] - start));
                mem.put(window);
            }
            i = j;
        }
    }

    static void write(ArrayFile af, long[] pos, long[] lens, ByteBuffer mem) throws IOException {
        EngineFile f = af.engineFile();
        int buf = af.options().indWrBufferSize();
        if (!af.options().dsWrite() || !Pieces.monotonic(pos, lens)) {
            for (int i = 0; i < pos.length; i++) f.writeFully(pos[i], slice(mem, lens[i]));
            return;
        }
        ByteBuffer window = null;
        int i = 0;
        while (i < pos.length) {
            if (lens[i] == 0) { i++; continue; }
            int j = windowEnd(pos, lens, i, buf);
            long start = pos[i];
            long span = pos[j - 1] + lens[j - 1] - start;
            if (j == i + 1 || !hasHoles(pos, lens, i, j)) {
                // locked too: another writer's read-modify-write window may cover these bytes, and its
                // write-back would undo this write if the two were not serialised (ROMIO locks its whole
                // strided write for the same reason)
                try (EngineFile.RangeLock lock = lock(af, start, span)) {
                    f.writeFully(start, slice(mem, span));
                }
                i = j;
                continue;
            }
            if (window == null) window = Staging.pageAligned(buf);
            try (EngineFile.RangeLock lock = lock(af, start, span)) {
                window.clear().limit((int) span);
                long have = Math.max(0, Math.min(span, f.size() - start));
                if (have > 0) {
                    window.limit((int) have);
                    f.readFully(start, window);
                }
                // holes past the end of the file read as zeros, as they would after a plain extension
                window.limit((int) span);
                while (window.hasRemaining()) window.put((byte) 0);
                for (int k = i; k < j; k++) {
                    window.limit((int) (pos[k] - start + lens[k])).position((int) (pos[k] - start));
                    window.put(slice(mem, lens[k]));
                }
                window.position(0).limit((int) span);
                f.writeFully(start, window);
            }
            i = j;
        }
    }

    private static EngineFile.RangeLock lock(ArrayFile af, long start, long span) throws IOException {
        return lockWindows ? af.lock(start, span, false) : () -> { };
    }

    /** First index after the run of pieces from {@code i} that fits one window of {@code buf} bytes. */
    private static int windowEnd(long[] pos, long[] lens, int i, int buf) {
        long start = pos[i];
        int j = i + 1;
        while (j < pos.length && (lens[j] == 0 || pos[j] + lens[j] - start <= buf)) j++;
        // trailing empty pieces are harmless; trim them so the span ends at real data
        while (j > i + 1 && lens[j - 1] == 0) j--;
        return j;
    }

    private static boolean hasHoles(long[] pos, long[] lens, int i, int j) {
        long end = pos[i] + lens[i];
        for (int k = i + 1; k < j; k++) {
            if (lens[k] == 0) continue;
            if (pos[k] != end) return true;
            end += lens[k];
        }
        return false;
    }

    /** The next {@code n} bytes of {@code mem} as their own buffer; advances {@code mem}. */
    private static ByteBuffer slice(ByteBuffer mem, long n) {
        ByteBuffer s = mem.slice().limit((int) n);
        mem.position(mem.position() + (int) n);
        return s;
    }
}
