package org.jpio.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hdf.hdf5lib.H5;
import hdf.hdf5lib.HDF5Constants;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

/** The h5 format on the seam's contract, and what only HDF5 has: attributes of every kind, alignment, library reads of a chunked dataset. */
class H5FormatTest extends ArrayFormatContract {
    @Override ArrayFormat format() { return ArrayFormats.H5; }

    static Attributes everyKind() {
        Attributes a = Attributes.empty();
        for (ElementType t : ElementType.values()) {
            Object arr = t.newArray(3);
            for (int i = 0; i < 3; i++) java.lang.reflect.Array.set(arr, i, java.lang.reflect.Array.get(sample(t, i + 1), 0));
            a = a.with("scalar_" + t, java.lang.reflect.Array.get(sample(t, 7), 0)).with("array_" + t, arr);
        }
        return a.with("units", "kg m\u207b\u00b3 (\u00e9t\u00e9)").with("names", new String[] {"u", "", "w\u00fc"}).with("one", new long[] {42});
    }

    /** A one-element array of {@code t} holding a value made from {@code k}. */
    static Object sample(ElementType t, int k) {
        Object one = t.newArray(1);
        Object v = switch (t) {
            case BOOLEAN -> k % 2 == 1;
            case BYTE -> (byte) -k;
            case CHAR -> (char) (0xE000 + k);
            case SHORT -> (short) (-300 * k);
            case INT -> -70000 * k;
            case LONG -> -5_000_000_000L * k;
            case FLOAT -> 1.5f * k;
            case DOUBLE -> -0.1 * k;
        };
        java.lang.reflect.Array.set(one, 0, v);
        return one;
    }

    /**
     * The library finds a file's superblock at 0, 512, 1024, 2048, ... (after a user block): an old file
     * whose superblock sits at 4096, inside the new data range, must not be found there while the data is
     * written. Negative control: zeroing only the signature at 0 lets the old file open mid-rewrite.
     */
    @Test
    void aRewriteInPlaceWithdrawsASignatureAfterAUserBlockToo() throws Exception {
        Path f = file("userblock");
        long fcpl = H5.H5Pcreate(HDF5Constants.H5P_FILE_CREATE);
        try {
            H5.H5Pset_userblock(fcpl, 4096);
            H5.H5Fclose(H5.H5Fcreate(f.toString(), HDF5Constants.H5F_ACC_TRUNC, fcpl, HDF5Constants.H5P_DEFAULT));
        } finally {
            H5.H5Pclose(fcpl);
        }
        assertTrue(H5.H5Fis_hdf5(f.toString()) && Files.size(f) > 4096 + 8);
        StoredArray s = format().prepareInPlace(f, NewArray.of(ElementType.INT, 2000), dir.resolve(".scratch"));
        assertTrue(s.dataPosition() < 4096 && s.dataPosition() + s.dataBytes() > 4096, s.toString());
        assertFalse(H5.H5Fis_hdf5(f.toString()), "no superblock is found before the data is in");
        byte[] data = writeData(f, s, 1);
        format().finish(f, s);
        assertArrayEquals(data, readData(f, format().inspect(f)));
    }

