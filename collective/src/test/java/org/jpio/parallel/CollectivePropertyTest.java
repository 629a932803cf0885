package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jpio.comm.local.LocalComm;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;
import org.jpio.view.RunCursor;

/**
 * Collective writes of darray views over random shapes, grids, distributions, orders, element types,
 * displacements and hints (tiny cb_buffer_size forces many cycles), checked against a reference file
 * built element by element, then read back collectively through the same view and through a plain
 * contiguous split; two-phase exchanges through shared memory or messages ({@code jpio_cb_shared}).
 */
class CollectivePropertyTest {

    record Case(int ranks, int[] gsizes, Distribution[] dists, int[] dargs, Order order, ElementType type,
                long displacement, int cbNodes, int cbBuffer, String cbMode, DataRep rep, String shared) {
        @Override public String toString() {
            return "ranks=" + ranks + " gsizes=" + java.util.Arrays.toString(gsizes) + " dists=" + java.util.Arrays.toString(dists)
                    + " dargs=" + java.util.Arrays.toString(dargs) + " order=" + order + " type=" + type + " disp=" + displacement
                    + " cb_nodes=" + cbNodes + " cb_buffer_size=" + cbBuffer + " romio_cb=" + cbMode + " rep=" + rep + " jpio_cb_shared=" + shared;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Integer> ranks = Arbitraries.integers().between(1, 5);
        Arbitrary<int[]> shape = Arbitraries.integers().between(1, 4).flatMap(nd ->
                Arbitraries.integers().between(1, 9).array(int[].class).ofSize(nd));
        Arbitrary<ElementType> type = Arbitraries.of(ElementType.values());
        return Combinators.combine(ranks, shape, type, Arbitraries.longs().between(0, 37),
                Arbitraries.integers().between(1, 5), Arbitraries.of(8, 24, 64, 1000, 1 << 20),
                Arbitraries.of("enable", "disable", "automatic"), Arbitraries.of(DataRep.values()))
            .flatAs((n, g, t, disp, cbn, cbb, mode, rep) ->
                Combinators.combine(Arbitraries.of(Distribution.values()).array(Distribution[].class).ofSize(g.length),
                                    Arbitraries.integers().between(1, 3).array(int[].class).ofSize(g.length),
                                    Arbitraries.of(Order.values()), Arbitraries.of("automatic", "disable"))
                    .as((d, k, o, sh) -> {
                        if (java.util.Arrays.stream(d).allMatch(x -> x == Distribution.NONE)) d[0] = Distribution.BLOCK;
                        int[] dargs = new int[g.length];
                        for (int i = 0; i < g.length; i++) dargs[i] = d[i] == Distribution.CYCLIC ? k[i] : Darray.DFLT_DARG;
                        return new Case(n, g, d, dargs, o, t, disp, cbn, cbb, mode, rep, sh);
                    }));
    }

    @Property(tries = 100)
    void collectiveWriteMatchesReference(@ForAll("cases") Case c) throws Exception {
        Path dir = Files.createTempDirectory("jpio-coll");
        Path file = dir.resolve("a.bin");
        try {
            int nd = c.gsizes.length;
            int[] psizes = psizes(c.ranks, c.gsizes, c.dists);
            long total = 1;
            for (int g : c.gsizes) total *= g;
            int esz = c.type.size();
            // something under the file's first bytes that the write must leave alone (the displacement)
            byte[] before = new byte[(int) c.displacement];
            java.util.Arrays.fill(before, (byte) 0x5A);
            Files.write(file, before);
            Hints hints = Hints.of(Hints.CB_NODES, Integer.toString(c.cbNodes), Hints.CB_CONFIG_LIST, "*:*", Hints.CB_BUFFER_SIZE, Integer.toString(c.cbBuffer),
                    Hints.ROMIO_CB_WRITE, c.cbMode, Hints.ROMIO_CB_READ, c.cbMode, Hints.JPIO_CB_SHARED, c.shared);
            long totalFinal = total;
            LocalComm.run(c.ranks, comm -> {
                Datatype ft = Datatype.darray(c.ranks, comm.rank(), c.gsizes, c.dists, c.dargs, psizes, c.order, Datatype.of(c.type));
                FileView v = new FileView(c.displacement, c.type, ft, c.rep);
                int n = (int) (ft.size() / esz);
                Object mine = c.type.newArray(n);
                // my k-th element is the one at the k-th position of my view: its number is its place in the file
                int k = 0;
                RunCursor runs = v.runs(0, n);
                while (runs.next())
                    for (long off = runs.offset(); off < runs.offset() + runs.length(); off += esz)
                        TestData.set(mine, k++, c.type, (off - c.displacement) / esz);
                assertEquals(n, k);
                try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR, Amode.CREATE), hints)) {
                    f.setView(v);
                    f.writeAll(Elements.ofArray(mine, 0, n));
                    assertEquals(n, f.pointer());
                    Object back = c.type.newArray(n);
                    f.seek(0);
                    f.readAll(Elements.ofArray(back, 0, n));
                    for (int i = 0; i < n; i++) assertEquals(java.lang.reflect.Array.get(mine, i), java.lang.reflect.Array.get(back, i), "element " + i + " " + c);
                    // read back through a different decomposition: contiguous slices of the global array
                    f.setView(FileView.contiguous(c.displacement, c.type, c.rep));
                    long lo = totalFinal * comm.rank() / comm.size(), hi = totalFinal * (comm.rank() + 1) / comm.size();
                    Object slice = c.type.newArray((int) (hi - lo));
                    f.readAtAll(lo, Elements.ofArray(slice, 0, (int) (hi - lo)));
                    for (int i = 0; i < hi - lo; i++) assertTrue(TestData.matches(slice, i, c.type, lo + i), "slice element " + (lo + i) + " " + c);
                    assertTrue(f.hints().containsKey("jpio_cb_write_choice"));
                }
            });
            // the reference: the displacement's bytes intact, then element i holds value(i) in the representation's order
            ByteBuffer expect = ByteBuffer.allocate((int) (c.displacement + total * esz)).order(c.rep.byteOrder());
            expect.put(before);
            Object all = c.type.newArray((int) total);
            for (int i = 0; i < total; i++) TestData.set(all, i, c.type, i);
            c.type.put(expect, all, 0, (int) total);
            assertArrayEquals(expect.array(), Files.readAllBytes(file), c.toString());
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** MPI_Dims_create over the distributed dimensions; NONE dimensions get one process. */
    static int[] psizes(int ranks, int[] gsizes, Distribution[] dists) {
        int[] dims = new int[gsizes.length];
        for (int i = 0; i < dims.length; i++) dims[i] = dists[i] == Distribution.NONE ? 1 : 0;
        return Dims.create(ranks, dims);
    }

    @Property(tries = 1)
    void hintsReportTheChoice() throws Exception {
        Path file = Files.createTempFile("jpio-hints", ".bin");
        try {
            LocalComm.run(2, comm -> {
                try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), Hints.of(Hints.CB_BUFFER_SIZE, "4096"))) {
                    Map<String, String> h = f.hints();
                    assertEquals("4096", h.get(Hints.CB_BUFFER_SIZE));
                    assertEquals("1", h.get(Hints.CB_NODES), "one host and cb_config_list *:1 give one aggregator: " + h);
                }
            });
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
