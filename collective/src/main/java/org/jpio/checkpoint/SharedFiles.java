package org.jpio.checkpoint;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.jpio.comm.Comm;
import org.jpio.format.ArrayFormat;

/**
 * A checkpoint in one file of datasets (a format that holds several arrays: HDF5), {@code checkpoint.h5}
 * with dataset {@code /<name>} per array. The arrays' data bytes are checksummed by the ranks that write
 * them, block by block as for a file of its own; the rest of the file (the format's metadata: superblock,
 * object headers, the attributes) changes with every dataset added, so it is checksummed once, when the
 * file is complete: rank 0 reads back the bytes outside every array's data (a few KiB) for one CRC32C,
 * which the manifest's {@code files} entry keeps with the file's final size.
 */
final class SharedFiles {
    /** The shared file's name, before the format's ending: {@code checkpoint.h5}. */
    static final String NAME = "checkpoint";

    private SharedFiles() { }

    /**
     * Collective, once every array is written: rank 0 puts the checkpoint's step and attributes on the
     * file's root group ("/"), syncs the file and checksums its bytes outside the arrays' data; every rank
     * gets {@code entries} with the file's final size and the file's manifest entry. Nothing for a
     * checkpoint whose arrays have files of their own.
     */
    static List<Manifest.SharedFile> complete(Comm comm, Plan plan, ArrayFormat format, List<Manifest.Entry> entries) throws IOException {
        String name = plan.sharedFile();
        if (name == null) return List.of();
        Path file = plan.partial().resolve(name);
        long[] sizeAndCrc = new long[2];
        Throwable failed = null;
        if (comm.rank() == 0) {
            try {
                format.setAttributes(file, "/", rootAttributes(plan));
                try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    c.force(true);                              // the attributes are on the device before the manifest names the file
                }
                sizeAndCrc[0] = Files.size(file);
                sizeAndCrc[1] = outsideDataCrc(file, entries, sizeAndCrc[0]) & 0xffffffffL;
            } catch (IOException | RuntimeException e) {
                failed = e;
            }
        }
        comm.agree("checkpoint step=" + plan.step() + " attributes and metadata checksum path=" + file, failed);
        comm.bcast(sizeAndCrc, 0, 2, 0);
        for (int i = 0; i < entries.size(); i++) {
            Manifest.Entry e = entries.get(i);
            entries.set(i, new Manifest.Entry(e.name(), e.file(), e.dataset(), e.format(), e.type(), e.shape(), e.order(), e.dataPosition(),
                    sizeAndCrc[0], e.blockSize(), e.crc32c()));
        }
        return List.of(new Manifest.SharedFile(name, format.name(), sizeAndCrc[0], (int) sizeAndCrc[1]));
    }

    /** The root group's attributes: {@code step}, then the checkpoint's own, as the format's values (long, double, String, boolean). */
    static org.jpio.format.Attributes rootAttributes(Plan plan) {
        org.jpio.format.Attributes a = org.jpio.format.Attributes.of("step", plan.step());
        for (Map.Entry<String, Object> e : plan.attributes().asMap().entrySet()) a = a.with(e.getKey(), e.getValue());
        return a;
    }

    /** CRC32C of the bytes of {@code file} (of {@code size} bytes) outside the data of every entry stored in it, in file order. */
    static int outsideDataCrc(Path file, List<Manifest.Entry> entries, long size) throws IOException {
        String name = file.getFileName().toString();
        List<Manifest.Entry> in = new ArrayList<>();
        for (Manifest.Entry e : entries) if (e.file().equals(name) && e.dataBytes() > 0) in.add(e);
        in.sort(Comparator.comparingLong(Manifest.Entry::dataPosition));
        CRC32C crc = new CRC32C();
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = 0;
            for (Manifest.Entry e : in) {
                if (e.dataPosition() < at)
                    throw new IOException("arrays overlap in shared file: array=" + e.name() + " data_position=" + e.dataPosition() + " before offset=" + at + " path=" + file);
                add(crc, c, at, e.dataPosition() - at, file);
                at = e.dataPosition() + e.dataBytes();
            }
            add(crc, c, at, size - at, file);
        }
        return (int) crc.getValue();
    }

    /** Outside-data bytes of a shared file: its size less its arrays' data. */
    static long outsideBytes(Manifest.SharedFile f, List<Manifest.Entry> entries) {
        long n = f.fileSize();
        for (Manifest.Entry e : entries) if (e.file().equals(f.file())) n -= e.dataBytes();
        return n;
    }

    /** Checks a shared file's bytes outside the arrays' data against the manifest; a ChecksumException naming the file otherwise. */
    static void verify(Path checkpoint, Manifest m, Manifest.SharedFile f) throws IOException {
        Path file = checkpoint.resolve(f.file());
        long size = Files.size(file);
        if (size != f.fileSize()) throw new IOException("shared file " + f.file() + " has size=" + size + ", the manifest says " + f.fileSize() + ": checkpoint=" + checkpoint);
        int found = outsideDataCrc(file, m.arrays(), size);
        if (found != f.outsideDataCrc32c()) throw new ChecksumException(checkpoint, f.file(), outsideBytes(f, m.arrays()), f.outsideDataCrc32c(), found);
    }

    private static void add(CRC32C crc, FileChannel c, long position, long length, Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(length, 1 << 20));
        for (long done = 0; done < length; ) {
            b.clear().limit((int) Math.min(b.capacity(), length - done));
            while (b.hasRemaining())
                if (c.read(b, position + done + b.position()) < 0)
                    throw new EOFException("file ends before its size: path=" + file + " offset=" + (position + done + b.position()));
            b.flip();
            done += b.remaining();
            crc.update(b);
        }
    }
}
