package org.jpio.bulk;

import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.jpio.engine.Staging;
import org.jpio.io.ElementType;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotWritableException;

/**
 * A {@link RandomAccessFile} with {@code readArray}/{@code writeArray} at the file pointer, in the same
 * big-endian format as {@code writeInt} and friends. Arrays move through the file's channel from a
 * per-thread direct buffer, so the JDK's per-call copy of {@code write(byte[])} into a native buffer is
 * replaced by one bulk view copy; the channel shares the file pointer, so element-wise and bulk calls mix.
 *
 * <p>The bulk calls check the file as every jpio tier does, before any byte moves: after close they throw
 * {@link FileClosedException}, a write on a file opened "r" {@link FileNotWritableException} (the
 * inherited element-wise calls keep RandomAccessFile's own IOExceptions).
 */
public class BulkRandomAccessFile extends RandomAccessFile implements BulkDataInput, BulkDataOutput {
    private final String name;
    private final String mode;
    /** The file pointer when the file was closed, for the message of a later call; -1 while open. */
    private volatile long closedAt = -1;

    public BulkRandomAccessFile(String name, String mode) throws IOException {
        super(name, mode);
        this.name = name;
        this.mode = mode;
    }

    public BulkRandomAccessFile(File file, String mode) throws IOException {
        super(file, mode);
        this.name = file.getPath();
        this.mode = mode;
    }

    @Override
    public void writeElements(Object array, ElementType type, int index, int count) throws IOException {
        type.checkRange(array, index, count);
        long length = (long) count << type.shift();
        requireOpen("write", length);
        if (mode.equals("r")) throw FileNotWritableException.of("write", name, getFilePointer(), length, mode);
        FileChannel ch = getChannel();
        Chunks.encode(Staging.buffer(), array, type, index, count, b -> {
            while (b.hasRemaining()) ch.write(b);
        });
    }

    @Override
    public void readElements(Object array, ElementType type, int index, int count) throws IOException {
        type.checkRange(array, index, count);
        long need = (long) count << type.shift();
        requireOpen("read", need);
        FileChannel ch = getChannel();
        long pos = ch.position();
        long size = ch.size();
        if (pos + need > size) // fail before consuming anything, unlike DataInput's partial reads
            throw new EOFException("read past end of file: path=" + name + " offset=" + pos + " length=" + need + " size=" + size);
        Chunks.decode(Staging.buffer(), array, type, index, count, b -> fill(ch, b));
    }

    private void requireOpen(String op, long length) throws FileClosedException {
        long at = closedAt;
        if (at >= 0) throw FileClosedException.of(op, name, at, length);
    }

    @Override
    public void close() throws IOException {
        // the channel's close() comes here too (it closes its RandomAccessFile)
        if (closedAt < 0 && getFD().valid()) closedAt = getFilePointer();
        super.close();
    }

    private void fill(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining())
            if (ch.read(b) < 0) throw new EOFException("read past end of file: path=" + name + " offset=" + ch.position());
    }
}
