package org.jpio.bulk;

import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.jpio.engine.Staging;
import org.jpio.io.ElementType;

/**
 * A {@link RandomAccessFile} with {@code readArray}/{@code writeArray} at the file pointer, in the same
 * big-endian format as {@code writeInt} and friends. Arrays move through the file's channel from a
 * per-thread direct buffer, so the JDK's per-call copy of {@code write(byte[])} into a native buffer is
 * replaced by one bulk view copy; the channel shares the file pointer, so element-wise and bulk calls mix.
 */
public class BulkRandomAccessFile extends RandomAccessFile implements BulkDataInput, BulkDataOutput {
    private final String name;

    public BulkRandomAccessFile(String name, String mode) throws IOException {
        super(name, mode);
        this.name = name;
    }

    public BulkRandomAccessFile(File file, String mode) throws IOException {
        super(file, mode);
        this.name = file.getPath();
    }

    @Override
    public void writeElements(Object array, ElementType type, int index, int count) throws IOException {
        FileChannel ch = getChannel();
        Chunks.encode(Staging.buffer(), array, type, index, count, b -> {
            while (b.hasRemaining()) ch.write(b);
        });
    }

    @Override
    public void readElements(Object array, ElementType type, int index, int count) throws IOException {
        type.checkRange(array, index, count);
        FileChannel ch = getChannel();
        long pos = ch.position();
        long need = (long) count << type.shift();
        long size = ch.size();
        if (pos + need > size) // fail before consuming anything, unlike DataInput's partial reads
            throw new EOFException("read past end of file: path=" + name + " offset=" + pos + " length=" + need + " size=" + size);
        Chunks.decode(Staging.buffer(), array, type, index, count, b -> fill(ch, b));
    }

    private void fill(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining())
            if (ch.read(b) < 0) throw new EOFException("read past end of file: path=" + name + " offset=" + ch.position());
    }
}
