package org.jpio.examples.bench.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jpio.examples.bench.Phase;
import org.jpio.examples.bench.RankWorker;
import org.jpio.examples.bench.Team;
import org.jpio.examples.bench.ThreadTeam;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row's approach, run by 3 thread ranks on a size that does not divide evenly: the file holds
 * the global array in the row's byte order and reads verify. And the verification catches what it must:
 * a read that moves nothing, and a file left from an earlier round.
 */
class BulkRankTest {
    static final long BYTES = 4 * 10_007; // 10007 ints over 3 ranks: 3336, 3336, 3335

    static Stream<JavaRow> rows() {
        return Rows.java().stream().filter(r -> r.unavailableReason().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("rows")
    void roundTripsTheGlobalArray(JavaRow row, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.bin");
        int salt = 12345;
        try (Team team = row.team(Mode.THREADS, 3, file, BYTES)) {
            assertEquals(0, team.run("write", salt).errors());
            assertEquals(BYTES, Files.size(file));
            ByteOrder order = row.name().startsWith("arrayfile") ? ByteOrder.nativeOrder() : ByteOrder.BIG_ENDIAN;
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file)).order(order);
            for (int g = 0; g < BYTES / 4; g++) assertEquals(Block.value(g, salt), b.getInt(), "element " + g + " of " + row.name());
            Phase read = team.run("read", salt);
            assertEquals(0, read.errors());
            assertTrue(read.seconds() > 0);
            assertEquals(BYTES, Files.size(file));
            assertEquals(BYTES / 4, team.run("read", salt ^ 1).errors(), "a file from another round fails everywhere");
        }
    }

    @Test
    void blocksCoverTheArrayOnce() {
        long n = 10_007;
        long next = 0;
        for (int r = 0; r < 4; r++) {
            Block b = Block.of(n * 4, 4, r);
            assertEquals(next, b.first());
            next += b.count();
        }
        assertEquals(n, next);
        assertEquals(0, Block.of(8, 4, 3).count()); // more ranks than elements: empty blocks
        assertThrows(IllegalArgumentException.class, () -> Block.of(16L << 30, 1, 0));
    }

    @Test
    void verificationCatchesAReadThatMovesNothing(@TempDir Path dir) throws Exception {
        Approach lazy = new Approach() {
            @Override public void write(Path file, long offset, int[] data) throws IOException {
                new EncodeDecode().write(file, offset, data);
            }
            @Override public void read(Path file, long offset, int[] data) { }
        };
        List<RankWorker> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) ranks.add(new BulkRank(lazy, dir.resolve("f.bin"), 4000, 2, r));
        try (ThreadTeam team = new ThreadTeam(ranks)) {
            team.run("write", 7);
            assertEquals(1000, team.run("read", 7).errors());
        }
    }

    @Test
    void failingRankIsReportedWithItsRank(@TempDir Path dir) throws Exception {
        List<RankWorker> ranks = new ArrayList<>();
        for (int r = 0; r < 2; r++) ranks.add(new BulkRank(new RawBytes(), dir.resolve("missing").resolve("f.bin"), 4000, 2, r));
        try (ThreadTeam team = new ThreadTeam(ranks)) {
            IOException e = assertThrows(IOException.class, () -> team.run("write", 7));
            assertTrue(e.getMessage().contains("rank=") && e.getMessage().contains("op=write"), e.getMessage());
        }
    }
}