    /**
     * The second rewrite in place of the same layout comes from the image kept the first time: no scratch
     * file is made (its directory does not exist, which the library would fail on), and the bytes are those
     * of a new file made by the library a second later (the files hold no times).
     */
    @Test
    void aLayoutRewrittenInPlaceAgainComesFromItsKeptImage() throws Exception {
        NewArray layout = new NewArray("/g/kept", ElementType.FLOAT, new long[] {6, 7}, Attributes.of("step", 3L, "units", "K"), 0);
        Path f = file("again");
        Files.write(f, new byte[5000]);
        StoredArray first = format().prepareInPlace(f, layout, dir.resolve(".scratch"));
        writeData(f, first, 2);
        format().finish(f, first);
        Thread.sleep(1100);
        Path nowhere = dir.resolve("missing").resolve(".scratch");
        StoredArray again = format().prepareInPlace(f, new NewArray("/g/kept", ElementType.FLOAT, new long[] {6, 7}, Attributes.of("step", 3L, "units", "K"), 0), nowhere);
        byte[] data = writeData(f, again, 4);
        format().finish(f, again);
        Path fresh = file("fresh");
        StoredArray n = format().prepare(fresh, layout);
        writeData(fresh, n, 4);
        format().finish(fresh, n);
        assertArrayEquals(Files.readAllBytes(fresh), Files.readAllBytes(f));
        assertArrayEquals(data, readData(f, format().inspect(f, "/g/kept")));
        assertEquals(Attributes.of("step", 3L, "units", "K"), format().attributes(f, "/g/kept"));
        assertThrows(java.nio.file.NoSuchFileException.class, () -> format().prepareInPlace(f,
                new NewArray("/g/kept", ElementType.FLOAT, new long[] {6, 8}, Attributes.empty(), 0), nowhere), "negative control: another layout needs the library");
    }

    /**
     * A rewrite in place that never finished (its writer failed) is forgotten by the next preparation of the
     * same dataset: an array later added under that name to the file (replaced meanwhile) gets its name.
     * Negative control: without forgetting it, the added array's finish wrote a signature and named nothing.
     */
    @Test
    void anUnfinishedRewriteInPlaceDoesNotFinishALaterArray() throws Exception {
        Path f = file("unfinished"), next = file("next");
        StoredArray first = format().prepare(f, NewArray.of(ElementType.INT, 6));
        writeData(f, first, 1);
        format().finish(f, first);
        format().prepareInPlace(f, new NewArray("/data", ElementType.INT, new long[] {6}, Attributes.empty(), 0), dir.resolve(".scratch"));
        StoredArray replacement = format().prepare(next, NewArray.of(ElementType.INT, 6)); // as REPLACE does: a new file renamed over it
        writeData(next, replacement, 2);
        format().finish(next, replacement);
        Files.move(next, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        StoredArray added = format().prepare(f, new NewArray("/data", ElementType.INT, new long[] {6}, Attributes.empty(), 0));
        byte[] data = writeData(f, added, 3);
        format().finish(f, added);
        assertArrayEquals(data, readData(f, format().inspect(f, "/data")), "the added array has the name");
        assertEquals(List.of("/data"), format().datasets(f));
    }

    @Test
    void attributesOfEveryKindOnTheFileAGroupAndADataset() throws Exception {
        Path f = file("attrs");
        StoredArray s = format().prepare(f, new NewArray("/g/d", ElementType.INT, new long[] {2}, everyKind(), 0));
        format().finish(f, s);
        format().setAttributes(f, "/", Attributes.of("step", 12L, "time", 0.25));
        format().setAttributes(f, "/g", Attributes.of("kind", "group"));
        format().setAttributes(f, "/new/group", Attributes.of("made", true));
        assertEquals(everyKind(), format().attributes(f, "/g/d"));
        assertEquals(Attributes.of("step", 12L, "time", 0.25), format().attributes(f, "/"));
        assertEquals(Attributes.of("kind", "group"), format().attributes(f, "/g"));
        assertEquals(Attributes.of("made", true), format().attributes(f, "/new/group"));
        format().setAttributes(f, "/", Attributes.of("step", 13L));
        assertEquals(13L, format().attributes(f, "/").get("step"), "an attribute of the same name is replaced");
        assertEquals(List.of("/g/d"), format().datasets(f), "a group is not a dataset");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> format().attributes(f, "/missing"));
        assertTrue(e.getMessage().contains("/missing") && e.getMessage().contains(f.toString()), e.getMessage());
    }

    @Test
    void dataIsAlignedToTheStripeWhenOneIsKnown() throws Exception {
        Path f = file("aligned");
        StoredArray s = format().prepare(f, new NewArray("/x", ElementType.DOUBLE, new long[] {1024}, Attributes.empty(), 1 << 16));
        assertEquals(0, s.dataPosition() % (1 << 16), s.toString());
        Path g = file("packed");
        StoredArray p = format().prepare(g, new NewArray("/x", ElementType.DOUBLE, new long[] {1024}, Attributes.empty(), 0));
        assertTrue(p.dataPosition() < 1 << 16 && p.dataPosition() % 4096 != 0, "negative control: without a stripe the data is not aligned: " + p);
    }

