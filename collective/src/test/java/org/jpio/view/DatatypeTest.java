package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jpio.io.ElementType;
import org.junit.jupiter.api.Test;

class DatatypeTest {
    static final Datatype INT = Datatype.of(ElementType.INT);
    static final Datatype DOUBLE = Datatype.of(ElementType.DOUBLE);

    static List<Run> runs(long... offLen) {
        Run[] r = new Run[offLen.length / 2];
        for (int i = 0; i < r.length; i++) r[i] = new Run(offLen[2 * i], offLen[2 * i + 1]);
        return List.of(r);
    }

    @Test void basicTypes() {
        assertEquals(8, DOUBLE.size());
        assertEquals(8, DOUBLE.extent());
        assertEquals(1, Datatype.BYTE.size());
        assertTrue(DOUBLE.isContiguous());
        assertEquals(runs(16, 8), DOUBLE.runs(16).toList());
    }

    @Test void vectorOfInts() {
        Datatype v = Datatype.vector(2, 1, 3, INT);
        assertEquals(8, v.size());
        assertEquals(0, v.lb());
        assertEquals(16, v.extent());            // (count-1)*stride + blocklength elements
        assertEquals(0, v.trueLb());
        assertEquals(16, v.trueExtent());
        assertEquals(runs(0, 4, 12, 4), v.runs().toList());
        assertFalse(v.isContiguous());
        assertTrue(Datatype.vector(3, 2, 2, INT).isContiguous());
        assertEquals(runs(0, 24), Datatype.vector(3, 2, 2, INT).runs().toList());
    }

    @Test void negativeStrideMovesLb() {
        Datatype v = Datatype.vector(3, 1, -2, INT);
        assertEquals(-16, v.lb());
        assertEquals(20, v.extent());
        assertEquals(runs(0, 4, -8, 4, -16, 4), v.runs().toList());
        assertFalse(v.isMonotone());
    }

    @Test void hindexedAndResized() {
        Datatype h = Datatype.hindexed(new int[] {2, 0, 1}, new long[] {8, 100, 40}, INT);
        assertEquals(12, h.size());
        assertEquals(8, h.lb());
        assertEquals(36, h.extent());
        assertEquals(runs(8, 8, 40, 4), h.runs().toList());
        Datatype r = Datatype.resized(0, 64, h);
        assertEquals(64, r.extent());
        assertEquals(8, r.trueLb());
        assertEquals(36, r.trueExtent());
        Datatype c = Datatype.contiguous(2, r);
        assertEquals(runs(8, 8, 40, 4, 72, 8, 104, 4), c.runs().toList());
        assertEquals(128, c.extent());
    }

    @Test void indexedInOldExtents() {
        Datatype x = Datatype.indexed(new int[] {1, 2}, new int[] {4, 0}, DOUBLE);
        assertEquals(runs(32, 8, 0, 16), x.runs().toList());
        assertEquals(0, x.lb());
        assertEquals(40, x.extent());
        assertFalse(x.isMonotone());
    }

    @Test void subarrayCAndFortran() {
        Datatype c = Datatype.subarray(new int[] {4, 3}, new int[] {2, 1}, new int[] {1, 2}, Order.C, INT);
        assertEquals(runs(20, 4, 32, 4), c.runs().toList());
        assertEquals(48, c.extent());
        assertEquals(0, c.lb());
        assertEquals(20, c.trueLb());
        assertEquals(16, c.trueExtent());
        Datatype f = Datatype.subarray(new int[] {4, 3}, new int[] {2, 1}, new int[] {1, 2}, Order.FORTRAN, INT);
        assertEquals(runs(36, 8), f.runs().toList());
        Datatype whole = Datatype.subarray(new int[] {2, 3}, new int[] {2, 3}, new int[] {0, 0}, Order.C, INT);
        assertTrue(whole.isContiguous());
        assertEquals(runs(0, 24), whole.runs().toList());
    }

    @Test void darrayBlockCyclicNone() {
        int dflt = Darray.DFLT_DARG;
        // 6 elements BLOCK over 4 ranks: blocks of 2, rank 3 owns nothing
        assertEquals(runs(8, 8), darray1(6, Distribution.BLOCK, dflt, 4, 1).runs().toList());
        assertEquals(List.of(), darray1(6, Distribution.BLOCK, dflt, 4, 3).runs().toList());
        assertEquals(0, darray1(6, Distribution.BLOCK, dflt, 4, 3).size());
        assertEquals(24, darray1(6, Distribution.BLOCK, dflt, 4, 3).extent());
        // CYCLIC(2) of 10 over 3: rank 1 owns 2,3 and 8,9
        assertEquals(runs(8, 8, 32, 8), darray1(10, Distribution.CYCLIC, 2, 3, 1).runs().toList());
        // CYCLIC default darg is 1
        assertEquals(runs(4, 4, 12, 4), darray1(4, Distribution.CYCLIC, dflt, 2, 1).runs().toList());
        // 4x4 ints, BLOCK x CYCLIC on a 2x2 grid; rank 1 has grid coordinates (0,1) in any order
        Datatype c = Datatype.darray(4, 1, new int[] {4, 4}, new Distribution[] {Distribution.BLOCK, Distribution.CYCLIC},
                new int[] {dflt, dflt}, new int[] {2, 2}, Order.C, INT);
        assertEquals(runs(4, 4, 12, 4, 20, 4, 28, 4), c.runs().toList());
        Datatype f = Datatype.darray(4, 1, new int[] {4, 4}, new Distribution[] {Distribution.BLOCK, Distribution.CYCLIC},
                new int[] {dflt, dflt}, new int[] {2, 2}, Order.FORTRAN, INT);
        assertEquals(runs(16, 8, 48, 8), f.runs().toList());
        Datatype none = Datatype.darray(2, 1, new int[] {2, 3}, new Distribution[] {Distribution.BLOCK, Distribution.NONE},
                new int[] {dflt, dflt}, new int[] {2, 1}, Order.C, INT);
        assertEquals(runs(12, 12), none.runs().toList());
    }

