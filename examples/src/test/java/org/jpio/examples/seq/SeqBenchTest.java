package org.jpio.examples.seq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checksum the rows are verified by, and that it catches a row that does not write (negative control). */
class SeqBenchTest {
    @Test
    void expectedChecksumIsTheLoopsAndDependsOnTheRound() {
        for (long size : new long[] {0, 1, 255, 256, 4096, 10_000}) {
            byte[] b = new byte[(int) size];
            assertEquals(Pattern.fill(b, b.length, 0, 77), Pattern.expected(size, 77), "size " + size);
            assertEquals(Pattern.sum(b, b.length, 0), Pattern.expected(size, 77), "size " + size);
        }
        assertNotEquals(Pattern.expected(1 << 20, 1), Pattern.expected(1 << 20, 2), "a file of another round has another checksum");
    }

    /** Reports the checksum of the round without writing anything, then reads honestly. */
    static final class Lazy extends SeqCase.Java {
        Lazy() {
            super("lazy", "writes nothing");
        }

        @Override long writeBytes(Path file, long size, int salt, boolean durable) { return Pattern.expected(size, salt); }

        @Override long readBytes(Path file, long size) throws IOException { return new ArticleCases.RafPage().readBytes(file, size); }
    }

    @Test
    void everyJavaRowVerifiesAndARowThatDoesNotWriteIsCaught(@TempDir Path dir) throws Exception {
        List<SeqCase> rows = new java.util.ArrayList<>(ArticleCases.all());
        rows.addAll(JpioCases.all());
        rows.add(new Lazy());
        List<SeqResult> results = new SeqBench(rows, 2, 0, dir).run(3 * 4096 + 4096, false);
        for (SeqResult r : results) {
            if (r.row().equals("lazy")) assertTrue(r.errors() > 0, "the lazy row fails its check: " + r);
            else assertTrue(r.ok() && r.rounds() == 2 && r.writeMibs() > 0, r.toString());
        }
    }
}
