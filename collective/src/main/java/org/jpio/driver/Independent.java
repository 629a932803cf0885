package org.jpio.driver;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.jpio.file.ArrayFile;
import org.jpio.io.ElementType;
import org.jpio.view.RunCursor;

/**
 * Independent I/O of one rank's runs, in batches so that a huge view never materialises its whole piece
 * list: runs of at least {@link #LARGE_RUN} bytes go straight between the user's array and the file (the
 * engines keep such reads clear of the kernel copy's 4K-aliasing trap themselves), smaller ones are
 * gathered into piece lists for ArrayFile's data sieving ({@code romio_ds_read}/{@code romio_ds_write},
 * {@code ind_rd_buffer_size}/{@code ind_wr_buffer_size}).
 */
public final class Independent {
    /** Runs this long are transferred alone: sieving them would only add a copy. */
    public static final long LARGE_RUN = 64 * 1024;
    private static final int BATCH_PIECES = 4096;
    private static final long BATCH_BYTES = 8L << 20;

    private Independent() { }

    /**
     * {@code lockRuns}: another rank may be data-sieving over this access's range meanwhile. The large runs
     * are then written under byte-range locks when data sieving is on, so that the other's read-modify-write
     * of a window cannot undo them, a contiguous access included (the caller passes false when no rank of
     * the collective call has a run short enough to sieve).
     */
    public static void write(ArrayFile file, Transfer t, boolean lockRuns) throws IOException {
        transfer(file, t, true, lockRuns && file.options().dsWrite());
    }

    public static void read(ArrayFile file, Transfer t) throws IOException {
        transfer(file, t, false, false);
    }

    /** Walks the file runs; {@code next} counts the transfer's elements, which {@link Memory} places in the array. */
    private static void transfer(ArrayFile file, Transfer t, boolean write, boolean lockRuns) throws IOException {
        ElementType type = t.type();
        Memory memory = t.memory();
        Object array = t.array();
        int shift = type.shift();
        if (t.access().runs() == 1) { // one run: straight between array and file, no sieving; locked only when others may sieve over it
            long start = t.access().start();
            if (memory.isContiguous()) {
                int index = memory.arrayIndex(0);
                if (!write) file.readArray(start, array, index, t.count());
                else if (!lockRuns) file.writeArray(start, array, index, t.count());
                else try (org.jpio.engine.EngineFile.RangeLock lock = file.lock(start, t.access().end() - start, false)) {
                    file.writeArray(start, array, index, t.count());
                }
            } else {
                scattered(file, t, start, 0, t.count(), write, write && lockRuns);
            }
            return;
        }
        RunCursor runs = t.runs();
        long[] offs = new long[64], lens = new long[64];
        int n = 0;
        long batchBytes = 0;
        long batchFirst = 0, next = 0;
        while (runs.next()) {
            long off = runs.offset(), len = runs.length();
            if (len == 0) continue;
            if (len >= LARGE_RUN) {
                if (n > 0) { pieces(file, offs, lens, n, t, batchFirst, (int) (batchBytes >> shift), write); n = 0; batchBytes = 0; }
                long[] at = {off};
                int count = (int) (len >> shift);
                if (!memory.isContiguous()) {
                    scattered(file, t, off, next, count, write, lockRuns);
                    next += count;
                    batchFirst = next;
                    continue;
                }
                memory.forEach(next, count, (index, c) -> {
                    long bytes = (long) c << shift;
                    if (!write) file.readArray(at[0], array, index, c);
                    else if (!lockRuns) file.writeArray(at[0], array, index, c);
                    else try (var lock = file.lock(at[0], bytes, false)) { // see DataSieve: others' sieving windows may cover this run
                        file.writeArray(at[0], array, index, c);
                    }
                    at[0] += bytes;
                });
                next += count;
                batchFirst = next;
                continue;
            }
            if (n == offs.length) { offs = Arrays.copyOf(offs, 2 * n); lens = Arrays.copyOf(lens, 2 * n); }
            offs[n] = off;
            lens[n++] = len;
            batchBytes += len;
            next += len >> shift;
            if (n >= BATCH_PIECES || batchBytes >= BATCH_BYTES) {
                pieces(file, offs, lens, n, t, batchFirst, (int) (batchBytes >> shift), write);
                n = 0;
                batchBytes = 0;
                batchFirst = next;
            }
        }
        if (n > 0) pieces(file, offs, lens, n, t, batchFirst, (int) (batchBytes >> shift), write);
    }