    static Datatype darray1(int g, Distribution d, int darg, int p, int rank) {
        return Datatype.darray(p, rank, new int[] {g}, new Distribution[] {d}, new int[] {darg}, new int[] {p}, Order.C, INT);
    }

    @Test void badArgumentsAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> Datatype.vector(-1, 1, 1, INT));
        assertTrue(e.getMessage().contains("count=-1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Datatype.subarray(new int[] {4}, new int[] {3}, new int[] {2}, Order.C, INT));
        assertTrue(e.getMessage().contains("start=2"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> darray1(10, Distribution.BLOCK, 2, 3, 0));
        assertTrue(e.getMessage().contains("gsize=10"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Datatype.darray(4, 0, new int[] {4}, new Distribution[] {Distribution.BLOCK},
                new int[] {1}, new int[] {2}, Order.C, INT));
        assertTrue(e.getMessage().contains("size=4"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> darray1(4, Distribution.NONE, Darray.DFLT_DARG, 2, 0));
        assertTrue(e.getMessage().contains("NONE"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Datatype.hindexed(new int[] {1}, new long[] {0, 1}, INT));
        assertTrue(e.getMessage().contains("blocklengths.length=1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Datatype.hvector(2, 1, Long.MAX_VALUE, INT));
        assertTrue(e.getMessage().contains("overflow"), e.getMessage());
    }

    @Test void valueSemanticsAndParameters() {
        Datatype a = Datatype.indexed(new int[] {1, 2}, new int[] {0, 3}, INT);
        Datatype b = Datatype.indexed(new int[] {1, 2}, new int[] {0, 3}, INT);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, Datatype.indexed(new int[] {1, 2}, new int[] {0, 4}, INT));
        assertEquals("indexed([1, 2], [0, 3], int)", a.toString());
        int[] bl = ((Indexed) a).blocklengths();
        bl[0] = 99;                                 // accessors hand out copies
        assertEquals(1, ((Indexed) a).blocklengths()[0]);
    }

    @Test void hugeDarrayIsLazy() {
        // a 1 GiB array of doubles (16384 x 8192) over 8 ranks; only the first runs are walked
        Datatype d = Datatype.darray(8, 5, new int[] {16384, 8192}, new Distribution[] {Distribution.BLOCK, Distribution.BLOCK},
                new int[] {Darray.DFLT_DARG, Darray.DFLT_DARG}, new int[] {4, 2}, Order.C, Datatype.of(ElementType.DOUBLE));
        assertEquals(16384L * 8192 * 8 / 8, d.size());
        RunCursor c = d.runs();
        assertTrue(c.next());
        assertEquals((2L * 4096 * 8192 + 4096) * 8, c.offset());
        assertEquals(4096 * 8, c.length());
        assertTrue(c.next());
        assertEquals((2L * 4096 * 8192 + 8192 + 4096) * 8, c.offset());
    }

    @Test void cyclicDimensionsOfOneProcessAreWalkedAsWholeRows() {
        // 8 x 16 x 32 ints, CYCLIC in every dimension on a 2x1x1 grid: the last two dimensions have one
        // process each, so rank 1 owns whole planes 1, 3, 5, 7: four runs of 16 x 32 ints, not 2048 of one
        Distribution c = Distribution.CYCLIC;
        Datatype d = Datatype.darray(2, 1, new int[] {8, 16, 32}, new Distribution[] {c, c, c},
                new int[] {Darray.DFLT_DARG, Darray.DFLT_DARG, Darray.DFLT_DARG}, new int[] {2, 1, 1}, Order.C, INT);
        List<Run> runs = Layout.of(d).raw(0, 0).toList(); // as the walk yields them, before any merging
        assertEquals(4, runs.size(), "one run per plane: " + runs.subList(0, Math.min(4, runs.size())));
        for (int p = 0; p < 4; p++) {
            assertEquals((2L * p + 1) * 16 * 32 * 4, runs.get(p).offset());
            assertEquals(16 * 32 * 4L, runs.get(p).length());
        }
        assertEquals(Reference.runs(d, 0), Cursors.merge(d.runs()).toList(), "the same bytes as the element-by-element type map");
    }

    @Test void skipStartsInsideTheType() {
        Datatype v = Datatype.vector(3, 2, 4, Datatype.vector(2, 1, 2, INT));   // nested, not dense
        List<Run> all = Reference.runs(v, 0);
        for (long skip = 0; skip <= v.size(); skip++) {
            RunCursor c = Cursors.merge(Layout.of(v).raw(0, skip));
            assertEquals(Skip.drop(all, skip), c.toList(), "skip=" + skip);
        }
    }
}
