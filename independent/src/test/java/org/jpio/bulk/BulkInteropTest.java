package org.jpio.bulk;

import static org.junit.jupiter.api.Assertions.*;

import java.io.*;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jpio.io.ElementType;
import org.jpio.testing.TestArrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The bulk classes write exactly DataOutputStream's bytes and read them back, for every type. */
class BulkInteropTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void writeArrayGivesDataOutputStreamBytes(ElementType t) throws IOException {
        // 70001 elements: more than one 64 KiB chunk, not a multiple of it
        Object a = TestArrays.random(t, 70001, t.ordinal());
        ByteArrayOutputStream bulk = new ByteArrayOutputStream();
        try (BulkDataOutputStream out = new BulkDataOutputStream(bulk)) {
            out.writeInt(42);
            out.writeElements(a, t, 0, 70001);
            out.writeInt(-1);
            assertEquals(8 + 70001L * t.size(), out.size());
        }
        ByteArrayOutputStream ref = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(ref)) {
            out.writeInt(42);
            for (int i = 0; i < 70001; i++) TestArrays.writeOne(out, t, a, i);
            out.writeInt(-1);
        }
        assertArrayEquals(ref.toByteArray(), bulk.toByteArray());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void readArrayReadsDataOutputStreamBytes(ElementType t) throws IOException {
        Object a = TestArrays.random(t, 70001, 100 + t.ordinal());
        ByteArrayOutputStream ref = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(ref)) {
            for (int i = 0; i < 70001; i++) TestArrays.writeOne(out, t, a, i);
        }
        Object back = t.newArray(70003);
        try (BulkDataInputStream in = new BulkDataInputStream(new ByteArrayInputStream(ref.toByteArray()))) {
            in.readElements(back, t, 2, 70001);
            assertEquals(-1, in.read());
        }
        Object expect = t.newArray(70003);
        System.arraycopy(a, 0, expect, 2, 70001);
        // NaN payloads are canonicalised by DataOutputStream, so compare with what it wrote, read element-wise
        Object viaJdk = t.newArray(70003);
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(ref.toByteArray()))) {
            for (int i = 0; i < 70001; i++) TestArrays.readOne(in, t, viaJdk, i + 2);
        }
        assertTrue(TestArrays.equal(viaJdk, back));
    }

    @Test
    void typedOverloadsAndShortStream() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BulkDataOutputStream out = new BulkDataOutputStream(bytes)) {
            out.writeArray(new double[] {1.5, -2.25});
            out.writeArray(new int[] {9, 8, 7}, 1, 2);
        }
        try (BulkDataInputStream in = new BulkDataInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            double[] d = new double[2];
            in.readArray(d);
            assertArrayEquals(new double[] {1.5, -2.25}, d);
            int[] i = new int[3];
            assertThrows(EOFException.class, () -> in.readArray(i));
        }
    }

    @Test
    void badRangesFailBeforeWriting() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (BulkDataOutputStream out = new BulkDataOutputStream(bytes)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> out.writeArray(new int[4], 3, 2));
            assertTrue(e.getMessage().contains("index=3 count=2 length=4"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> out.writeArray(new long[4], -1, 1));
            assertThrows(IllegalArgumentException.class, () -> out.writeElements(new int[2], ElementType.LONG, 0, 1));
        }
        assertEquals(0, bytes.size());
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    void randomAccessFileMixesBulkAndElementwise(ElementType t) throws IOException {
        Path p = dir.resolve("raf-" + t);
        Object a = TestArrays.random(t, 100_000, 7 + t.ordinal());
        try (BulkRandomAccessFile f = new BulkRandomAccessFile(p.toFile(), "rw")) {
            f.writeInt(0xCAFE);
            f.writeElements(a, t, 10, 99_990);
            f.writeLong(-5L);
            assertEquals(4 + 99_990L * t.size() + 8, f.getFilePointer());
        }
        // the file reads back element-wise with DataInputStream
        Object viaJdk = t.newArray(100_000);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(p)))) {
            assertEquals(0xCAFE, in.readInt());
            for (int i = 10; i < 100_000; i++) TestArrays.readOne(in, t, viaJdk, i);
            assertEquals(-5L, in.readLong());
        }
        try (BulkRandomAccessFile f = new BulkRandomAccessFile(p.toString(), "r")) {
            assertEquals(0xCAFE, f.readInt());
            Object back = t.newArray(100_000);
            f.readElements(back, t, 10, 99_990);
            assertEquals(-5L, f.readLong());
            assertTrue(TestArrays.equal(viaJdk, back));
            f.seek(f.length() - 4);
            long before = f.getFilePointer();
            assertThrows(EOFException.class, () -> f.readArray(new int[2]));
            assertEquals(before, f.getFilePointer(), "a failed bulk read consumes nothing");
        }
    }
}