    /**
     * One file run of {@code count} elements at {@code offset}, transfer elements from {@code first}, whose
     * elements lie scattered in the array (a ghosted block's interior): moved as the array's stretches in
     * batches, each one engine call ({@link ArrayFile#writeArrayRuns}/{@link ArrayFile#readArrayRuns}:
     * vectored calls straight between the array and the file where the engine can, so the interior moves
     * without an extra copy).
     */
    private static void scattered(ArrayFile file, Transfer t, long offset, long first, long count, boolean write, boolean lock) throws IOException {
        int batch = Math.min(BATCH_PIECES, t.memory().stretches(first, count)); // arrays as long as needed: a 256 KiB run of 2 KiB rows has 128
        Stretches s = new Stretches(file, t.array(), offset, t.type().shift(), write, lock, batch);
        t.memory().forEach(first, count, s::add);
        s.flush();
    }

    /** The array's stretches of one file run, moved in batches of at most BATCH_PIECES stretches or about BATCH_BYTES. */
    private static final class Stretches {
        private final ArrayFile file;
        private final Object array;
        private final int shift;
        private final boolean write, lock;
        private final int[] index, count;
        private int n;
        private long position, bytes;

        Stretches(ArrayFile file, Object array, long position, int shift, boolean write, boolean lock, int batch) {
            this.index = new int[batch];
            this.count = new int[batch];
            this.file = file;
            this.array = array;
            this.position = position;
            this.shift = shift;
            this.write = write;
            this.lock = lock;
        }

        void add(int at, int c) throws IOException {
            index[n] = at;
            count[n++] = c;
            bytes += (long) c << shift;
            if (n == index.length || bytes >= BATCH_BYTES) flush();
        }

        void flush() throws IOException {
            if (n == 0) return;
            if (!write) {
                file.readArrayRuns(position, array, index, count, n);
            } else if (lock) { // see DataSieve: others' sieving windows may cover this run
                try (var l = file.lock(position, bytes, false)) { file.writeArrayRuns(position, array, index, count, n); }
            } else {
                file.writeArrayRuns(position, array, index, count, n);
            }
            position += bytes;
            bytes = 0;
            n = 0;
        }
    }

    /** One batch of small runs through data sieving: elements [first, first + count) of the transfer. */
    private static void pieces(ArrayFile file, long[] offs, long[] lens, int n, Transfer t, long first, int count, boolean write) throws IOException {
        long[] o = n == offs.length ? offs : Arrays.copyOf(offs, n);
        long[] l = n == lens.length ? lens : Arrays.copyOf(lens, n);
        Memory m = t.memory();
        if (m.isContiguous()) {
            int index = m.arrayIndex(first);
            if (write) file.writePieces(o, l, t.array(), index, count);
            else file.readPieces(o, l, t.array(), index, count);
            return;
        }
        // elements scattered in the array: gathered into (or spread from) one batch, at most BATCH_BYTES
        ByteBuffer mem = ByteBuffer.allocate(count << t.type().shift()).order(file.order());
        if (write) {
            m.put(t.type(), mem, t.array(), first, count);
            file.writePieces(o, l, mem.flip());
        } else {
            file.readPieces(o, l, mem);
            m.get(t.type(), mem.flip(), t.array(), first, count);
        }
    }
}
