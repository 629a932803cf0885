package org.jpio.checkpoint;

import java.nio.file.Path;
import java.util.List;
import org.jpio.array.DistributedArray;

/**
 * What one commit writes, fixed before any byte moves: the step, the unpublished directory, the arrays in
 * order with their files and chunking, and the attributes. The same on every rank except each rank's own
 * chunk count; {@code rounds} (the collective writes per array) is the largest count of any rank.
 */
record Plan(long step, Path partial, List<Item> items, Attributes attributes) {
    /**
     * One array, in {@code file} of the directory (as {@code dataset} of a file several arrays share, "" in
     * a file of its own): owned elements go out {@code perChunk} at a time, {@code localChunks} chunks on
     * this rank, {@code rounds} collective writes on every rank.
     */
    record Item(String name, String file, String dataset, DistributedArray array, int perChunk, int localChunks, long rounds) {
        /** Owned elements of chunk {@code round} on this rank (0 past its last chunk). */
        int count(long round) {
            long from = round * perChunk;
            return (int) Math.max(0, Math.min(perChunk, array.localCount() - from));
        }
    }

    Plan {
        items = List.copyOf(items);
    }

    /** The file every array shares (one HDF5 file of datasets), or null when each has its own. */
    String sharedFile() {
        return items.isEmpty() || items.get(0).dataset().isEmpty() ? null : items.get(0).file();
    }
}
