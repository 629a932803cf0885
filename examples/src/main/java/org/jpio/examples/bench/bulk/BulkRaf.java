package org.jpio.examples.bench.bulk;

import java.io.IOException;
import java.nio.file.Path;
import org.jpio.bulk.BulkRandomAccessFile;

/** The paper's extension (section 5): BulkRandomAccessFile.writeArray/readArray, big-endian like writeInt. */
final class BulkRaf implements Approach {
    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        try (BulkRandomAccessFile raf = new BulkRandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            raf.writeArray(data);
        }
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        try (BulkRandomAccessFile raf = new BulkRandomAccessFile(file.toFile(), "r")) {
            raf.seek(offset);
            raf.readArray(data);
        }
    }
}
