package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** File domains on the element grid, by table and by property. */
class AggregationTest {

    @Test
    void table() {
        // 4 aggregators over 100 ints from 0: even split 25 bytes each, moved down to whole ints
        assertArrayEquals(new long[] {0, 24, 48, 72, 100}, Aggregation.fileDomains(0, 100, 4, 0, 4, 0));
        // same with a displacement of 2 bytes: the grid is 2 mod 4
        assertArrayEquals(new long[] {2, 26, 50, 74, 102}, Aggregation.fileDomains(2, 102, 4, 0, 4, 2));
        // striping_unit 32: boundaries on stripes
        assertArrayEquals(new long[] {0, 32, 64, 100}, Aggregation.fileDomains(0, 100, 3, 32, 8, 0));
        assertEquals(8, Aggregation.cycleBytes(13, 8));
        assertEquals(8, Aggregation.cycleBytes(3, 8));
        assertEquals(3, Aggregation.cycles(new Plan(new int[2], new long[] {0, 20, 25}, 8, 0, new long[0], false, 0)));
    }

    /**
     * The worked example of docs/VIEWS.md: two ranks write a 4x4 int array by column blocks (rank r's
     * filetype is subarray({4,4}, {4,2}, {0,2r})), two aggregators, cb_buffer_size 16.
     */
    @Test
    void workedExample() {
        org.jpio.driver.Access[] access = new org.jpio.driver.Access[2];
        org.jpio.view.FileView[] views = new org.jpio.view.FileView[2];
        for (int r = 0; r < 2; r++) {
            views[r] = new org.jpio.view.FileView(0, org.jpio.io.ElementType.INT, org.jpio.view.Datatype.subarray(new int[] {4, 4}, new int[] {4, 2},
                    new int[] {0, 2 * r}, org.jpio.view.Order.C, org.jpio.view.Datatype.of(org.jpio.io.ElementType.INT)), org.jpio.view.DataRep.NATIVE);
            access[r] = org.jpio.driver.Access.of(views[r], 0, 32, org.jpio.io.ElementType.INT);
        }
        assertEquals(new org.jpio.driver.Access(0, 56, 32, 4, 1, 4), access[0]);
        assertEquals(new org.jpio.driver.Access(8, 64, 32, 4, 1, 4), access[1]);
        Plan plan = Aggregation.plan(org.jpio.driver.Extents.of(org.jpio.io.ElementType.INT, access), new int[] {0, 1}, 0, 16, 4);
        assertArrayEquals(new long[] {0, 32, 64}, plan.bounds());
        assertEquals(16, plan.cycleBytes());
        assertEquals(2, plan.cycles());
        assertEquals(32, plan.windowStart(1, 0));
        assertEquals(48, plan.windowEnd(1, 0));
        // aggregator 1's first window [32, 48): one piece of each rank, each the slice of its array from element 4
        for (int r = 0; r < 2; r++) {
            Clip clip = new Clip(views[r].runsOfBytes(0, 32));
            clip.skipTo(32);
            assertEquals(16, clip.memory(), "bytes of rank " + r + "'s data before the window");
            java.util.List<long[]> pieces = new java.util.ArrayList<>();
            clip.take(32, 48, (off, len) -> pieces.add(new long[] {off, len}));
            assertEquals(1, pieces.size());
            assertArrayEquals(new long[] {32 + 8L * r, 8}, pieces.get(0));
        }
    }

    @Property(tries = 500)
    void everyByteHasExactlyOneDomainAndBoundariesAreOnTheGrid(@ForAll @LongRange(max = 1 << 20) long start, @ForAll @LongRange(max = 1 << 20) long span,
            @ForAll @IntRange(min = 1, max = 17) int n, @ForAll @IntRange(min = 0, max = 3) int esShift, @ForAll @IntRange(max = 4) int stripeShift) {
        int esz = 1 << esShift;
        long residue = Math.floorMod(start, esz);
        long end = start + span - span % esz;
        long stripe = stripeShift == 0 ? 0 : (long) esz << (stripeShift + 3);
        long[] b = Aggregation.fileDomains(start, end, n, stripe, esz, residue);
        assertEquals(n + 1, b.length);
        assertEquals(start, b[0]);
        assertEquals(end, b[n]);
        for (int i = 1; i <= n; i++) {
            assertTrue(b[i - 1] <= b[i], "monotone: " + java.util.Arrays.toString(b));
            assertEquals(residue, Math.floorMod(b[i], esz), "on the element grid: " + java.util.Arrays.toString(b));
            if (stripe > 0 && residue == 0 && i < n && b[i] > start && b[i] < end) assertEquals(0, b[i] % stripe, "stripe-aligned: " + java.util.Arrays.toString(b));
        }
    }

