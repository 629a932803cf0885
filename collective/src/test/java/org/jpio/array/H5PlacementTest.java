package org.jpio.array;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.view.Order;
import org.jpio.view.Run;
import org.jpio.comm.local.LocalComm;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.NewArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where an h5 write places an array's data (NewArray.alignment, docs/FORMATS.md): on the stripe when the
 * hints name one; at 1 MiB for an array of 16 MiB or more whose ranks' blocks interleave in the file; else
 * where HDF5 puts it (byte 2048 for a file of one dataset). Each file is read back by h5py, and an
 * interleaved file rewritten in place by slabs (and back) moves its data and still reads right.
 */
class H5PlacementTest {
    static final long MIB = 1 << 20;
    /** 16 MiB of ints: the smallest array the rule aligns. */
    static final int[] LARGE = {256, 128, 128};

    @TempDir Path dir;

    private static Decomposition dec(int[] shape, int[] grid, Dist... dists) {
        if (dists.length == 0) {
            dists = new Dist[shape.length];
            java.util.Arrays.fill(dists, Dist.BLOCK);
        }
        return new Decomposition(shape, grid, dists);
    }

    @Test
    void blocksInterleaveUnlessTheGridSplitsOneDimensionIntoRanges() {
        assertFalse(dec(new int[] {8, 4, 4}, new int[] {4, 1, 1}).interleaves(), "slabs of the first dimension");
        assertFalse(dec(new int[] {1, 8, 4}, new int[] {1, 4, 1}).interleaves(), "slabs after a dimension of one element");
        assertFalse(dec(new int[] {8, 4}, new int[] {1, 1}).interleaves(), "one rank");
        assertFalse(dec(new int[] {8}, new int[] {4}, Dist.cyclic(2)).interleaves(), "CYCLIC(2) over 4 ranks of 8: one block each");
        assertTrue(dec(new int[] {8, 4, 4}, new int[] {2, 2, 1}).interleaves(), "coll_perf's grid at 4 ranks");
        assertTrue(dec(new int[] {2, 8, 4}, new int[] {1, 4, 1}).interleaves(), "slabs of the second dimension repeat per row");
        assertTrue(dec(new int[] {8, 4}, new int[] {1, 2}).interleaves(), "columns");
        assertTrue(dec(new int[] {8}, new int[] {4}, Dist.CYCLIC).interleaves(), "round-robin elements");
    }

    /** The same as counting: some rank's darray file type is more than one run once adjacent runs are merged. */
    @Property(tries = 800)
    void blocksInterleaveExactlyWhenSomeRanksFileTypeHasSeveralRuns(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(3);
        int[] shape = new int[n], grid = new int[n];
        Dist[] dists = new Dist[n];
        for (int d = 0; d < n; d++) {
            shape[d] = 1 + r.nextInt(6);
            grid[d] = 1 + r.nextInt(3);
            int kind = r.nextInt(3);
            dists[d] = kind == 0 ? Dist.BLOCK : kind == 1 ? Dist.cyclic(1 + r.nextInt(3)) : grid[d] == 1 ? Dist.NONE : Dist.BLOCK;
        }
        Decomposition dec;
        try {
            dec = new Decomposition(shape, grid, dists);
        } catch (IllegalArgumentException e) {
            Assume.that(false);
            return;
        }
        boolean several = false;
        for (int rank = 0; rank < dec.ranks(); rank++) {
            long runs = 0, end = Long.MIN_VALUE;
            for (Run run : dec.datatype(rank, ElementType.BYTE, Order.C).runs(0).toList()) {
                if (run.length() == 0) continue;
                if (run.offset() != end) runs++;
                end = run.end();
            }
            several |= runs > 1;
        }
        assertEquals(several, dec.interleaves(), dec + " seed=" + seed);
    }

    @Test
    void theRuleAlignsOnlyLargeInterleavedArraysAndTheStripeWins() {
        long[] large = {256, 128, 128}, small = {256, 128, 127}, empty = {0, 1 << 30};
        assertEquals(MIB, NewArray.alignment(0, ElementType.INT, large, true));
        assertEquals(0, NewArray.alignment(0, ElementType.INT, large, false), "whole blocks keep HDF5's place");
        assertEquals(0, NewArray.alignment(0, ElementType.INT, small, true), "below 16 MiB");
        assertEquals(MIB, NewArray.alignment(0, ElementType.LONG, small, true), "the same shape of 8-byte elements");
        assertEquals(0, NewArray.alignment(0, ElementType.INT, empty, true));
        assertEquals(MIB, NewArray.alignment(0, ElementType.DOUBLE, new long[] {1L << 40, 1L << 40}, true), "no overflow");
        assertEquals(65536, NewArray.alignment(65536, ElementType.INT, large, true));
        assertEquals(65536, NewArray.alignment(65536, ElementType.INT, small, false));
        assertThrows(IllegalArgumentException.class, () -> NewArray.alignment(-1, ElementType.INT, large, true));
        assertThrows(IllegalArgumentException.class, () -> NewArray.alignment(0, ElementType.INT, new long[] {-1, 4}, true));
    }

    /** Writes the LARGE int array on 4 in-JVM ranks with {@code grid}; returns where its data starts. */
    private long write(Path file, int[] grid, WriteMode mode, Hints hints) throws Exception {
        LocalComm.run(4, comm -> {
            DistributedArray a = DistributedArray.builder(comm, ElementType.INT, LARGE).processGrid(grid).create();
            Fill.fill(a);
            a.write(ArrayPath.of(file, "/data"), ArrayFormats.H5, hints, mode, Attributes.empty());
        });
        long at = ArrayFormats.H5.inspect(file, "/data").dataPosition();
        String py = H5InteropTest.PY + String.join("\n",
                "with h5py.File(sys.argv[1], 'r') as f:",
                "    ds = f['data']",
                "    assert np.array_equal(ds[...], values('i4', " + H5InteropTest.tuple(LARGE) + ")), 'values'",
                "    print(ds.id.get_offset())",
                "");
        assertEquals(Long.toString(at), H5InteropTest.python(py, file.toString()).trim(), "h5py's offset of the data is the one jpio reports");
        return at;
    }

    @Test
    void aLargeArrayOfInterleavedBlocksStartsAtOneMebibyteAndSlabsWhereHdf5PutsThem() throws Exception {
        Path file = dir.resolve("placed.h5");
        assertEquals(MIB, write(file, new int[] {2, 2, 1}, WriteMode.REPLACE, Hints.defaults()));
        long slabs = write(file, new int[] {4, 1, 1}, WriteMode.IN_PLACE, Hints.defaults());
        assertTrue(slabs > 0 && slabs < 4096, "negative control: the same array written by slabs starts right after the metadata: " + slabs);
        assertEquals(MIB, write(file, new int[] {1, 4, 1}, WriteMode.IN_PLACE, Hints.defaults()), "rewritten in place by interleaved blocks again");
        assertEquals(4 * MIB, write(dir.resolve("striped.h5"), new int[] {2, 2, 1}, WriteMode.REPLACE,
                Hints.of(Hints.STRIPING_UNIT, Long.toString(4 * MIB))), "the stripe wins over the rule");
    }
}
