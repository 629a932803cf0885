package org.jpio.file;

import static java.nio.file.StandardOpenOption.*;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import org.jpio.engine.NioEngine;

/**
 * Sieved noncontiguous reads and writes against a simple reference: a byte array updated piece by piece.
 * Sieve buffers are tiny so windows, holes and pieces larger than the buffer all occur.
 */
class DataSieveTest {

    @Property(tries = 60)
    void sievedWriteAndReadMatchReference(@ForAll long seed, @ForAll @IntRange(min = 8, max = 512) int buffer,
                                          @ForAll boolean sieve, @ForAll boolean bigEndian) throws IOException {
        Random rnd = new Random(seed);
        Path dir = Files.createTempDirectory("sieve");
        Path path = dir.resolve("f");
        try {
            int fileSize = 64 + rnd.nextInt(2048);
            byte[] ref = new byte[fileSize];
            rnd.nextBytes(ref);
            Files.write(path, ref);
            // increasing, non-overlapping int-aligned pieces, some past the current end of the file
            List<long[]> pieces = new ArrayList<>();
            long at = rnd.nextInt(16) * 4L;
            int total = 0;
            while (pieces.size() < 1 + rnd.nextInt(20)) {
                long len = rnd.nextInt(rnd.nextBoolean() ? 8 : 200) * 4L;
                pieces.add(new long[] {at, len});
                total += len / 4;
                at += len + rnd.nextInt(3) * 4L * rnd.nextInt(40);
            }
            long[] offs = pieces.stream().mapToLong(p -> p[0]).toArray();
            long[] lens = pieces.stream().mapToLong(p -> p[1]).toArray();
            int[] data = new int[total];
            for (int i = 0; i < total; i++) data[i] = rnd.nextInt();
            ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            ArrayFileOptions opts = ArrayFileOptions.defaults().withEngine(new NioEngine()).withOrder(order)
                    .withSieving(sieve, sieve).withSieveBuffers(buffer, buffer);

            // reference: apply each piece
            long end = Pieces.end(offs, lens);
            byte[] expect = java.util.Arrays.copyOf(ref, (int) Math.max(fileSize, end));
            ByteBuffer src = ByteBuffer.allocate(total * 4).order(order);
            src.asIntBuffer().put(data);
            for (int i = 0; i < offs.length; i++) if (lens[i] > 0) src.get(expect, (int) offs[i], (int) lens[i]);

            try (ArrayFile f = ArrayFile.open(path, opts, READ, WRITE)) {
                f.writePieces(offs, lens, data, 0, total);
                int[] back = new int[total + 2];
                f.readPieces(offs, lens, back, 1, total);
                assertArrayEquals(data, java.util.Arrays.copyOfRange(back, 1, total + 1));
            }
            assertArrayEquals(expect, Files.readAllBytes(path));
        } finally {
            try (var s = Files.list(dir)) { for (Path p : (Iterable<Path>) s::iterator) Files.delete(p); }
            Files.delete(dir);
        }
    }
}