    @Test
    void stripeCycles() {
        // whole stripes per cycle, on the stripe grid
        assertArrayEquals(new long[] {16 << 20, 65536}, Aggregation.stripeCycle(65536, 16 << 20, 4, 0));
        assertArrayEquals(new long[] {196608, 65536}, Aggregation.stripeCycle(65536, 200000, 8, 0));
        // a buffer smaller than a stripe: the largest whole part of a stripe that fits
        assertArrayEquals(new long[] {1 << 20, 1 << 20}, Aggregation.stripeCycle(4 << 20, 1 << 20, 4, 0));
        assertArrayEquals(new long[] {1572864, 1572864}, Aggregation.stripeCycle(3 << 20, 2 << 20, 8, 0));
        // no stripe, or stripes off the element grid: plain cycles, no grid
        assertArrayEquals(new long[] {1 << 20, 0}, Aggregation.stripeCycle(0, 1 << 20, 4, 0));
        assertArrayEquals(new long[] {1 << 20, 0}, Aggregation.stripeCycle(65536, 1 << 20, 4, 2));
        assertArrayEquals(new long[] {1 << 20, 0}, Aggregation.stripeCycle(65538, 1 << 20, 4, 0));
    }

    @Test
    void stripeCountFollowsTheStripes() {
        assertEquals(2, StripeCount.aggregators(2, 4)); // a divisor of 4
        assertEquals(2, StripeCount.aggregators(3, 4));
        assertEquals(3, StripeCount.aggregators(3, 1)); // a multiple of 1
        assertEquals(4, StripeCount.aggregators(5, 2)); // a multiple of 2
        assertEquals(1, StripeCount.aggregators(4, 7)); // 7 is prime
        assertEquals(5, StripeCount.aggregators(5, 0)); // not striped
    }

    /**
     * On a stripe grid, the windows of every domain tile it exactly, in order, none longer than a cycle, and
     * each starts and ends on the grid or on its domain's bounds: an aggregator's writes cover whole stripes
     * (or whole parts of one), and no window crosses into another aggregator's stripe.
     */
    @Property(tries = 300)
    void windowsTileDomainsOnTheStripeGrid(@ForAll @LongRange(max = 1 << 22) long start, @ForAll @LongRange(min = 1, max = 1 << 22) long span,
            @ForAll @IntRange(min = 1, max = 9) int n, @ForAll @IntRange(min = 0, max = 3) int esShift,
            @ForAll @IntRange(min = 0, max = 6) int stripeShift, @ForAll @IntRange(min = 6, max = 18) int cbShift) {
        int esz = 1 << esShift;
        long s0 = start - start % esz, end = s0 + span - span % esz + esz;
        long stripe = 4096L << stripeShift;
        org.jpio.driver.Access[] access = {new org.jpio.driver.Access(s0, end, end - s0, 1, 1, 0)};
        Plan p = Aggregation.plan(org.jpio.driver.Extents.of(org.jpio.io.ElementType.BYTE, access), new int[n], stripe, 1 << cbShift, esz);
        assertTrue(p.grid() > 0 && stripe % p.grid() == 0 && p.cycleBytes() % p.grid() == 0, "grid " + p.grid() + " cycle " + p.cycleBytes());
        assertTrue(p.cycleBytes() <= 1 << cbShift);
        long[] b = p.bounds();
        for (int a = 0; a < n; a++) {
            long at = b[a];
            for (int c = 0; c < p.cycles(); c++) {
                long w0 = p.windowStart(a, c), w1 = p.windowEnd(a, c);
                assertEquals(at, w0, "windows follow each other: domain " + a + " cycle " + c);
                assertTrue(w1 - w0 <= p.cycleBytes());
                assertTrue(w0 == b[a] || w0 == b[a + 1] || w0 % p.grid() == 0, "window start on the grid: " + w0 + " bounds " + java.util.Arrays.toString(b) + " grid " + p.grid() + " cycle " + p.cycleBytes() + " a " + a + " c " + c);
                assertTrue(w1 == b[a + 1] || w1 % p.grid() == 0, "window end on the grid: " + w1);
                at = w1;
            }
            assertEquals(b[a + 1], at, "the windows cover domain " + a);
        }
    }
}
