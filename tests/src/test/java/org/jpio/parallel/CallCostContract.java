package org.jpio.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm.Counts;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.FileView;

/**
 * What the common calls cost in collectives, pinned: a change that adds a collective to open, to a
 * repeated collective transfer of the same shape or to close fails here. The same source runs on in-JVM
 * ranks and under mpirun ({@link #main}). Counted by the file's own counters ({@link ParallelFile#counts}).
 */
public final class CallCostContract {
    private CallCostContract() { }

    /** {@code mpirun -np N java ... CallCostContract DIR}: prints "call cost ok rank=R". */
    public static void main(String[] args) throws Exception {
        Comm world = Comm.world();
        check(world, Path.of(args[0]));
        System.out.println("call cost ok rank=" + world.rank() + " size=" + world.size());
    }

    /** Collectives each call took on this rank, by name, for the checks and for a reader of a failure. */
    static Map<String, Long> measure(Comm comm, Path file, Hints h) throws IOException {
        Map<String, Long> cost = new LinkedHashMap<>();
        int n = 256; // 1 KiB per rank: the small call
        int[] mine = new int[n];
        try (ParallelFile warm = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) { // the communicator's first open
            warm.writeAtAll((long) comm.rank() * n * 4, Elements.of(mine));
        }
        ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.RDWR), h);
        cost.put("open", f.counts().collectives());
        Counts viewed = f.counts();
        f.setView(FileView.contiguous(0, ElementType.INT, DataRep.NATIVE));
        cost.put("set_view", f.counts().minus(viewed).collectives());
        for (int i = 0; i < 3; i++) {
            Counts before = f.counts();
            f.writeAtAll((long) comm.rank() * n, Elements.of(mine));
            cost.put("write_at_all " + i, f.counts().minus(before).collectives());
            before = f.counts();
            f.readAtAll((long) comm.rank() * n, Elements.of(mine));
            cost.put("read_at_all " + i, f.counts().minus(before).collectives());
        }
        for (int i = 0; i < 3; i++) { // the same read every step, as the loop's last read
            Counts before = f.counts();
            f.readAtAll((long) comm.rank() * n, Elements.of(mine));
            cost.put("repeated read_at_all " + i, f.counts().minus(before).collectives());
        }
        Counts before = f.counts();
        f.sync();
        cost.put("sync", f.counts().minus(before).collectives());
        before = f.counts();
        f.close();
        cost.put("close", f.counts().minus(before).collectives());
        assertEquals(Long.toString(f.counts().collectives()), f.hints().get("jpio_count_collectives"));
        assertEquals("9", f.hints().get("jpio_count_calls"));
        return cost;
    }

    /**
     * An interleaved write through the message exchange with two aggregators: a rank sends only to them,
     * counts and piece lists included, so no exchange of a write has more messages per rank than there are
     * aggregators, whatever the number of ranks (the metadata of two-phase stays O(aggregators)).
     */
    static void messagesGoToAggregatorsOnly(Comm comm, Path file) throws IOException {
        Hints h = Hints.of(Hints.JPIO_BACKEND, "twophase", Hints.ROMIO_CB_WRITE, "enable", Hints.JPIO_CB_SHARED, "disable",
                Hints.CB_NODES, "2", Hints.CB_CONFIG_LIST, "*:*", Hints.CB_BUFFER_SIZE, "256");
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), h)) {
            f.setView(ParallelFileContract.interleaved(comm));
            Counts before = f.counts();
            f.writeAtAll(0, Elements.of(new int[200]));
            Counts w = f.counts().minus(before);
            int aggregators = f.hints().get("romio_aggregator_list").split(" ").length;
            assertTrue(w.exchanges() > 2, "the write exchanged through messages: " + w);
            assertTrue(w.maxMessagesPerExchange() <= aggregators, "rank=" + comm.rank() + " sent to more ranks than the " + aggregators + " aggregators: " + w);
        }
    }

    public static void check(Comm comm, Path dir) throws IOException {
        messagesGoToAggregatorsOnly(comm, dir.resolve("cost-messages.bin"));
        for (String backend : new String[] {"twophase", "independent"}) {
            Map<String, Long> cost = measure(comm, dir.resolve("cost-" + backend + ".bin"), Hints.of(Hints.JPIO_BACKEND, backend));
            boolean alone = comm.size() == 1;
            // open: one allreduce agrees on the arguments and compares path, mode and hints; one broadcast brings
            // rank 0's creation of the file and the stripe layout it read; one allreduce settles the open itself
            assertEquals(alone ? 0 : 3, cost.get("open"), backend + " " + cost);
            // set_view: one allreduce agrees on the arguments and compares etype and data representation, one settles it
            assertEquals(alone ? 0 : 2, cost.get("set_view"), backend + " " + cost);
            for (int i = 0; i < 3; i++) {
                // one allgather of the extents (with the checks' outcome), one allreduce of the outcome
                assertEquals(alone ? 0 : 2, cost.get("write_at_all " + i), backend + " " + cost);
                assertEquals(alone ? 0 : 2, cost.get("read_at_all " + i), backend + " " + cost);
            }
            // a read repeating the one before it (the loop's last read, then each other) reads first: the extent
            // allgather carries its outcome too
            for (int i = 0; i < 3; i++) assertEquals(alone ? 0 : 1, cost.get("repeated read_at_all " + i), backend + " " + cost);
            // the negative control: a call known to add a collective (sync agrees on its outcome) is seen
            assertTrue(alone || cost.get("sync") >= 1, backend + " " + cost);
            assertEquals(alone ? 0 : 1, cost.get("close"), backend + " " + cost);
        }
    }
}
