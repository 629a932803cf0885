package org.jpio.examples.coll;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jpio.comm.Comm;
import org.jpio.examples.bench.Json;
import org.jpio.parallel.Amode;
import org.jpio.parallel.Elements;
import org.jpio.parallel.Hints;
import org.jpio.parallel.ParallelFile;

/**
 * One point of {@code bench coll-memory}, run by every rank (an MPI process): the rank's part of the array
 * allocated and filled, the file opened and the view set; then the resident set before the collective
 * write (VmRSS) and its peak during it (VmHWM, reset first through /proc/self/clear_refs): their difference
 * is what the write costs the rank in memory beyond its own array. Rank 0 returns the row, with the maximum
 * over ranks and the bound the hints set: two cycle buffers per aggregator, which every rank touches in the
 * shared window, plus at most one buffer's worth of piece lists, i.e. (2 x cb_nodes + 1) x cb_buffer_size.
 */
final class MemoryBench {
    private MemoryBench() { }

    static String measure(Comm comm, CollBench.Setup s, String backend, Path file, Map<String, String> given) throws IOException {
        CollBench.Part part = CollBench.part(comm, s);
        Map<String, String> h = new LinkedHashMap<>(given);
        h.put(Hints.JPIO_BACKEND, backend);
        Hints hints = Hints.of(h);
        if (comm.rank() == 0) Files.deleteIfExists(file);
        comm.barrier();
        long before, peak;
        double seconds;
        String choice, aggregators;
        long cb = Long.parseLong(hints.asMap().get(Hints.CB_BUFFER_SIZE));
        try (ParallelFile f = ParallelFile.open(comm, file, EnumSet.of(Amode.CREATE, Amode.RDWR), hints)) {
            f.setView(part.view());
            System.gc(); // settle the heap, so that its growth in the write is the write's
            comm.barrier();
            before = status("VmRSS");
            Files.writeString(Path.of("/proc/self/clear_refs"), "5"); // resets VmHWM to the current resident set
            comm.barrier();
            long t0 = System.nanoTime();
            f.writeAll(Elements.ofArray(part.data(), 0, part.count()));
            comm.barrier();
            seconds = (System.nanoTime() - t0) / 1e9;
            peak = status("VmHWM");
            choice = f.hints().getOrDefault("jpio_cb_write_choice", backend);
            aggregators = f.hints().getOrDefault("cb_nodes", "1");
        }
        long growth = comm.allreduce(peak - before, Comm.Op.MAX), rss = comm.allreduce(before, Comm.Op.MAX);
        if (comm.rank() == 0) Files.deleteIfExists(file);
        if (comm.rank() != 0) return null;
        long aggs = Long.parseLong(aggregators.trim());
        return new Json().put("bench", "coll-memory").put("row", "jpio " + backend + ", cb_buffer_size " + org.jpio.examples.bench.Sizes.format(cb))
                .put("backend", backend).put("ranks", comm.size()).put("dims", s.dimsText()).put("type", s.typeName()).put("bytes", s.bytes())
                .put("own_bytes_per_rank", (long) part.count() * s.type().size()).put("rss_before_bytes", rss)
                .put("rss_growth_per_rank_bytes", growth).put("cb_buffer_size", cb).put("aggregators", aggs)
                .put("hint_bound_bytes", (2 * aggs + 1) * cb).put("write_mibs", s.bytes() / 1048576.0 / seconds)
                .put("choice", choice).put("hints", given.toString()).toString();
    }

    /** A field of /proc/self/status in bytes (the kernel prints kB). */
    static long status(String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status")))
            if (line.startsWith(field + ":")) return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").trim()) * 1024;
        throw new IOException("no " + field + " in /proc/self/status");
    }
}
