package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.jpio.view.Distribution;

/**
 * N ranks write, M ranks read (N, M in 1..5), each side with its own random distribution per dimension
 * (BLOCK, CYCLIC(k), NONE), ghost width and grid; every element type, 1-4 dimensions of 1-7 elements
 * (primes, ones, more ranks than elements), RAW and NPY, small temporaries and tiny cb_buffer_size so
 * that chunking and two-phase cycles are exercised. A sample of the N x M x distribution product, not
 * all of it: each case runs in milliseconds, the class in seconds.
 */
class RoundTripPropertyTest {

    record Side(int ranks, Dist[] dists, int ghost) {
        @Override public String toString() {
            return "ranks=" + ranks + " dists=" + Arrays.toString(dists) + " ghost=" + ghost;
        }
    }

    record Case(ElementType type, int[] shape, ArrayFormat format, Side writer, Side reader, String cbBuffer) {
        @Override public String toString() {
            return type + " shape=" + Arrays.toString(shape) + " " + format + " writer[" + writer + "] reader[" + reader + "] cb_buffer_size=" + cbBuffer;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<int[]> shapes = Arbitraries.integers().between(1, 4)
                .flatMap(nd -> Arbitraries.of(1, 2, 3, 5, 7, 4, 6).array(int[].class).ofSize(nd));
        return Combinators.combine(Arbitraries.of(ElementType.values()), shapes, Arbitraries.of(ArrayFormats.all().toArray(new ArrayFormat[0])),
                        Arbitraries.of("64", "4096", "16777216"))
                .flatAs((t, s, f, cb) -> Combinators.combine(side(s.length), side(s.length)).as((w, r) -> new Case(t, s, f, w, r, cb)));
    }

    private static Arbitrary<Side> side(int nd) {
        Arbitrary<Dist> dist = Arbitraries.oneOf(Arbitraries.of(Dist.BLOCK, Dist.NONE, Dist.CYCLIC),
                Arbitraries.integers().between(2, 3).map(Dist::cyclic));
        return Combinators.combine(Arbitraries.integers().between(1, 5), dist.array(Dist[].class).ofSize(nd),
                        Arbitraries.integers().between(0, 2))
                .as((n, d, g) -> {
                    if (n > 1 && Arrays.stream(d).allMatch(x -> x.distribution() == Distribution.NONE)) d[0] = Dist.BLOCK;
                    return new Side(n, d, g);
                });
    }

    @Property(tries = 150)
    void writtenByNReadByM(@ForAll("cases") Case c) throws Exception {
        Path dir = Files.createTempDirectory("jpio-darray");
        Path file = dir.resolve("a" + c.format.extensions().get(0));
        Hints hints = Hints.of(Hints.CB_BUFFER_SIZE, c.cbBuffer);
        try {
            LocalComm.run(c.writer.ranks, comm -> {
                DistributedArray a = DistributedArray.create(comm, c.type, c.shape, null, c.writer.dists, c.writer.ghost);
                Fill.fill(a);
                ArrayIo.write(a, ArrayPath.of(file), c.format, hints, WriteMode.REPLACE, Attributes.empty());
                Fill.check(a, "after write " + c);                       // writing leaves the array alone
            });
            long data = c.type.size() * Arrays.stream(c.shape).asLongStream().reduce(1, (x, y) -> x * y);
            long header = c.format == ArrayFormats.NPY ? 128 : 0;
            long size = Files.size(file);
            if (c.format == ArrayFormats.RAW) assertEquals(data, size, c.toString());
            else if (c.format == ArrayFormats.NPY) assertEquals(0, (size - data) % 64, c + " size=" + size);
            if (c.format != ArrayFormats.H5) assertEquals(true, size - data <= header, c + " size=" + size);
            else assertEquals(true, size > data, c + " size=" + size);        // HDF5's metadata, and the data
            LocalComm.run(c.reader.ranks, comm -> {
                DistributedArray b = DistributedArray.create(comm, c.type, c.shape, null, c.reader.dists, c.reader.ghost);
                Fill.clear(b);
                ArrayIo.read(b, ArrayPath.of(file), c.format, hints);
                Fill.check(b, "after read " + c);
            });
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
