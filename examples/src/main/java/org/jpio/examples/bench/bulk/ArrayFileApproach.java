package org.jpio.examples.bench.bulk;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

import java.io.IOException;
import java.nio.file.Path;
import org.jpio.file.ArrayFile;
import org.jpio.file.ArrayFileOptions;

/** jpio's positional tier: ArrayFile.writeArray/readArray on one engine, native byte order (as the C baseline). */
final class ArrayFileApproach implements Approach {
    private final ArrayFileOptions options;

    ArrayFileApproach(String engine) {
        this.options = ArrayFileOptions.defaults().withEngine(engine);
    }

    @Override
    public void write(Path file, long offset, int[] data) throws IOException {
        try (ArrayFile f = ArrayFile.open(file, options, CREATE, WRITE)) {
            f.writeArray(offset, data);
        }
    }

    @Override
    public void read(Path file, long offset, int[] data) throws IOException {
        try (ArrayFile f = ArrayFile.open(file, options, READ)) {
            f.readArray(offset, data);
        }
    }
}
