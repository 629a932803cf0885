package org.jpio.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jpio.array.DistributedArray;
import org.jpio.array.Fill;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The version-1 format against its fixture (FIXTURES.md): read as written, written as read, verified,
 * restarted, and read by Python (json, numpy and a CRC32C of its own); damaged or newer manifests refused
 * with the reason.
 */
class ManifestFixtureTest {
    @TempDir Path dir;
    Path ckpt;

    static Path resource(String name) throws URISyntaxException {
        return Path.of(ManifestFixtureTest.class.getResource(name).toURI());
    }

    @BeforeEach
    void copyFixture() throws Exception { ckpt = copy("v1", dir); }

    /** A copy of fixture {@code version}'s checkpoint of step 42 in {@code dir}/store (the tests damage copies). */
    static Path copy(String version, Path dir) throws Exception {
        Path from = resource(version + "/" + Catalog.committedName(42));
        Path to = Files.createDirectories(dir.resolve("store").resolve(from.getFileName().toString()));
        try (Stream<Path> s = Files.list(from)) {
            for (Path p : s.toList()) Files.copy(p, to.resolve(p.getFileName().toString()));
        }
        return to;
    }

    /** Restarts the fixture's store on 3 ranks and checks every element of its three arrays. */
    static void restartOnThreeRanks(Path store) throws Exception {
        LocalComm.run(3, comm -> {
            try (CheckpointStore s = CheckpointStore.open(comm, store, CheckpointOptions.defaults().readOnly())) {
                Restart r = s.restart();
                DistributedArray[] a = FixtureWriter.arrays(comm);
                for (int i = 0; i < a.length; i++) {
                    Fill.clear(a[i]);
                    r.read(FixtureWriter.NAMES[i], a[i]);
                    Fill.check(a[i], "fixture array " + FixtureWriter.NAMES[i]);
                }
            }
        });
    }

    String text() throws IOException { return Files.readString(ckpt.resolve(Manifest.FILE), StandardCharsets.UTF_8); }

    @Test
    void theFixtureReadsAsWritten() throws Exception {
        Manifest m = Manifest.parse(text(), "fixture");
        assertEquals(1, m.version());
        assertEquals(42, m.step());
        assertEquals(40, m.restartedFrom());
        assertEquals("2025-01-01T00:00:00Z", m.created());
        assertEquals(new Manifest.Writer(2, "LocalComm", "fixture-host", "0.1.0-SNAPSHOT"), m.writer());
        assertEquals(List.of("time", "note", "count", "flag", "nan"), List.copyOf(m.attributes().names()));
        assertEquals(4.25, m.attributes().getDouble("time"));
        assertEquals("fixture \"v1\"\n", m.attributes().getString("note"));
        assertEquals(-3L, m.attributes().getLong("count"));
        assertTrue(m.attributes().getBoolean("flag"));
        assertEquals(0x7ff80000000000abL, Double.doubleToRawLongBits(m.attributes().getDouble("nan")));
        Manifest.Entry f = m.array("field");
        assertEquals(new Manifest.Entry("field", "field.npy", "npy", ElementType.DOUBLE, new long[] {3, 4, 5}, ByteOrder.LITTLE_ENDIAN, 128, 608, 256,
                new int[] {0x5f1e3701, 0xfde947ba, 0xf3559677}), f);
        assertEquals("|i1", m.array("mask").dtype());
        assertEquals("<u2", m.array("ids").dtype());
        assertEquals(608 + 135 + 140, m.bytes());
    }

    /** Writer compatibility: what this jpio writes for the fixture's descriptor is the fixture's text, byte for byte. */
    @Test
    void todaysWriterWritesTheFixtureByteForByte() throws Exception {
        assertEquals(text(), Manifest.parse(text(), "fixture").toJson());
    }

    @Test
    void theFixtureVerifiesAndRestartsOnThreeRanks() throws Exception {
        Catalog cat = Catalog.of(ckpt.getParent());
        CheckpointInfo c = cat.latestValid().orElseThrow();
        assertEquals(42, c.step());
        assertEquals(608 + 135 + 140, cat.verify(c));
        restartOnThreeRanks(ckpt.getParent());
    }

    @Test
    void pythonReadsTheFixture() throws Exception {
        assertEquals("ok field mask ids", run("/usr/bin/python3", resource("verify_checkpoint.py").toString(), ckpt.toString()).trim());
    }

    /** Runs a command to its end; its output, exit status 0 asserted. */
    static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + out);
        return out;
    }

    @Test
    void aDamagedManifestIsToldFromADamagedArray() throws Exception {
        String damaged = text().replace("\"value\": 4.25", "\"value\": 4.75");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Manifest.parse(damaged, "damaged"));
        assertTrue(e.getMessage().contains("the manifest is damaged"), e.getMessage());
        Files.writeString(ckpt.resolve(Manifest.FILE), damaged);
        CheckpointInfo c = Catalog.of(ckpt.getParent()).list().get(0);
        assertEquals(CheckpointInfo.State.INVALID, c.state());
        assertTrue(c.reason().contains("damaged"), c.reason());
        assertTrue(Catalog.of(ckpt.getParent()).latestValid().isEmpty(), "an invalid checkpoint is never the latest valid one");
    }

    @Test
    void aNewerVersionIsRefusedWithTheReason() throws Exception {
        String v3 = text().replace("\"version\": 1,", "\"version\": 3,");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Manifest.parse(v3, "v3"));
        assertTrue(e.getMessage().contains("version=3: this jpio reads versions 1 to 2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Manifest.parse("{\"format\": \"something-else\"}", "other"));
        assertThrows(IllegalArgumentException.class, () -> Manifest.parse(text().substring(0, 200), "cut"));
    }

    @Test
    void aMissingOrTruncatedFileMakesTheCheckpointInvalid() throws Exception {
        Files.delete(ckpt.resolve("ids.npy"));
        CheckpointInfo c = Catalog.of(ckpt.getParent()).list().get(0);
        assertEquals(CheckpointInfo.State.INVALID, c.state());
        assertTrue(c.reason().contains("ids.npy is missing"), c.reason());
        Files.write(ckpt.resolve("mask.npy"), new byte[10]);
        c = Catalog.of(ckpt.getParent()).list().get(0);
        assertTrue(c.reason().contains("mask.npy has size=10, the manifest says 135"), c.reason());
    }
}
