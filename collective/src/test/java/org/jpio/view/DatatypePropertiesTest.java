package org.jpio.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.io.ElementType;

class DatatypePropertiesTest {

    @Property(tries = 1500)
    void flatteningMatchesTheElementByElementTypeMap(@ForAll long seed) {
        Random r = new Random(seed);
        Datatype t = RandomTypes.type(r, 3);
        long base = r.nextInt(100) - 50;
        List<long[]> map = new ArrayList<>();
        Reference.typemap(t, 0, map);
        String ctx = t + " seed=" + seed;

        assertEquals(Reference.runs(t, base), t.runs(base).toList(), ctx);
        long size = 0, tLb = Long.MAX_VALUE, tUb = Long.MIN_VALUE, prevEnd = Long.MIN_VALUE;
        boolean mono = true;
        for (long[] e : map) {
            size += e[1];
            if (e[1] == 0) continue;
            tLb = Math.min(tLb, e[0]);
            tUb = Math.max(tUb, e[0] + e[1]);
            if (e[0] < prevEnd) mono = false;
            prevEnd = e[0] + e[1];
        }
        assertEquals(size, t.size(), ctx);
        long[] bounds = Reference.bounds(t);
        assertEquals(bounds[0], t.lb(), "lb " + ctx);
        assertEquals(bounds[1] - bounds[0], t.extent(), "extent " + ctx);
        if (size > 0) {
            assertEquals(tLb, t.trueLb(), "trueLb " + ctx);
            assertEquals(tUb - tLb, t.trueExtent(), "trueExtent " + ctx);
        }
        if (t.isMonotone()) assertTrue(mono, "claims monotone: " + ctx);
        if (!containsGrid(t)) assertEquals(mono, t.isMonotone(), "monotone " + ctx);
        if (t.isContiguous())
            assertEquals(size == 0 ? List.of() : List.of(new Run(t.lb(), t.extent())), Reference.runs(t, 0), "contiguous " + ctx);

        long skip = size == 0 ? 0 : (long) (r.nextDouble() * (size + 1));
        assertEquals(Skip.drop(Reference.runs(t, base), skip), Cursors.merge(Layout.of(t).raw(base, skip)).toList(), "skip=" + skip + " " + ctx);
    }

    private static boolean containsGrid(Datatype t) {
        if (t instanceof Subarray || t instanceof Darray) return true;
        if (t instanceof Basic) return false;
        if (t instanceof Contiguous c) return containsGrid(c.oldType());
        if (t instanceof Vector v) return containsGrid(v.oldType());
        if (t instanceof Hvector v) return containsGrid(v.oldType());
        if (t instanceof Indexed x) return containsGrid(x.oldType());
        if (t instanceof Hindexed x) return containsGrid(x.oldType());
        return containsGrid(((Resized) t).oldType());
    }

    @Property(tries = 400)
    void darraysOfAllRanksPartitionTheArray(@ForAll long seed) {
        Random r = new Random(seed);
        Datatype elem = Datatype.of(r.nextBoolean() ? ElementType.INT : ElementType.BYTE);
        Darray any = RandomTypes.darray(r, 1, elem);
        long bytes = any.extent();
        int[] owners = new int[(int) bytes];
        for (int rank = 0; rank < any.commSize(); rank++) {
            Darray d = RandomTypes.forRank(any, rank);
            List<Run> runs = d.runs().toList();
            assertEquals(Reference.runs(d, 0), runs, d.toString());
            for (Run run : runs) for (long b = run.offset(); b < run.end(); b++) owners[(int) b]++;
            assertEquals(bytes, d.extent());
            assertTrue(d.isMonotone(), d.toString());
        }
        for (int b = 0; b < bytes; b++) assertEquals(1, owners[b], "byte " + b + " of " + any);
    }
}
