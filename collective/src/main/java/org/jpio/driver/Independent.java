package org.jpio.driver;

import java.io.IOException;
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
     * of a window cannot undo them (the caller passes false for a contiguous access, as ROMIO's contiguous
     * writes take no lock, and in a collective call where no rank has a run short enough to sieve).
     */
    public static void write(ArrayFile file, RunCursor runs, Object array, int index, boolean lockRuns) throws IOException {
        transfer(file, runs, array, index, true, lockRuns && file.options().dsWrite());
    }

    public static void read(ArrayFile file, RunCursor runs, Object array, int index) throws IOException {
        transfer(file, runs, array, index, false, false);
    }

    private static void transfer(ArrayFile file, RunCursor runs, Object array, int index, boolean write, boolean lockRuns) throws IOException {
        ElementType t = ElementType.of(array);
        int shift = t.shift();
        long[] offs = new long[64], lens = new long[64];
        int n = 0;
        long batchBytes = 0;
        int batchIndex = index;
        int next = index;
        while (runs.next()) {
            long off = runs.offset(), len = runs.length();
            if (len == 0) continue;
            if (len >= LARGE_RUN) {
                if (n > 0) { pieces(file, offs, lens, n, array, batchIndex, (int) (batchBytes >> shift), write); n = 0; batchBytes = 0; }
                int count = (int) (len >> shift);
                if (!write) file.readArray(off, array, next, count);
                else if (!lockRuns) file.writeArray(off, array, next, count);
                else try (var lock = file.lock(off, len, false)) { // see DataSieve: others' sieving windows may cover this run
                    file.writeArray(off, array, next, count);
                }
                next += count;
                batchIndex = next;
                continue;
            }
            if (n == offs.length) { offs = Arrays.copyOf(offs, 2 * n); lens = Arrays.copyOf(lens, 2 * n); }
            offs[n] = off;
            lens[n++] = len;
            batchBytes += len;
            next += (int) (len >> shift);
            if (n >= BATCH_PIECES || batchBytes >= BATCH_BYTES) {
                pieces(file, offs, lens, n, array, batchIndex, (int) (batchBytes >> shift), write);
                n = 0;
                batchBytes = 0;
                batchIndex = next;
            }
        }
        if (n > 0) pieces(file, offs, lens, n, array, batchIndex, (int) (batchBytes >> shift), write);
    }

    private static void pieces(ArrayFile file, long[] offs, long[] lens, int n, Object array, int index, int count, boolean write) throws IOException {
        long[] o = n == offs.length ? offs : Arrays.copyOf(offs, n);
        long[] l = n == lens.length ? lens : Arrays.copyOf(lens, n);
        if (write) file.writePieces(o, l, array, index, count);
        else file.readPieces(o, l, array, index, count);
    }
}
