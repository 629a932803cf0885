package org.jpio.checkpoint;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jpio.comm.Comm;
import org.jpio.view.FileView;
import org.jpio.view.RunCursor;

/**
 * The collective side of a file's block checksums: each rank's pieces at the file positions its view puts
 * them, the bytes outside the array's data (a header) added by one rank, and the XOR of every rank's terms.
 */
final class FileSums {
    private FileSums() { }

    /** Adds the {@code length} view bytes from view byte {@code from}, held in {@code slab}, at their file positions. */
    static void addViewBytes(BlockSums sums, FileView view, long from, byte[] slab, int length) {
        if (length == 0) return;
        RunCursor runs = view.runsOfBytes(from, length);
        int at = 0;
        while (runs.next()) {
            sums.add(runs.offset(), slab, at, (int) runs.length());
            at += (int) runs.length();
        }
    }

    /**
     * The terms of the file's bytes outside the data {@code [dataPosition, dataPosition + dataBytes)}: its
     * header and anything after the data, read back by the one rank that calls this (small: a .npy header
     * is 64 to 128 bytes).
     */
    static int[] outsideData(Path file, long dataPosition, long dataBytes, long fileSize, int blockSize) throws IOException {
        BlockSums s = new BlockSums(fileSize, blockSize);
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            add(s, c, 0, dataPosition, file);
            long end = dataPosition + dataBytes;
            add(s, c, end, fileSize - end, file);
        }
        return s.contributions(fileSize);
    }

    private static void add(BlockSums s, FileChannel c, long position, long length, Path file) throws IOException {
        byte[] buf = new byte[(int) Math.min(length, 1 << 20)];
        for (long done = 0; done < length; ) {
            int n = (int) Math.min(buf.length, length - done);
            ByteBuffer b = ByteBuffer.wrap(buf, 0, n);
            while (b.hasRemaining())
                if (c.read(b, position + done + b.position()) < 0)
                    throw new EOFException("file ends before its size: path=" + file + " offset=" + (position + done + b.position()));
            s.add(position + done, buf, 0, n);
            done += n;
        }
    }

    /**
     * The XOR over all ranks of every rank's {@code terms} (one per block), known to every rank: each rank
     * reduces a share of the blocks (alltoallv), then all shares are gathered; O(blocks) per rank.
     */
    static int[] xorAll(Comm comm, int[] terms) {
        int n = comm.size(), me = comm.rank(), nb = terms.length;
        int[] lo = new int[n + 1];
        for (int r = 0; r <= n; r++) lo[r] = (int) ((long) r * nb / n);
        int mine = lo[me + 1] - lo[me];
        int[] sc = new int[n], sd = new int[n], rc = new int[n], rd = new int[n];
        for (int r = 0; r < n; r++) {
            sc[r] = lo[r + 1] - lo[r];
            sd[r] = lo[r];
            rc[r] = mine;
            rd[r] = r * mine;
        }
        int[] got = new int[n * mine];
        comm.alltoallv(terms, sc, sd, got, rc, rd);
        int[] share = new int[mine];
        for (int r = 0; r < n; r++) for (int k = 0; k < mine; k++) share[k] ^= got[r * mine + k];
        int[] all = new int[nb];
        comm.allgatherv(share, 0, mine, all, sc, sd);
        return all;
    }

    static int[] xor(int[] a, int[] b) {
        int[] out = a.clone();
        for (int k = 0; k < out.length; k++) out[k] ^= b[k];
        return out;
    }
}
