package org.jpio.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

/** The values the seam passes around: attributes, array paths, the stored-array descriptor as bytes. */
class AttributesAndPathsTest {
    @Test
    void attributesKeepTheKindTheyWereGivenAndSurviveTheirBytes() {
        Attributes a = H5FormatTest.everyKind();
        assertEquals(a, Attributes.decode(a.encode()));
        assertEquals(Integer.valueOf(-490000), a.get("scalar_INT"));
        assertArrayEquals(new long[] {42}, (long[]) a.get("one"));
        long[] given = {1, 2};
        Attributes b = Attributes.of("x", given);
        given[0] = 99;
        assertArrayEquals(new long[] {1, 2}, (long[]) b.get("x"), "a value is copied when given");
        ((long[]) b.get("x"))[1] = 7;
        assertArrayEquals(new long[] {1, 2}, (long[]) b.get("x"), "and when taken");
        assertNotEquals(Attributes.of("x", 1), Attributes.of("x", 1L), "int and long are different types");
        assertNotEquals(Attributes.of("x", 1), Attributes.of("x", new int[] {1}), "a scalar is not a one-element array");
        assertEquals(List.of("step", "units"), List.copyOf(Attributes.of("step", 1L, "units", "s").names()));
    }

    @Test
    void attributesRefuseWhatHasNoTypeNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Attributes.of("when", java.time.Instant.EPOCH));
        assertTrue(e.getMessage().contains("when") && e.getMessage().contains("java.time.Instant"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Attributes.of("n", new Integer[] {1}));
        assertThrows(IllegalArgumentException.class, () -> Attributes.of("s", new String[] {"a", null}));
        assertThrows(IllegalArgumentException.class, () -> Attributes.of("", 1));
        assertThrows(IllegalArgumentException.class, () -> Attributes.of("odd"));
    }

    @Test
    void anArrayPathSplitsAtTheDatasetOfAFormatOfSeveral() {
        assertEquals(new ArrayPath(Path.of("run/out.h5"), "/fields/u"), ArrayPath.parse("run/out.h5:/fields/u"));
        assertEquals(new ArrayPath(Path.of("out.HDF5"), "/u"), ArrayPath.parse("out.HDF5:/u"));
        assertEquals(ArrayPath.of(Path.of("a:/b.npy")), ArrayPath.parse("a:/b.npy"), "a colon in a name of a one-array format stays in the name");
        assertEquals(ArrayPath.of(Path.of("plain.h5")), ArrayPath.parse("plain.h5"));
        assertEquals("/g/d", new ArrayPath(Path.of("f.h5"), "g/d/").dataset());
        assertEquals("run/out.h5:/fields/u", ArrayPath.parse("run/out.h5:/fields/u").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ArrayPath.parse("f.h5:/a//b"));
        assertTrue(e.getMessage().contains("/a//b") && e.getMessage().contains("f.h5"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ArrayPath.parse("f.h5:/a/../b"));
    }

    @Test
    void aStoredArraySurvivesItsBytes() {
        StoredArray s = new StoredArray("h5", "/g/d", ElementType.CHAR, new long[] {3, 0, 7}, ByteOrder.BIG_ENDIAN, false, StoredArray.NO_POSITION, "chunked [1, 1, 7]");
        assertEquals(s, StoredArray.decode(s.encode()));
        StoredArray t = new StoredArray("npy", ElementType.DOUBLE, new long[] {}, ByteOrder.LITTLE_ENDIAN, true, 128);
        assertEquals(t, StoredArray.decode(t.encode()));
        assertTrue(t.contiguous() && !s.contiguous());
        assertThrows(IllegalArgumentException.class, () -> new StoredArray("raw", ElementType.INT, new long[] {1}, ByteOrder.BIG_ENDIAN, false, -2));
    }
}
