package org.jpio.bulk;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.io.FileClosedException;
import org.jpio.io.FileNotWritableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bulk calls of BulkRandomAccessFile refuse a closed file and a write on an "r" file as every tier does. */
class BulkRandomAccessFileChecksTest {
    @TempDir Path dir;

    @Test
    void closedFileIsFileClosedExceptionWithContext() throws IOException {
        Path p = dir.resolve("closed.bin");
        BulkRandomAccessFile f = new BulkRandomAccessFile(p.toFile(), "rw");
        f.writeArray(new int[] {1, 2, 3});
        f.close();
        FileClosedException e = assertThrows(FileClosedException.class, () -> f.writeArray(new long[2]));
        assertInstanceOf(ClosedChannelException.class, e);
        assertTrue(e.getMessage().contains("op=write path=" + p + " offset=12 length=16"), e.getMessage());
        e = assertThrows(FileClosedException.class, () -> f.readArray(new double[1]));
        assertTrue(e.getMessage().contains("op=read") && e.getMessage().contains("length=8"), e.getMessage());
        assertEquals(12, Files.size(p), "a refused call changed the file");
    }

    @Test
    void closingTheChannelClosesTheFileForBulkCalls() throws IOException {
        BulkRandomAccessFile f = new BulkRandomAccessFile(dir.resolve("ch.bin").toFile(), "rw");
        f.getChannel().close();
        assertThrows(FileClosedException.class, () -> f.readArray(new byte[1]));
    }

    @Test
    void writeOnReadOnlyFileIsFileNotWritableException() throws IOException {
        Path p = dir.resolve("ro.bin");
        Files.write(p, new byte[16]);
        try (BulkRandomAccessFile f = new BulkRandomAccessFile(p.toFile(), "r")) {
            f.seek(4);
            FileNotWritableException e = assertThrows(FileNotWritableException.class, () -> f.writeArray(new short[3]));
            assertInstanceOf(NonWritableChannelException.class, e);
            assertTrue(e.getMessage().contains("op=write path=" + p + " offset=4 length=6 mode=r"), e.getMessage());
            assertEquals(4, f.getFilePointer(), "a refused write moved the pointer");
            int[] back = new int[4];
            f.seek(0);
            f.readArray(back); // reading stays allowed
        }
        assertArrayEquals(new byte[16], Files.readAllBytes(p));
    }
}
