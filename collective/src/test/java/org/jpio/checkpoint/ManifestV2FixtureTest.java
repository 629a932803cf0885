package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version-2 format (arrays as datasets of one HDF5 file) against its fixture (FIXTURES.md): read as
 * written; today's writer makes the same checkpoint.h5 and manifest byte for byte; verified, restarted on 3
 * ranks; read by Python (json, h5py, a CRC32C of its own) and accepted by h5dump; a version-2 manifest whose
 * shared file has no entry is refused with the reason.
 */
class ManifestV2FixtureTest {
    @TempDir Path dir;
    Path ckpt;

    @BeforeEach
    void copyFixture() throws Exception { ckpt = ManifestFixtureTest.copy("v2", dir); }

    String text() throws Exception { return Files.readString(ckpt.resolve(Manifest.FILE), StandardCharsets.UTF_8); }

    @Test
    void theFixtureReadsAsWritten() throws Exception {
        Manifest m = Manifest.parse(text(), "fixture");
        assertEquals(2, m.version());
        assertEquals(42, m.step());
        assertEquals(40, m.restartedFrom());
        assertEquals(List.of("time", "note", "count", "flag", "nan"), List.copyOf(m.attributes().names()));
        assertEquals(new Manifest.Entry("field", "checkpoint.h5", "/field", "h5", ElementType.DOUBLE, new long[] {3, 4, 5}, ByteOrder.LITTLE_ENDIAN,
                2048, 12787, 256, new int[] {0x262f7fc7, 0x83cc8f60}), m.array("field"));
        assertEquals(2048, m.array("field").sumsFrom());
        assertEquals(480, m.array("field").sumsLength());
        assertEquals("/ids", m.array("ids").dataset());
        assertEquals(List.of(new Manifest.SharedFile("checkpoint.h5", "h5", 12787, 0xadaef6d3)), m.files());
        assertEquals(12787, m.bytes(), "the shared file counts once");
    }

    /** Writer compatibility: this jpio writes the fixture's manifest text, and its checkpoint.h5, byte for byte. */
    @Test
    void todaysWriterWritesTheFixtureByteForByte() throws Exception {
        assertEquals(text(), Manifest.parse(text(), "fixture").toJson());
        Path again = dir.resolve("again");
        FixtureWriter.main(new String[] {again.toString(), "h5"});
        Path written = again.resolve(Catalog.committedName(42));
        assertEquals(text(), Files.readString(written.resolve(Manifest.FILE)));
        assertArrayEquals(Files.readAllBytes(ckpt.resolve("checkpoint.h5")), Files.readAllBytes(written.resolve("checkpoint.h5")));
    }

    @Test
    void theFixtureVerifiesAndRestartsOnThreeRanks() throws Exception {
        Catalog cat = Catalog.of(ckpt.getParent());
        CheckpointInfo c = cat.latestValid().orElseThrow();
        assertEquals(42, c.step());
        assertEquals(12787, cat.verify(c));
        ManifestFixtureTest.restartOnThreeRanks(ckpt.getParent());
    }

    @Test
    void h5pyAndH5dumpReadTheFixture() throws Exception {
        assertEquals("ok field mask ids", ManifestFixtureTest.run("/usr/bin/python3", ManifestFixtureTest.resource("verify_checkpoint.py").toString(), ckpt.toString()).trim());
        String dump = ManifestFixtureTest.run("h5dump", ckpt.resolve("checkpoint.h5").toString());
        assertTrue(dump.contains("DATASET \"field\"") && dump.contains("ATTRIBUTE \"step\"") && !dump.contains("h5dump error"), dump);
    }

    @Test
    void aDatasetWithoutItsFilesEntryIsRefused() throws Exception {
        String noFiles = resealed(text().replaceAll("(?s)  \"files\": \\[.*?\\n  \\],\\n", "  \"files\": [],\n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Manifest.parse(noFiles, "no files"));
        assertTrue(e.getMessage().contains("array field: dataset /field of file checkpoint.h5 has no entry of that file and size in \"files\""), e.getMessage());
        // read as version 1, the datasets' checksums would be of whole files: they do not add up, and the reader says so
        String v1 = resealed(text().replace("\"version\": 2,", "\"version\": 1,"));
        e = assertThrows(IllegalArgumentException.class, () -> Manifest.parse(v1, "v1 with datasets"));
        assertTrue(e.getMessage().contains("array field: 2 checksums for file_size=12787"), e.getMessage());
    }

    /** The manifest text with its own checksum made right again, so that only what was changed is refused. */
    static String resealed(String text) {
        String body = text.substring(0, text.lastIndexOf("  \"manifest_crc32c\""));
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        return body + "  \"manifest_crc32c\": \"" + String.format("%08x", crc.getValue()) + "\"\n}\n";
    }
}
