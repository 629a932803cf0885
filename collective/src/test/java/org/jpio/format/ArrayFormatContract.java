package org.jpio.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract of the {@link ArrayFormat} seam, which every format passes: prepare lays out an array and
 * says where its data goes, the data written there is what the file holds once finished, a one-array format
 * refuses names and attributes, a format of several keeps an added array out of sight until it is finished,
 * and a file of something else is refused naming the file, without a byte of it changing.
 */
abstract class ArrayFormatContract {
    @TempDir Path dir;

    abstract ArrayFormat format();

    Path file(String name) { return dir.resolve(name + format().extensions().get(0)); }

    /** Writes {@code count} elements of {@code t} with values from {@code salt} at the stored position, as ranks would. */
    static byte[] writeData(Path file, StoredArray s, int salt) throws IOException {
        int n = (int) s.count();
        ByteBuffer b = ByteBuffer.allocate(n * s.type().size()).order(s.order());
        for (int i = 0; i < n; i++) {
            long v = (long) i * 31 + salt;
            switch (s.type()) {
                case BOOLEAN -> b.put((byte) (v % 2));
                case BYTE -> b.put((byte) v);
                case CHAR, SHORT -> b.putShort((short) v);
                case INT, FLOAT -> b.putInt((int) v);
                case LONG, DOUBLE -> b.putLong(v);
            }
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.write(b.flip(), s.dataPosition());
        }
        return b.array();
    }

