package org.jpio.npy;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.lang.reflect.Array;
import java.net.URISyntaxException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fixture files written by numpy 1.24 ({@code np.save}; see FIXTURES.md beside them): every Java type,
 * both byte orders, C and Fortran order, format versions 1.0-3.0. jpio must read each one, and write the
 * very same bytes for the C-order native-endian ones.
 */
class NpyCompatibilityTest {
    @TempDir Path dir;

    static Path fixture(String name) {
        try {
            return Path.of(NpyCompatibilityTest.class.getResource("/npy/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Stream<String> shapedFixtures() throws IOException {
        try (Stream<Path> s = Files.list(fixture("i4_le_c.npy").getParent())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\w\\d_(le|be|na)_[cf]\\.npy")).sorted().toList().stream();
        }
    }

    /** The value numpy stored at C index (i, j, k) of the 2x3x4 fixtures: (linear index)*3-7 cast to the type. */
    static Object expected(ElementType t, long linear) {
        long v = linear * 3 - 7;
        return switch (t) {
            case BOOLEAN -> v % 2 == 0;
            case BYTE -> (byte) v;
            case CHAR -> (char) v;
            case SHORT -> (short) v;
            case INT -> (int) v;
            case LONG -> v;
            case FLOAT -> (float) v;
            case DOUBLE -> (double) v;
        };
    }

    @ParameterizedTest
    @MethodSource("shapedFixtures")
    void readsWhatNumpyWrote(String name) throws IOException {
        NpyFile.Contents c = NpyFile.read(fixture(name));
        NpyHeader h = c.header();
        assertArrayEquals(new long[] {2, 3, 4}, h.shape());
        assertEquals(name.endsWith("_f.npy"), h.fortranOrder());
        assertEquals(name.substring(0, 2), "" + h.type().numpyKind() + h.type().size());
        if (name.contains("_be_")) assertEquals(ByteOrder.BIG_ENDIAN, h.order());
        if (name.contains("_le_")) assertEquals(ByteOrder.LITTLE_ENDIAN, h.order());
        for (int p = 0; p < 24; p++) {
            // file position p holds C index (i,j,k): C order p = 12i+4j+k, Fortran order p = i+2j+6k
            int i, j, k;
            if (h.fortranOrder()) { i = p % 2; j = (p / 2) % 3; k = p / 6; } else { i = p / 12; j = (p / 4) % 3; k = p % 4; }
            assertEquals(expected(h.type(), 12L * i + 4L * j + k), Array.get(c.data(), p), name + " at file position " + p);
        }
    }

    @Test
    void writesNumpysBytes() throws IOException {
        for (String name : List.of("i4_le_c.npy", "f8_le_c.npy", "i2_le_c.npy", "u2_le_c.npy", "i1_na_c.npy", "b1_na_c.npy")) {
            NpyFile.Contents c = NpyFile.read(fixture(name));
            Path out = dir.resolve(name);
            NpyFile.write(out, c.data(), c.header().shape());
            assertArrayEquals(Files.readAllBytes(fixture(name)), Files.readAllBytes(out), name);
        }
    }

    @Test
    void versionsScalarsAndEmpty() throws IOException {
        for (String v : List.of("i4_v2.npy", "i4_v3.npy")) {
            NpyFile.Contents c = NpyFile.read(fixture(v));
            assertEquals(Integer.parseInt(v.substring(4, 5)), c.header().version());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, (int[]) c.data());
        }
        NpyFile.Contents s = NpyFile.read(fixture("f8_scalar.npy"));
        assertEquals(0, s.header().shape().length);
        assertArrayEquals(new double[] {2.5}, (double[]) s.data());
        NpyFile.Contents e = NpyFile.read(fixture("i8_empty.npy"));
        assertArrayEquals(new long[] {0, 5}, e.header().shape());
        assertEquals(0, ((long[]) e.data()).length);
    }

    @Test
    void badFilesGetClearErrors() throws IOException {
        Path notNpy = dir.resolve("x.npy");
        Files.write(notNpy, "hello world, not numpy".getBytes());
        var e = assertThrows(IllegalArgumentException.class, () -> NpyFile.read(notNpy));
        assertTrue(e.getMessage().contains("magic") && e.getMessage().contains("x.npy"), e.getMessage());

        byte[] good = Files.readAllBytes(fixture("i4_le_c.npy"));
        Path truncated = dir.resolve("t.npy");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length - 4));
        e = assertThrows(IllegalArgumentException.class, () -> NpyFile.read(truncated));
        assertTrue(e.getMessage().contains("truncated") && e.getMessage().contains("shape=[2, 3, 4]"), e.getMessage());

        byte[] complex = new String(good, java.nio.charset.StandardCharsets.ISO_8859_1).replace("'<i4'", "'<c8'")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Path c8 = dir.resolve("c8.npy");
        Files.write(c8, complex);
        e = assertThrows(IllegalArgumentException.class, () -> NpyFile.read(c8));
        assertTrue(e.getMessage().contains("'<c8'"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> NpyFile.write(dir.resolve("w.npy"), new int[5], 2, 3));
        assertTrue(e.getMessage().contains("shape=[2, 3]"), e.getMessage());
    }
}
