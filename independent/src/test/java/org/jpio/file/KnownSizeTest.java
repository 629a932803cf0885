package org.jpio.file;

import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.engine.Engines;
import org.jpio.engine.RecordingEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read that ends within the size this handle knows the file to have (asked before, or reached by its own
 * writes) asks the system no size; a read past that asks, and a file truncated behind the handle's back
 * still ends the read with EOFException.
 */
class KnownSizeTest {
    @TempDir Path dir;

    @Test
    void readsWithinAKnownSizeAskNoSizeAndAnOuterTruncationIsStillFound() throws Exception {
        Path path = dir.resolve("known.bin");
        RecordingEngine rec = new RecordingEngine(Engines.defaultEngine());
        try (ArrayFile f = ArrayFile.open(path, ArrayFileOptions.defaults().withEngine(rec), READ, WRITE, java.nio.file.StandardOpenOption.CREATE)) {
            int[] data = new int[256];
            for (int i = 0; i < data.length; i++) data[i] = i * 7;
            f.writeArray(0, data);
            int[] back = new int[256];
            for (int i = 0; i < 10; i++) f.readArray(0, back);
            assertArrayEquals(data, back);
            assertEquals(0, rec.calls("size").size(), "reads within the written extent ask no size: " + rec.calls());
            assertThrows(EOFException.class, () -> f.readArray(1020, new int[2]), "past the end: asked, and refused before reading");
            assertEquals(1, rec.calls("size").size(), "a read past the known size asks it: " + rec.calls());
            try (FileChannel other = FileChannel.open(path, WRITE)) {
                other.truncate(512); // another handle shrinks the file
            }
            EOFException e = assertThrows(EOFException.class, () -> f.readArray(0, back), "the read itself meets the end");
            assertTrue(e.getMessage().contains("path=" + path), e.getMessage());
            assertEquals(512, Files.size(path));
        }
    }
}
