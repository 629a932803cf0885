package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/** Paper 3.3: RandomAccessFile.writeInt/readInt per element, no buffering (a system call per byte on JDK 17). */
final class UnbufferedPerElement implements Approach {
    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            for (int v : data) raf.writeInt(v);
        }
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            raf.seek(offset);
            for (int i = 0; i < data.length; i++) data[i] = raf.readInt();
        }
    }
}
