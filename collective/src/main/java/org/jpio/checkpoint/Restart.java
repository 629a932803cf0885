package org.jpio.checkpoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jpio.array.DistributedArray;
import org.jpio.comm.Comm;

/**
 * A valid checkpoint opened for a restart ({@link CheckpointStore#restart}): its step, attributes and
 * arrays, each read into a distributed array of any rank count, grid and distribution, and verified
 * against the manifest's checksums as it is read.
 */
public final class Restart {
    private final CheckpointStore store;
    private final Path path;
    private final Manifest manifest;

    Restart(CheckpointStore store, Path path, Manifest manifest) {
        this.store = store;
        this.path = path;
        this.manifest = manifest;
    }

    public long step() { return manifest.step(); }

    public Attributes attributes() { return manifest.attributes(); }

    public Manifest manifest() { return manifest; }

    /** The checkpoint's directory. */
    public Path path() { return path; }

    /** The names of its arrays, in the order they were put. */
    public List<String> arrays() {
        List<String> names = new ArrayList<>();
        for (Manifest.Entry e : manifest.arrays()) names.add(e.name());
        return names;
    }

    /**
     * Collective: reads array {@code name} into {@code into} (its owned elements; ghost cells untouched),
     * which must have the stored element type and shape and be distributed over the store's ranks (any
     * grid and distribution). The blocks are verified as they are read: a mismatch is a CollectiveIOException
     * on every rank naming the array, file, block and byte range, and {@code into} must not be used.
     */
    public void read(String name, DistributedArray into) throws IOException {
        Comm comm = store.comm();
        String op = "restart step=" + step() + " read array=" + name + " dir=" + store.dir();
        Manifest.Entry e = manifest.array(name);
        String why = null;
        if (e == null) why = "the checkpoint has no array " + name + " (arrays: " + arrays() + ")";
        else if (into == null) why = "the array to read into is null";
        else if (into.comm().size() != comm.size() || into.comm().rank() != comm.rank())
            why = "the array is distributed over rank=" + into.comm().rank() + " of size=" + into.comm().size() + ", the store's communicator is rank="
                    + comm.rank() + " of size=" + comm.size();
        else if (into.elementType() != e.type() || !Arrays.equals(ArrayWriter.longs(into.globalShape()), e.shape()))
            why = "the checkpoint holds " + e.type() + " shape=" + Arrays.toString(e.shape()) + " (dtype '" + e.dtype() + "'), the array is "
                    + into.elementType() + " shape=" + Arrays.toString(into.globalShape());
        comm.agreeOnArguments(op, why == null ? null : new IllegalArgumentException(op + ": " + why + ": rank=" + comm.rank()));
        comm.requireSame(op, "array", into.elementType() + " shape=" + Arrays.toString(into.globalShape()) + " grid=" + Arrays.toString(into.processGrid())
                + " distribution=" + Arrays.toString(into.distribution()) + " ghost=" + into.ghost());
        ArrayReader.read(comm, path, manifest, e, into, store.state().hints, store.options().chunkBytes());
    }

    /** Collective: array {@code name} read into a new BLOCK-distributed array on the store's ranks (MPI_Dims_create's grid). */
    public DistributedArray load(String name) throws IOException {
        Manifest.Entry e = manifest.array(name);
        DistributedArray a = e == null ? null : DistributedArray.create(store.comm(), e.type(), shapeAsInts(e));
        read(name, a);
        return a;
    }

    private static int[] shapeAsInts(Manifest.Entry e) {
        long[] s = e.shape();
        int[] out = new int[s.length];
        for (int d = 0; d < s.length; d++) out[d] = Math.toIntExact(s[d]);
        return out;
    }
}
