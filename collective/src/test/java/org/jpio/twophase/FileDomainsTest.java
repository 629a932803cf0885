package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.jpio.view.Run;
import org.junit.jupiter.api.Test;

class FileDomainsTest {
    @Test void evenSplit() {
        FileDomains d = FileDomains.split(0, 100, 4, 0);
        for (int i = 0; i < 4; i++) assertEquals(new Run(25 * i, 25), d.domain(i));
        assertEquals(3, d.domainOf(99));
        assertEquals(-1, d.domainOf(100));
    }

    @Test void stripeAligned() {
        // 16 stripes of 64 bytes touched by [10, 1000): 5, 5 and 6 stripes
        FileDomains d = FileDomains.split(10, 1000, 3, 64);
        assertEquals(new Run(10, 310), d.domain(0));
        assertEquals(new Run(320, 320), d.domain(1));
        assertEquals(new Run(640, 360), d.domain(2));
        assertEquals(0, d.domainOf(319));
        assertEquals(1, d.domainOf(320));
        FileDomains few = FileDomains.split(0, 100, 4, 64);     // two stripes, four aggregators
        assertEquals(0, few.domain(0).length());
        assertEquals(new Run(0, 64), few.domain(1));
        assertEquals(1, few.domainOf(0));
        assertEquals(new Run(64, 36), few.domain(3));
    }


    @Property(tries = 500)
    void domainsPartitionAndNeverShareAStripe(@ForAll @LongRange(max = 5000) long start, @ForAll @LongRange(max = 5000) long len,
                                               @ForAll @IntRange(min = 1, max = 9) int n, @ForAll @IntRange(max = 300) int su) {
        FileDomains d = FileDomains.split(start, start + len, n, su);
        long at = start, min = Long.MAX_VALUE, max = 0;
        int[] stripeOwner = new int[(int) ((start + len) / Math.max(1, su) + 2)];
        java.util.Arrays.fill(stripeOwner, -1);
        for (int i = 0; i < n; i++) {
            Run r = d.domain(i);
            assertEquals(at, r.offset());
            at = r.end();
            min = Math.min(min, r.length());
            max = Math.max(max, r.length());
            for (long b = r.offset(); b < r.end(); b += Math.max(1, r.length() / 7)) assertEquals(i, d.domainOf(b));
            if (r.length() > 0) assertEquals(i, d.domainOf(r.end() - 1));
            if (su > 0 && r.length() > 0) {
                for (long s = r.offset() / su; s <= (r.end() - 1) / su; s++) {
                    assertTrue(stripeOwner[(int) s] < 0, "stripe " + s + " shared by " + stripeOwner[(int) s] + " and " + i);
                    stripeOwner[(int) s] = i;
                }
            }
        }
        assertEquals(start + len, at);
        if (su == 0) assertTrue(max - min <= 1, "uneven domains");
    }
}
