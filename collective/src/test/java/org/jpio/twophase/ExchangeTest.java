package org.jpio.twophase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Datatype;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.Run;
import org.jpio.view.RunCursor;
import org.junit.jupiter.api.Test;

class ExchangeTest {
    static final Datatype INT = Datatype.of(ElementType.INT);

    /** Rank r of 2 writes column block r of a 4x4 int array (subarray 4x2): the worked example of docs/VIEWS.md. */
    static Access column(int r) {
        Datatype ft = Datatype.subarray(new int[] {4, 4}, new int[] {4, 2}, new int[] {0, 2 * r}, Order.C, INT);
        return new Access(new FileView(0, ElementType.INT, ft, DataRep.NATIVE), 0, 8);
    }

    @Test void workedExample() {
        Access[] acc = {column(0), column(1)};
        Run all = FileDomains.aggregate(new Run[] {acc[0].range(), acc[1].range()});
        assertEquals(new Run(0, 64), all);
        Cycles cycles = new Cycles(FileDomains.split(all.offset(), all.end(), 2, 0), 16);
        assertEquals(2, cycles.rounds());
        Run c = cycles.cycle(1, 0);                                 // aggregator 1, round 0: rows 2
        assertEquals(new Run(32, 16), c);
        Exchange.Cursor p = Exchange.pieces(acc[1], c);
        assertTrue(p.next());
        assertEquals(new Exchange.Piece(40, 8, 8, 16), p.piece());  // rank 1's row 2 = its elements 4,5
        assertFalse(p.next());
        assertEquals(8, Exchange.bytesPerDomain(acc[0], cycles, 0)[1]);
        assertEquals(new Coverage(32, 48, 16), Exchange.coverage(acc, c));
        assertFalse(Exchange.coverage(acc, c).hasHoles());
        assertFalse(Exchange.coverage(new Access[] {acc[0]}, c).hasHoles());   // span [32, 40) only
        Coverage alone = Exchange.coverage(new Access[] {acc[0]}, new Run(0, 64));
        assertEquals(new Coverage(0, 56, 32), alone);                            // columns 0-1 of 4 rows
        assertTrue(alone.hasHoles());
    }

    @Property(tries = 300)
    void cyclesDeliverEveryRunExactlyOnce(@ForAll long seed) {
        Random r = new Random(seed);
        int ranks = 1 + r.nextInt(5);
        Access[] acc = new Access[ranks];
        boolean darray = r.nextBoolean();
        int[] g = {1 + r.nextInt(9), 1 + r.nextInt(9)}, p = {1 + r.nextInt(2), 0};
        for (int k = 0; k < ranks; k++) {
            FileView v;
            long count;
            if (darray) {
                p[1] = ranks;
                Datatype ft = Datatype.darray(ranks * p[0], k, g, new Distribution[] {Distribution.BLOCK, Distribution.CYCLIC},
                        new int[] {-1, 1 + r.nextInt(2)}, new int[] {p[0], ranks}, Order.C, INT);
                v = new FileView(4 * r.nextInt(3), ElementType.INT, ft, DataRep.NATIVE);
                count = ft.size() / 4 * (1 + r.nextInt(2));
            } else {
                Datatype ft = Datatype.vector(1 + r.nextInt(3), 1 + r.nextInt(3), ranks * 4, INT);
                ft = Datatype.hindexed(new int[] {1}, new long[] {k * 16L}, ft);
                v = new FileView(r.nextInt(9), ElementType.INT, Datatype.resized(0, ft.extent() + 16L * ranks, ft), DataRep.NATIVE);
                count = r.nextInt(20);
            }
            acc[k] = new Access(v, r.nextInt(3), r.nextInt(4) == 0 ? 0 : count);
        }
        Run[] ranges = new Run[ranks];
        for (int k = 0; k < ranks; k++) ranges[k] = acc[k].range();
        Run all = FileDomains.aggregate(ranges);
        if (all == null) return;
        int aggs = 1 + r.nextInt(4);
        long su = r.nextBoolean() ? 0 : 1 + r.nextInt(40);
        long cb = 1 + r.nextInt(64);
        Cycles cycles = new Cycles(FileDomains.split(all.offset(), all.end(), aggs, su), cb);
        List<List<long[]>> got = new ArrayList<>();              // per rank: {file, memory} byte pairs
        for (int k = 0; k < ranks; k++) got.add(new ArrayList<>());
        for (int round = 0; round < cycles.rounds(); round++) {
            for (int d = 0; d < aggs; d++) {
                Run c = cycles.cycle(d, round);
                if (c == null) continue;
                assertTrue(c.length() <= cb);
                TreeSet<Long> union = new TreeSet<>();
                for (int k = 0; k < ranks; k++) {
                    Exchange.Cursor pc = Exchange.pieces(acc[k], c);
                    long sum = 0;
                    while (pc.next()) {
                        assertTrue(pc.bufferOffset() >= 0 && pc.bufferOffset() + pc.length() <= c.length(), "piece outside cycle");
                        for (long b = 0; b < pc.length(); b++) {
                            got.get(k).add(new long[] {pc.fileOffset() + b, pc.memoryOffset() + b});
                            union.add(pc.fileOffset() + b);
                        }
                        sum += pc.length();
                    }
                    assertEquals(sum, Exchange.bytesPerDomain(acc[k], cycles, round)[d]);
                }
                Coverage cov = Exchange.coverage(acc, c);
                assertEquals(union.size(), cov.coveredBytes());
                if (!union.isEmpty()) {
                    assertEquals(union.first(), cov.first());
                    assertEquals(union.last() + 1, cov.end());
                    assertEquals(union.last() + 1 - union.first() != union.size(), cov.hasHoles());
                }
            }
        }
        for (int k = 0; k < ranks; k++) {
            List<long[]> expect = new ArrayList<>();
            RunCursor rc = acc[k].runs();
            long mem = 0;
            while (rc.next()) for (long b = 0; b < rc.length(); b++) expect.add(new long[] {rc.offset() + b, mem++});
            List<long[]> mine = got.get(k);
            mine.sort((x, y) -> Long.compare(x[1], y[1]));
            assertEquals(expect.size(), mine.size(), "rank " + k);
            for (int i = 0; i < expect.size(); i++) {
                assertEquals(expect.get(i)[0], mine.get(i)[0], "rank " + k + " byte " + i);
                assertEquals(expect.get(i)[1], mine.get(i)[1], "rank " + k + " byte " + i);
            }
        }
    }
}