    static byte[] readData(Path file, StoredArray s) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) s.dataBytes());
        try (FileChannel c = FileChannel.open(file)) {
            while (b.hasRemaining() && c.read(b, s.dataPosition() + b.position()) > 0) { }
        }
        return b.array();
    }

    @Test
    void whatIsWrittenWherePrepareSaysIsWhatTheFinishedFileHolds() throws Exception {
        for (ElementType t : ElementType.values()) {
            Path f = file("t" + t);
            StoredArray s = format().prepare(f, t, new long[] {3, 5});
            assertEquals(t, s.type());
            assertArrayEquals(new long[] {3, 5}, s.shape());
            assertEquals(ByteOrder.nativeOrder(), s.order());
            assertTrue(s.contiguous() && s.dataPosition() + s.dataBytes() <= Files.size(f), s + " size=" + Files.size(f));
            byte[] data = writeData(f, s, t.ordinal());
            format().finish(f, s);
            if (format().selfDescribing()) {
                StoredArray back = format().inspect(f);
                assertEquals(s.dataPosition(), back.dataPosition(), t.toString());
                assertEquals(t, back.type());
                assertArrayEquals(s.shape(), back.shape());
                assertEquals(s.dataset(), back.dataset());
            } else {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> format().inspect(f));
                assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
            }
            assertArrayEquals(data, readData(f, s), t.toString());
        }
    }

    /**
     * A rewrite in place over a finished file of the format, larger or smaller than the new one: the old
     * bytes of the data range stay until written (nothing was truncated), the old file is no longer taken
     * for complete, no scratch file is left, and once finished the file is byte for byte the new file that
     * {@link ArrayFormat#prepare} would have made, in the same inode.
     */
    @Test
    void aRewriteInPlaceKeepsTheBlocksAndEndsAsTheNewFileWould() throws Exception {
        for (long oldCount : new long[] {4000, 3}) {
            Path f = file("inplace" + oldCount), fresh = file("fresh" + oldCount), scratch = dir.resolve(".scratch" + oldCount);
            StoredArray old = format().prepare(f, ElementType.BYTE, new long[] {oldCount});
            writeData(f, old, 90);
            format().finish(f, old);
            byte[] before = Files.readAllBytes(f);
            Object inode = Files.getAttribute(f, "unix:ino");

            StoredArray s = format().prepareInPlace(f, NewArray.of(ElementType.INT, 30, 5), scratch);
            StoredArray n = format().prepare(fresh, NewArray.of(ElementType.INT, 30, 5));
            assertEquals(n.dataPosition(), s.dataPosition(), s.toString());
            assertEquals(Files.size(fresh), Files.size(f), "the size a new file would have");
            assertTrue(Files.notExists(scratch), "no scratch file is left");
            byte[] now = Files.readAllBytes(f);
            for (long i = s.dataPosition(); i < Math.min(before.length, s.dataPosition() + s.dataBytes()); i++)
                assertEquals(before[(int) i], now[(int) i], "offset " + i + " of the data range: the old byte until the ranks write it");
            if (format().selfDescribing()) assertThrows(Exception.class, () -> format().inspect(f), "the old file no longer vouches for itself");

            byte[] data = writeData(f, s, 5);
            writeData(fresh, n, 5);
            format().finish(f, s);
            format().finish(fresh, n);
            assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(f), "old size " + before.length);
            assertArrayEquals(data, readData(f, s));
            assertEquals(inode, Files.getAttribute(f, "unix:ino"));
            if (format().selfDescribing()) assertEquals(s.dataPosition(), format().inspect(f).dataPosition());
        }
    }

    @Test
    void anEmptyArrayRewrittenInPlaceHasNoData() throws Exception {
        Path f = file("emptyinplace"), fresh = file("emptyfresh");
        Files.write(f, new byte[3000]);
        StoredArray s = format().prepareInPlace(f, NewArray.of(ElementType.INT, 0, 4), dir.resolve(".scratch"));
        format().finish(f, s);
        StoredArray n = format().prepare(fresh, NewArray.of(ElementType.INT, 0, 4));
        format().finish(fresh, n);
        assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(f));
        if (format().selfDescribing()) assertEquals(0, format().inspect(f).count());
    }

    @Test
    void aRewriteInPlaceCreatesAMissingFile() throws Exception {
        Path f = file("missing");
        StoredArray s = format().prepareInPlace(f, NewArray.of(ElementType.SHORT, 7), dir.resolve(".scratch"));
        byte[] data = writeData(f, s, 3);
        format().finish(f, s);
        assertArrayEquals(data, readData(f, s));
        assertTrue(Files.notExists(dir.resolve(".scratch")));
    }

    @Test
    void anEmptyArrayHasNoData() throws Exception {
        Path f = file("empty");
        StoredArray s = format().prepare(f, ElementType.INT, new long[] {0, 4});
        format().finish(f, s);
        assertEquals(0, s.count());
        if (format().selfDescribing()) assertEquals(0, format().inspect(f).count());
    }

    @Test
    void aFileOfSomethingElseIsRefusedNamingItAndKeepsEveryByte() throws Exception {
        Path f = file("other");
        byte[] junk = "this is not an array file of any kind; it is text.\n".repeat(40).getBytes();
        Files.write(f, junk);
        Exception e = assertThrows(Exception.class, () -> format().prepare(f, ElementType.INT, new long[] {2}));
        assertTrue(e instanceof IOException || e instanceof IllegalArgumentException, e.toString());
        assertTrue(e.getMessage().contains(f.toString()), e.getMessage());
        Exception i = assertThrows(Exception.class, () -> format().inspect(f));
        assertTrue(i.getMessage().contains(f.toString()), i.getMessage());
        assertArrayEquals(junk, Files.readAllBytes(f));
    }

    @Test
    void aOneArrayFormatRefusesNamesAndAttributes() throws Exception {
        assumeFalse(format().holdsSeveral());
        Path f = file("one");
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class,
                () -> format().prepare(f, new NewArray("/g/x", ElementType.INT, new long[] {2}, Attributes.empty(), 0)));
        assertTrue(named.getMessage().contains("format " + format().name()) && named.getMessage().contains("/g/x"), named.getMessage());
        assertThrows(IllegalArgumentException.class, () -> format().prepare(f, new NewArray("", ElementType.INT, new long[] {2}, Attributes.of("a", 1), 0)));
        StoredArray s = format().prepare(f, NewArray.of(ElementType.INT, 2));
        format().finish(f, s);
        assertEquals(List.of(""), format().datasets(f));
        assertEquals(Attributes.empty(), format().attributes(f, ""));
        assertThrows(IllegalArgumentException.class, () -> format().setAttributes(f, "/", Attributes.of("a", 1)));
        assertThrows(IllegalStateException.class, () -> format().readSelection(f, s, new long[][] {{0}}, ByteBuffer.allocate(4)));
        assertEquals("", s.dataset());
    }

    @Test
    void anArrayAddedToAFileOfSeveralIsOutOfSightUntilFinished() throws Exception {
        assumeTrue(format().holdsSeveral());
        Path f = file("several");
        StoredArray first = format().prepare(f, new NewArray("/a", ElementType.INT, new long[] {4}, Attributes.of("n", 1), 0));
        byte[] a = writeData(f, first, 1);
        format().finish(f, first);
        StoredArray second = format().prepare(f, new NewArray("/g/b", ElementType.DOUBLE, new long[] {2, 3}, Attributes.empty(), 0));
        assertEquals(List.of("/a"), format().datasets(f), "the new array is not listed before it is finished");
        byte[] b = writeData(f, second, 2);
        format().finish(f, second);
        assertEquals(List.of("/a", "/g/b"), format().datasets(f));
        assertArrayEquals(a, readData(f, format().inspect(f, "/a")));
        assertArrayEquals(b, readData(f, format().inspect(f, "/g/b")));
        StoredArray replaced = format().prepare(f, new NewArray("/a", ElementType.INT, new long[] {4}, Attributes.empty(), 0));
        writeData(f, replaced, 9);
        assertArrayEquals(a, readData(f, format().inspect(f, "/a")), "the old array stays until the new one is finished");
        format().discard(f, replaced);
        assertArrayEquals(a, readData(f, format().inspect(f, "/a")), "a discarded array leaves the old one");
        assertEquals(List.of("/a", "/g/b"), format().datasets(f));
    }
}
