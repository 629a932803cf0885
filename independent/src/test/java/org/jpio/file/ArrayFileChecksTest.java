package org.jpio.file;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.engine.NioEngine;
import org.jpio.io.FileClosedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad input fails before any byte moves, with the file, offset and count in the message. */
class ArrayFileChecksTest {
    @TempDir Path dir;
    Path path;
    byte[] original;

    @BeforeEach
    void fill() throws IOException {
        path = dir.resolve("data.bin");
        original = new byte[4096];
        for (int i = 0; i < original.length; i++) original[i] = (byte) (i * 31);
        Files.write(path, original);
    }

    private ArrayFile open() throws IOException {
        return ArrayFile.open(path, ArrayFileOptions.defaults().withEngine(new NioEngine()), READ, WRITE);
    }

    private void assertUnchanged() throws IOException {
        assertArrayEquals(original, Files.readAllBytes(path), "file content changed");
    }

    @Test
    void negativeAndOverflowingOffsets() throws IOException {
        try (ArrayFile f = open()) {
            var e = assertThrows(IllegalArgumentException.class, () -> f.writeArray(-8, new int[4]));
            assertTrue(e.getMessage().contains("path=" + path) && e.getMessage().contains("offset=-8"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> f.writeArray(Long.MAX_VALUE - 4, new int[4]));
            assertTrue(e.getMessage().contains("length=16"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.readArray(-1, new long[1]));
            assertThrows(IllegalArgumentException.class, () -> f.setLength(-1));
            assertThrows(IllegalArgumentException.class, () -> f.preallocate(0, -5));
        }
        assertUnchanged();
    }

    @Test
    void arrayRangeOutOfBounds() throws IOException {
        try (ArrayFile f = open()) {
            var e = assertThrows(IllegalArgumentException.class, () -> f.writeArray(0, new double[10], 8, 3));
            assertTrue(e.getMessage().contains("index=8 count=3 length=10"), e.getMessage());
            assertTrue(e.getMessage().contains("offset=0"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> f.readArray(0, new short[10], 0, -1));
            assertThrows(IllegalArgumentException.class, () -> f.writeArray(0, "not an array"));
            assertThrows(IllegalArgumentException.class, () -> f.writeArray(0, new Integer[3]));
        }
        assertUnchanged();
    }

    @Test
    void readPastEndFailsBeforeReading() throws IOException {
        try (ArrayFile f = open()) {
            int[] a = new int[10];
            java.util.Arrays.fill(a, 77);
            var e = assertThrows(EOFException.class, () -> f.readArray(4096 - 8, a));
            assertTrue(e.getMessage().contains("offset=4088") && e.getMessage().contains("size=4096"), e.getMessage());
            for (int v : a) assertEquals(77, v, "array touched by a failed read");
            assertThrows(EOFException.class, () -> f.read(4000, ByteBuffer.allocate(200)));
        }
    }

    @Test
    void closedFile() throws IOException {
        ArrayFile f = open();
        f.close();
        f.close(); // idempotent
        var e = assertThrows(FileClosedException.class, () -> f.writeArray(0, new int[1]));
        assertTrue(e.getMessage().contains("closed") && e.getMessage().contains("path=" + path), e.getMessage());
        assertThrows(FileClosedException.class, () -> f.readArray(0, new int[1]));
        assertThrows(FileClosedException.class, f::size);
        assertUnchanged();
    }

    @Test
    void badPieceLists() throws IOException {
        try (ArrayFile f = open()) {
            int[] a = new int[4];
            assertThrows(IllegalArgumentException.class, () -> f.writePieces(new long[] {0}, new long[] {8, 8}, a, 0, 4));
            assertThrows(IllegalArgumentException.class, () -> f.writePieces(new long[] {0, 20}, new long[] {8, 6}, a, 0, 4)); // not element multiple
            assertThrows(IllegalArgumentException.class, () -> f.writePieces(new long[] {0, -20}, new long[] {8, 8}, a, 0, 4));
            var e = assertThrows(IllegalArgumentException.class, () -> f.writePieces(new long[] {0, 20}, new long[] {8, 4}, a, 0, 4));
            assertTrue(e.getMessage().contains("12 bytes") && e.getMessage().contains("16"), e.getMessage());
        }
        assertUnchanged();
    }

    @Test
    void byteOrderIsHonoured() throws IOException {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            Path p = dir.resolve("order-" + order);
            try (ArrayFile f = ArrayFile.open(p, ArrayFileOptions.defaults().withOrder(order), CREATE, WRITE, READ)) {
                f.writeArray(0, new int[] {0x01020304, -2});
            }
            ByteBuffer expect = ByteBuffer.allocate(8).order(order).putInt(0x01020304).putInt(-2);
            assertArrayEquals(expect.array(), Files.readAllBytes(p));
        }
    }

    @Test
    void statsCountBytesAndOperations() throws IOException {
        try (ArrayFile f = open()) {
            f.writeArray(0, new long[16]);
            f.readArray(0, new int[8]);
            IoStats.Snapshot s = f.stats();
            assertEquals(128, s.bytesWritten());
            assertEquals(32, s.bytesRead());
            assertEquals(1, s.writes());
            assertEquals(1, s.reads());
        }
    }

    @Test
    void appendIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> ArrayFile.open(path, APPEND, WRITE));
    }
}
