package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/** The one java.io byte-array transfer the paper's byte[] approaches share: open, seek, one write or readFully, close. */
final class RafBytes {
    private RafBytes() { }

    static void write(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            raf.write(bytes);
        }
    }

    static void read(Path file, long offset, byte[] bytes) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            raf.seek(offset);
            raf.readFully(bytes);
        }
    }
}
