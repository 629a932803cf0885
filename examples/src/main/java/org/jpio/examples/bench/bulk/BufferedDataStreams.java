package org.jpio.examples.bench.bulk;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/**
 * Paper 3.4: Data streams over buffered streams over a FileOutputStream/FileInputStream chained to the
 * RandomAccessFile's descriptor after the seek (the descriptor carries the file pointer). Per-element calls,
 * buffered system calls.
 */
final class BufferedDataStreams implements Approach {
    /** The stream buffer; the paper found the size matters, 64 KiB is past the knee on Linux. */
    static final int BUFFER = 64 * 1024;

    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(raf.getFD()), BUFFER));
            for (int v : data) out.writeInt(v);
            out.flush(); // closing raf closes the shared descriptor; the flush must come first
        }
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            raf.seek(offset);
            DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(raf.getFD()), BUFFER));
            for (int i = 0; i < data.length; i++) data[i] = in.readInt();
        }
    }
}
