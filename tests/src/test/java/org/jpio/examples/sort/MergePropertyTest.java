package org.jpio.examples.sort;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The loser-tree merge against a reference (all runs concatenated and sorted): any number of runs, empty
 * runs, duplicates across runs, Long.MAX_VALUE keys (the value an exhausted run's head is set to), and
 * input/output blocks of any size, so refills happen at every position.
 */
class MergePropertyTest {
    /** A run handed out in blocks of {@code block} longs, as a run reader does. */
    private static final class ArrayIn implements Blocks.In {
        private final long[] run;
        private final long[] buf;
        private int at;
        int calls;

        ArrayIn(long[] run, int block) {
            this.run = run;
            this.buf = new long[block];
        }

        @Override
        public int next() {
            calls++;
            int n = Math.min(buf.length, run.length - at);
            System.arraycopy(run, at, buf, 0, n);
            at += n;
            return n;
        }

        @Override public long[] buf() { return buf; }
    }

    /** Collects emitted blocks; alternates two buffers like a double-buffered writer. */
    private static final class ArrayOut implements Blocks.Out {
        private final long[][] bufs;
        private final List<Long> got = new ArrayList<>();
        private int cur;
        boolean closed;

        ArrayOut(int block) { bufs = new long[][] {new long[block], new long[block]}; }

        @Override public long[] buf() { return bufs[cur]; }

        @Override
        public void emit(int n) {
            assertTrue(n > 0 && n <= bufs[cur].length, "n=" + n);
            for (int i = 0; i < n; i++) got.add(bufs[cur][i]);
            Arrays.fill(bufs[cur], 0x5A5A5A5AL); // a merge that kept using an emitted buffer would copy this
            cur ^= 1;
        }

        @Override public void close() { closed = true; }

        long[] result() { return got.stream().mapToLong(Long::longValue).toArray(); }
    }

    @Provide
    Arbitrary<List<long[]>> runs() {
        Arbitrary<Long> key = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-3, 3),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE));
        return key.array(long[].class).ofMaxSize(60).map(a -> {
            Arrays.sort(a);
            return a;
        }).list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 400)
    void mergesLikeSortingTheConcatenation(@ForAll("runs") List<long[]> runs, @ForAll @IntRange(min = 1, max = 9) int inBlock,
                                           @ForAll @IntRange(min = 1, max = 9) int outBlock) throws IOException {
        List<Blocks.In> ins = new ArrayList<>();
        for (long[] r : runs) ins.add(new ArrayIn(r, inBlock));
        ArrayOut out = new ArrayOut(outBlock);
        Merge.merge(ins, out);
        long[] expected = runs.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        assertArrayEquals(expected, out.result());
        assertTrue(out.closed, "the merge closes its output");
        for (int i = 0; i < runs.size(); i++) { // each block read once, then one more call that returns 0
            int len = runs.get(i).length;
            assertEquals((len + inBlock - 1) / inBlock + 1, ((ArrayIn) ins.get(i)).calls, "run " + i + " length=" + len);
        }
    }

    @Example
    void runsOfOnlyMaxValueAreNotTakenForExhausted() throws IOException {
        long[] a = {Long.MAX_VALUE, Long.MAX_VALUE}, b = {1, Long.MAX_VALUE}, c = {};
        ArrayOut out = new ArrayOut(2);
        Merge.merge(List.of(new ArrayIn(a, 1), new ArrayIn(c, 1), new ArrayIn(b, 1)), out);
        assertArrayEquals(new long[] {1, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE}, out.result());
    }

    @Example
    void noRunsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Merge.merge(List.of(), new ArrayOut(1)));
    }
}
