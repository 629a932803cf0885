package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;
import org.jpio.format.NewArray;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * Writes one array of a commit into the unpublished directory, collectively: rank 0 lays out the file, or
 * one more dataset in the file the arrays share ({@link ArrayFormat#prepare(Path, NewArray)}), every rank writes its chunks through a ParallelFile whose view is its darray
 * block (bytes of the element type's layout), checksumming each chunk's bytes at their file positions as
 * they go out (a chunk is packed and checksummed while the one before it is written, {@link ChunkPipeline}), the file is synced (MPI_File_sync), rank 0 makes it valid ({@link ArrayFormat#finish}) and
 * adds the bytes outside the data, and the terms of all ranks make the blocks' CRC32C (of the whole file,
 * or of a dataset's data bytes: a shared file's other bytes are summed once it is complete,
 * {@link SharedFiles}). No byte is read back but the header.
 */
final class ArrayWriter {
    private ArrayWriter() { }

    static Manifest.Entry write(Comm comm, Plan plan, int index, ChunkSource source, ArrayFormat format, Hints hints, int blockSize) throws IOException {
        Plan.Item it = plan.items().get(index);
        ElementType type = it.array().elementType();
        Path file = plan.partial().resolve(it.file());
        String op = "checkpoint step=" + plan.step() + " array=" + it.name() + " path=" + file;
        long[] shape = longs(it.array().globalShape());
        StoredArray stored = null;
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                // placed as DistributedArray.write places it (h5: H5Pset_alignment for datasets of 4 KiB or more); npy/raw ignore it
                stored = format.prepare(file, new NewArray(it.dataset(), type, shape, org.jpio.format.Attributes.empty(),
                        NewArray.alignment(hints.stripingUnit(), type, shape, it.array().blocksInterleave())));
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        if (failed == null && comm.rank() == 0 && !stored.contiguous())
            failed = new IOException("format " + format.name() + " laid out array " + it.name() + " as " + stored.storage()
                    + ", not one contiguous block, which the ranks' checksummed writes need: path=" + file);
        byte[] described = comm.shareFromRoot(op + " (prepare)", 0, failed == null && stored != null ? stored.encode() : null, failed);
        if (comm.rank() != 0) stored = StoredArray.decode(described);
        long dataBytes = stored.dataBytes();
        // a file of its own is checksummed whole (from byte 0); a dataset in a shared file, its data bytes alone (from its first)
        boolean dataOnly = !it.dataset().isEmpty();
        BlockSums sums = new BlockSums(dataOnly ? dataBytes : stored.dataPosition() + dataBytes, blockSize);
        FileView view = new FileView(stored.dataPosition(), ElementType.BYTE, it.array().fileType(), DataRep.NATIVE);
        // the checksums' own view object: the helper thread of the pipeline walks it while the file's view writes
        FileView summed = new FileView(dataOnly ? 0 : stored.dataPosition(), ElementType.BYTE, it.array().fileType(), DataRep.NATIVE);
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.WRONLY), hints);
             ChunkPipeline chunks = new ChunkPipeline(source, index, it.rounds(),
                     c -> FileSums.addViewBytes(sums, summed, c.from() * type.size(), c.slab(), c.length()), op)) {
            f.setView(view);
            for (long r = 0; r < it.rounds(); r++) {
                ChunkSource.Chunk c = null;
                failed = null;
                try {
                    c = chunks.take(r);                 // packed and checksummed; the next one is prepared while this one is written
                } catch (IOException | RuntimeException e) {
                    failed = e;
                }
                try {
                    comm.agree(op + " (chunk " + r + ")", failed);
                    f.writeAtAll(c.from() * type.size(), Elements.of(c.slab(), 0, c.length()));
                } finally {
                    if (c != null) source.release(c);
                }
            }
            f.sync();                                   // every rank's bytes are on the device before the file is made valid
        }
        long size = 0;
        int[] outside = null;
        failed = null;
        if (comm.rank() == 0) {
            try {
                format.finish(file, stored);
                size = Files.size(file);
                if (!dataOnly) outside = FileSums.outsideData(file, stored.dataPosition(), dataBytes, size, blockSize);
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree(op + " (finish)", failed);
        long[] s = {size};
        comm.bcast(s, 0, 1, 0);
        int[] terms = sums.contributions(dataOnly ? dataBytes : s[0]);
        if (comm.rank() == 0 && outside != null) terms = FileSums.xor(terms, outside);
        int[] crc = FileSums.xorAll(comm, terms);
        // a shared file's size is final only once every array and the attributes are in it (SharedFiles.complete)
        return new Manifest.Entry(it.name(), it.file(), it.dataset(), format.name(), type, shape, stored.order(), stored.dataPosition(), s[0], blockSize, crc);
    }

    static long[] longs(int[] a) {
        long[] l = new long[a.length];
        for (int i = 0; i < a.length; i++) l[i] = a[i];
        return l;
    }
}