    /**
     * A dataset created with its file is under its own name from the start: finishing it looks nothing up.
     * Shown by spoiling the file's signature between prepare and finish, which any look at the file would
     * meet (the negative control: the same finish of a dataset added to an existing file fails on it).
     */
    @Test
    void finishingADatasetCreatedWithItsFileOpensNothing() throws Exception {
        Path f = file("fresh");
        StoredArray s = format().prepare(f, new NewArray("/d", ElementType.INT, new long[] {8}, Attributes.empty(), 0));
        spoilSignature(f);
        format().finish(f, s);
        Path g = file("added");
        format().finish(g, format().prepare(g, new NewArray("/first", ElementType.INT, new long[] {8}, Attributes.empty(), 0)));
        StoredArray added = format().prepare(g, new NewArray("/second", ElementType.INT, new long[] {8}, Attributes.empty(), 0));
        spoilSignature(g);
        assertThrows(Exception.class, () -> format().finish(g, added), "an added dataset is renamed, so its file is opened");
    }

    private static void spoilSignature(Path f) throws java.io.IOException {
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE)) {
            c.write(ByteBuffer.wrap(new byte[8]), 0);
        }
    }

    @Test
    void aDatasetNameOnTheWayThatIsNotAGroupIsNamed() throws Exception {
        Path f = file("paths");
        format().finish(f, format().prepare(f, new NewArray("/a", ElementType.INT, new long[] {2}, Attributes.empty(), 0)));
        byte[] before = Files.readAllBytes(f);
        IllegalArgumentException under = assertThrows(IllegalArgumentException.class,
                () -> format().prepare(f, new NewArray("/a/b", ElementType.INT, new long[] {2}, Attributes.empty(), 0)));
        assertTrue(under.getMessage().contains("/a") && under.getMessage().contains("not a group"), under.getMessage());
        format().finish(f, format().prepare(f, new NewArray("/g/x", ElementType.INT, new long[] {2}, Attributes.empty(), 0)));
        byte[] middle = Files.readAllBytes(f);
        IllegalArgumentException group = assertThrows(IllegalArgumentException.class,
                () -> format().prepare(f, new NewArray("/g", ElementType.INT, new long[] {2}, Attributes.empty(), 0)));
        assertTrue(group.getMessage().contains("is a group"), group.getMessage());
        assertArrayEquals(middle, Files.readAllBytes(f), "a refused dataset changes no byte");
        assertFalse(java.util.Arrays.equals(before, middle));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> format().inspect(f, "/nope"));
        assertTrue(none.getMessage().contains("no dataset /nope") && none.getMessage().contains("[/a, /g/x]"), none.getMessage());
        IllegalArgumentException which = assertThrows(IllegalArgumentException.class, () -> format().inspect(f));
        assertTrue(which.getMessage().contains("holds 2 datasets"), which.getMessage());
    }

    /** A chunked, deflated dataset made through the library: it has no offset and is read with hyperslabs. */
    @Test
    void aChunkedCompressedDatasetIsReadThroughTheLibraryBySelection() throws Exception {
        Path f = file("chunked");
        int[] shape = {9, 7, 5};
        int n = shape[0] * shape[1] * shape[2];
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i * 3 - 100;
        long fid = H5.H5Fcreate(f.toString(), HDF5Constants.H5F_ACC_TRUNC, HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT);
        long dcpl = H5.H5Pcreate(HDF5Constants.H5P_DATASET_CREATE);
        H5.H5Pset_chunk(dcpl, 3, new long[] {4, 3, 5});
        H5.H5Pset_deflate(dcpl, 6);
        long space = H5.H5Screate_simple(3, new long[] {9, 7, 5}, null);
        long d = H5.H5Dcreate(fid, "/c", HDF5Constants.H5T_STD_I32BE, space, HDF5Constants.H5P_DEFAULT, dcpl, HDF5Constants.H5P_DEFAULT);
        H5.H5Dwrite(d, HDF5Constants.H5T_NATIVE_INT32, HDF5Constants.H5S_ALL, HDF5Constants.H5S_ALL, HDF5Constants.H5P_DEFAULT, all);
        H5.H5Dclose(d);
        H5.H5Sclose(space);
        H5.H5Pclose(dcpl);
        H5.H5Fclose(fid);

        StoredArray s = format().inspect(f, "/c");
        assertFalse(s.contiguous(), s.toString());
        assertEquals(ByteOrder.BIG_ENDIAN, s.order());
        assertTrue(s.storage().contains("chunked [4, 3, 5]") && s.storage().contains("deflate"), s.storage());
        long[][] sel = {{1, 2, 5, 6, 8}, {0, 3, 6}, {4}};                  // CYCLIC(2)-like, strided, one
        ByteBuffer b = ByteBuffer.allocate(5 * 3 * 4).order(ByteOrder.BIG_ENDIAN);
        format().readSelection(f, s, sel, b);
        b.flip();
        for (long i : sel[0]) for (long j : sel[1]) for (long k : sel[2]) assertEquals(all[(int) ((i * 7 + j) * 5 + k)], b.getInt(), i + "," + j + "," + k);
        assertFalse(b.hasRemaining());
    }

    /** The signature is looked for only after a failed open, and a failed open still says what the file is. */
    @Test
    void aFileThatIsNotHdf5OrIsMissingIsNamedAsSuch() throws Exception {
        Path junk = file("junk");
        Files.write(junk, "plain text, no HDF5 signature anywhere\n".repeat(100).getBytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> format().inspect(junk, "/data"));
        assertTrue(e.getMessage().startsWith("not an HDF5 file") && e.getMessage().contains("path=" + junk) && e.getMessage().contains("size=3900"), e.getMessage());
        Path missing = dir.resolve("missing.h5");
        java.nio.file.NoSuchFileException m = assertThrows(java.nio.file.NoSuchFileException.class, () -> format().inspect(missing, "/data"));
        assertEquals(missing.toString(), m.getFile());
    }

    @Test
    void aFileWithoutDatasetsListsNoneAndNamesWhatIsMissing() throws Exception {
        Path f = file("none");
        H5.H5Fclose(H5.H5Fcreate(f.toString(), HDF5Constants.H5F_ACC_TRUNC, HDF5Constants.H5P_DEFAULT, HDF5Constants.H5P_DEFAULT));
        assertEquals(List.of(), format().datasets(f));
        org.jpio.comm.local.LocalComm.run(2, comm -> assertEquals(List.of(), org.jpio.array.ArrayFiles.datasets(comm, f)));
        org.jpio.comm.local.LocalComm.run(2, comm -> assertEquals(List.of(""), org.jpio.array.ArrayFiles.datasets(comm, dir.resolve("x.npy"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> format().inspect(f));
        assertTrue(e.getMessage().contains("holds 0 datasets"), e.getMessage());
    }

    @Test
    void indexSetsBecomeFewRegularRuns() {
        assertEquals(List.of(new H5Selection.Run(3, 4, 1, 4)), H5Selection.runs(new long[] {3, 4, 5, 6}));
        assertEquals(List.of(new H5Selection.Run(0, 6, 3, 2), new H5Selection.Run(18, 1, 1, 1)),
                H5Selection.runs(new long[] {0, 1, 6, 7, 12, 13, 18}), "CYCLIC(2) over 3 ranks: full blocks, then a short last one");
        assertEquals(List.of(new H5Selection.Run(1, 3, 4, 1)), H5Selection.runs(new long[] {1, 4, 7, 10}));
        assertEquals(List.of(new H5Selection.Run(0, 2, 1, 2), new H5Selection.Run(5, 4, 2, 1)), H5Selection.runs(new long[] {0, 1, 5, 9}));
    }
}
