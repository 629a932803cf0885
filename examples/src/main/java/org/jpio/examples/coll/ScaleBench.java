package org.jpio.examples.coll;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.comm.CountingComm;
import org.jpio.examples.bench.Json;
import org.jpio.examples.bench.MpiChild;
import org.jpio.examples.bench.Stats;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;

/**
 * One point of {@code bench coll-scale}, run by every rank: the coll_perf array written and read with
 * writeAtAll/readAtAll at offset 0 of one open file, an untimed pair first, then {@code repeat} timed calls
 * of each (barrier, call, barrier). Per rank it counts the bytes its own thread allocates during the calls
 * (the metadata of the plan and any copies; the backend's helper threads are not counted), and in a second,
 * untimed pass over a {@link CountingComm} (so through the message exchange, jpio_cb_shared=disable) what
 * one write asks of the communicator. Rank 0 returns the row; maxima are over ranks.
 */
final class ScaleBench {
    private static final com.sun.management.ThreadMXBean THREADS = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private ScaleBench() { }

    static String measure(Comm comm, CollBench.Setup s, String backend, Path file, Map<String, String> given, int repeat, String launch) throws IOException {
        CollBench.Part part = CollBench.part(comm, s);
        Map<String, String> h = new LinkedHashMap<>(given);
        h.put(Hints.JPIO_BACKEND, backend);
        double[] tw = new double[repeat], tr = new double[repeat];
        long allocW = 0, allocR = 0;
        String aggregators, choice;
        if (comm.rank() == 0) Files.deleteIfExists(file);
        comm.barrier();
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), Hints.of(h))) {
            f.setView(part.view());
            f.writeAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
            f.readAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
            for (int k = 0; k < repeat; k++) {
                comm.barrier();
                long a0 = THREADS.getCurrentThreadAllocatedBytes(), t0 = System.nanoTime();
                f.writeAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
                comm.barrier();
                long t1 = System.nanoTime(), a1 = THREADS.getCurrentThreadAllocatedBytes();
                f.readAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
                comm.barrier();
                long t2 = System.nanoTime(), a2 = THREADS.getCurrentThreadAllocatedBytes();
                tw[k] = (t1 - t0) / 1e6;
                tr[k] = (t2 - t1) / 1e6;
                allocW += a1 - a0;
                allocR += a2 - a1;
            }
            aggregators = f.hints().getOrDefault("cb_nodes", "?");
            choice = f.hints().getOrDefault("jpio_cb_write_choice", backend);
        }
        CountingComm counting = CountingComm.recording(comm);
        h.put(Hints.JPIO_CB_SHARED, "disable");
        try (ParallelFile f = ParallelFile.open(counting, file, EnumSet.of(Amode.RDWR), Hints.of(h))) {
            f.setView(part.view());
            f.writeAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
            counting.reset();
            f.writeAtAll(0, Elements.ofArray(part.data(), 0, part.count()));
        }
        CountingComm.Counts k = counting.counts();
        long[] mine = {allocW / repeat, allocR / repeat, (long) part.count() * s.type().size(), k.collectives(), k.exchanges(),
                k.maxMessagesPerExchange(), k.gatheredElements(), k.messages()};
        long[] max = new long[mine.length];
        comm.allreduce(mine, max, mine.length, Comm.Op.MAX);
        long messagesAll = comm.allreduce(k.messages(), Comm.Op.SUM);
        long[] per = counting.perExchange().stream().mapToLong(Long::longValue).toArray(), perMax = new long[per.length], perSum = new long[per.length];
        comm.allreduce(per, perMax, per.length, Comm.Op.MAX); // every rank took part in the same exchanges
        comm.allreduce(per, perSum, per.length, Comm.Op.SUM);
        if (comm.rank() == 0) Files.deleteIfExists(file);
        if (comm.rank() != 0) return null;
        return new Json().put("bench", "coll-scale").put("launch", launch).put("row", "jpio " + backend).put("ranks", comm.size())
                .put("dims", s.dimsText()).put("type", s.typeName()).put("bytes", s.bytes())
                .put("write_ms", Stats.median(tw)).put("read_ms", Stats.median(tr))
                .put("alloc_write_per_rank_bytes", max[0]).put("alloc_read_per_rank_bytes", max[1]).put("alloc_per_rank_bytes", max[0] + max[1])
                .put("own_bytes_per_rank", max[2]).put("aggregators", aggregators)
                .put("collectives_per_write", max[3]).put("exchanges_per_write", max[4]).put("max_messages_per_rank_per_exchange", max[5])
                .put("gathered_elements_per_rank_per_write", max[6]).put("messages_per_write_all_ranks", messagesAll)
                .put("messages_by_exchange_all_ranks", join(perSum)).put("messages_by_exchange_max_rank", join(perMax))
                .put("choice", choice).put("hints", given.toString()).toString();
    }

    private static String join(long[] a) {
        return String.join(",", java.util.Arrays.stream(a).mapToObj(Long::toString).toList());
    }

    static String header() {
        return String.format("%-8s %6s %10s %10s %14s %12s %5s %12s  %s", "launch", "ranks", "write ms", "read ms", "alloc KiB/rank",
                "own KiB/rank", "aggs", "gathered/rk", "messages of one write per exchange, all ranks (max one rank)");
    }

    static String text(String row) {
        return String.format(java.util.Locale.ROOT, "%-8s %6.0f %10.3f %10.3f %14.1f %12.1f %5s %12.0f  %s (%s)", MpiChild.text(row, "launch"),
                MpiChild.number(row, "ranks"), MpiChild.number(row, "write_ms"), MpiChild.number(row, "read_ms"),
                MpiChild.number(row, "alloc_per_rank_bytes") / 1024, MpiChild.number(row, "own_bytes_per_rank") / 1024, MpiChild.text(row, "aggregators"),
                MpiChild.number(row, "gathered_elements_per_rank_per_write"), MpiChild.text(row, "messages_by_exchange_all_ranks"),
                MpiChild.text(row, "messages_by_exchange_max_rank"));
    }
}
