package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * Reads one array of a checkpoint into a distributed array of any rank count, grid and distribution,
 * collectively, and verifies it: each rank reads its darray block's bytes in chunks, checksums them at their
 * file positions and unpacks them into its owned elements; rank 0 adds the bytes outside the data (or, for a
 * dataset of a shared file, checks the file's metadata checksum, {@link SharedFiles}); the XOR
 * of every rank's terms must be each block's CRC32C in the manifest, or every rank gets the mismatch (block
 * and byte range named) as a CollectiveIOException. Each rank reads only its own bytes.
 */
final class ArrayReader {
    private ArrayReader() { }

    static void read(Comm comm, Path checkpoint, Manifest m, Manifest.Entry e, DistributedArray a, Hints hints, int chunkBytes) throws IOException {
        Path file = checkpoint.resolve(e.file());
        String op = "restart step array=" + e.name() + " path=" + file;
        Throwable failed = null, header = null;
        if (comm.rank() == 0) {
            try {
                long size = Files.size(file);
                if (size != e.fileSize())
                    throw new IOException("file of array " + e.name() + " has size=" + size + " but the manifest says " + e.fileSize() + ": path=" + file);
            } catch (IOException | RuntimeException x) {
                failed = x;
            }
            header = headerProblem(file, e);
        }
        comm.agree(op + " (open)", failed);
        ElementType type = a.elementType();
        int per = Math.max(1, chunkBytes / type.size());
        long rounds = comm.allreduce((a.localCount() + per - 1) / per, Comm.Op.MAX);
        BlockSums sums = new BlockSums(e.sumsLength(), e.blockSize());
        FileView view = new FileView(e.dataPosition(), ElementType.BYTE, a.fileType(), DataRep.NATIVE);
        FileView summed = e.sumsData() ? new FileView(0, ElementType.BYTE, a.fileType(), DataRep.NATIVE) : view; // block 0 starts at the data

        byte[] slab = new byte[(int) Math.min((long) per * type.size(), a.localCount() * type.size())];
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDONLY), hints)) {
            f.setView(view);
            for (long r = 0; r < rounds; r++) {
                long from = r * per;
                int n = (int) Math.max(0, Math.min(per, a.localCount() - from)), bytes = n * type.size();
                f.readAtAll(from * type.size(), Elements.of(slab, 0, bytes));
                FileSums.addViewBytes(sums, summed, from * type.size(), slab, bytes);
                if (n > 0) a.setInterior(from, n, ByteBuffer.wrap(slab, 0, bytes).order(e.order()));
            }
        }
        int[] terms = sums.contributions(e.sumsLength());
        failed = null;
        Throwable metadata = null;
        if (comm.rank() == 0) {
            try {
                if (!e.sumsData()) terms = FileSums.xor(terms, FileSums.outsideData(file, e.dataPosition(), e.dataBytes(), e.fileSize(), e.blockSize()));
                else SharedFiles.verify(checkpoint, m, m.sharedFile(e.file()));   // the shared file's metadata, checksummed once
            } catch (ChecksumException x) {
                metadata = x;
            } catch (IOException | RuntimeException x) {
                failed = x;
            }
        }
        comm.agree(op + " (header)", failed);
        int[] crc = FileSums.xorAll(comm, terms), want = e.crc32c();
        failed = null;
        if (comm.rank() == 0) {
            for (int k = 0; k < want.length && failed == null; k++) {
                if (crc[k] == want[k]) continue;
                long at = (long) k * e.blockSize();
                failed = new ChecksumException(checkpoint, e.name(), e.file(), k, e.sumsFrom() + at, Math.min(e.blockSize(), e.sumsLength() - at), want[k], crc[k]);
            }
            if (failed == null) failed = metadata;
            if (failed == null) failed = header;  // a damaged header is named by its block above; this is a header that disagrees intact
        }
        comm.agree(op + " (verify)", failed);
    }

    /**
     * Whether the file's own header (for a self-describing format) says what the manifest says: type, shape,
     * byte order, where the data starts. The data is read where the manifest puts it either way; a header
     * that disagrees is reported after the checksums, which name the block when the header is damaged.
     */
    private static IOException headerProblem(Path file, Manifest.Entry e) {
        try {
            ArrayFormat format = ArrayFormats.all().stream().filter(f -> f.name().equals(e.format())).findFirst().orElse(null);
            // a dataset's file without its format's library here (h5 without HDF5): its metadata's checksum stands for the header
            if (format != null && format.unavailableReason().isPresent() && e.sumsData()) return null;
            format = ArrayFormats.get(e.format());
            if (!format.selfDescribing()) return null;
            StoredArray s = format.inspect(file, e.dataset());
            if (s.type() != e.type() || !Arrays.equals(s.shape(), e.shape()) || s.dataPosition() != e.dataPosition() || s.fortranOrder()
                    || (e.type().size() > 1 && !s.order().equals(e.order())))
                return new IOException("file of array " + e.name() + " holds " + s + " but the manifest says " + e + ": path=" + file);
            return null;
        } catch (IOException | RuntimeException x) {
            return new IOException("file of array " + e.name() + " has a header its format cannot read: " + x.getMessage() + ": path=" + file, x);
        }
    }
}
