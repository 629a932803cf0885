package org.jpio.examples.convert;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.jpio.array.ArrayFiles;
import org.jpio.array.DistributedArray;
import org.jpio.array.WriteMode;
import org.jpio.comm.Comm;
import org.jpio.comm.Spmd;
import org.jpio.format.ArrayFormat;
import org.jpio.format.ArrayFormats;
import org.jpio.format.ArrayPath;
import org.jpio.format.Attributes;
import org.jpio.format.StoredArray;
import org.jpio.io.ElementType;
import org.jpio.parallel.Hints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jpio convert SRC DST}: copies an array between RAW, NPY and HDF5 ({@code file.h5:/group/dataset}),
 * in parallel: the ranks (threads of this JVM, {@code --ranks}, or the processes of {@code mpirun -np N
 * bin/jpio convert ...}) read the source BLOCK-distributed and write the destination collectively, each
 * format through its own path (collective I/O at the data's offset; the HDF5 library for chunked or
 * compressed datasets). Any number of ranks reads what any number wrote. A dataset's attributes go along
 * when both sides keep attributes.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Copies an array between RAW, NPY and HDF5 files in parallel (file.h5:/group/dataset names a dataset).",
                "The format comes from each file name's ending (.raw/.bin/.dat, .npy, .h5/.hdf5). A RAW source needs --dtype and --shape."})
public final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SRC", description = "Source: a .npy, a RAW file, or file.h5[:/dataset] (a file's only dataset when not named).")
    String source;

    @Parameters(index = "1", paramLabel = "DST", description = "Destination: a .npy, a RAW file, or file.h5[:/dataset] (default dataset /data).")
    String destination;

    @Option(names = "--ranks", description = "Ranks as threads of this JVM (not under mpirun). Default: 4.")
    Integer ranks;

    @Option(names = "--dtype", description = "Element type of a RAW source: boolean, byte, char, short, int, long, float, double.")
    String dtype;

    @Option(names = "--shape", split = ",", description = "Global shape of a RAW source, e.g. 256,256,256.")
    int[] shape;

    @Option(names = "--add", description = "Add the dataset to an existing HDF5 destination, keeping its other datasets (default: replace the file).")
    boolean add;

    @Option(names = "--hint", description = "key=value hint for both files (repeatable), e.g. cb_buffer_size=1048576.")
    List<String> hintArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ArrayPath src = ArrayPath.parse(source), dst = ArrayPath.parse(destination);
        ArrayFormat in = ArrayFormats.of(src.file()), out = ArrayFormats.of(dst.file());
        Hints hints = Hints.parse(hintArgs);
        if (Spmd.launchedByMpi() && ranks != null) throw new IllegalArgumentException("--ranks is for ranks in one JVM; under mpirun the ranks are the processes");
        if (add && !out.holdsSeveral()) throw new IllegalArgumentException("--add needs a destination that holds several arrays (h5): " + dst);
        if (!in.selfDescribing() && (dtype == null || shape == null))
            throw new IllegalArgumentException("source " + src + " is RAW (no header): give its --dtype and --shape");
        if (ranks != null && ranks < 1) throw new IllegalArgumentException("--ranks=" + ranks + " must be >= 1");
        AtomicReference<String> report = new AtomicReference<>();
        Spmd.run(ranks == null ? 4 : ranks, comm -> {
            String r = convert(comm, src, in, dst, out, hints);
            if (comm.rank() == 0) report.set(r);
        });
        if (report.get() != null) System.out.println(report.get());
        return 0;
    }

    /** Collective: reads {@code src} and writes {@code dst}; rank 0's return value says what happened. */
    private String convert(Comm comm, ArrayPath src, ArrayFormat in, ArrayPath dst, ArrayFormat out, Hints hints) throws Exception {
        ElementType type;
        int[] dims;
        ArrayPath from = src;
        if (in.selfDescribing()) {
            StoredArray s = DistributedArray.inspect(comm, src);
            type = s.type();
            dims = s.shapeAsInts();
            from = new ArrayPath(src.file(), s.dataset());
            if (dtype != null && ElementType.forName(dtype) != type || shape != null && !Arrays.equals(shape, dims))
                throw new IllegalArgumentException("source " + src + " holds " + type + " shape=" + Arrays.toString(dims) + ", not the --dtype/--shape given ("
                        + dtype + " " + Arrays.toString(shape) + ")");
        } else {
            type = ElementType.forName(dtype);
            dims = shape.clone();
        }
        DistributedArray a = DistributedArray.create(comm, type, dims);
        comm.barrier();
        long t0 = System.nanoTime();
        a.read(from, in, hints);
        comm.barrier();
        long t1 = System.nanoTime();
        String readPath = a.hints().get("jpio_array_data");
        Attributes attributes = in.holdsSeveral() && out.holdsSeveral() ? ArrayFiles.attributes(comm, from) : Attributes.empty();
        a.write(dst, out, hints, add ? WriteMode.ADD : WriteMode.REPLACE, attributes);
        comm.barrier();
        long t2 = System.nanoTime();
        double mib = a.globalCount() * type.size() / 1048576.0;
        return String.format(Locale.ROOT, "convert: %s (%s %s %s) -> %s (%s) on %d %s: %.1f MiB, read %.1f MiB/s, write %.1f MiB/s%n  read: %s%n  write: %s",
                from, in.name(), type, Arrays.toString(dims), dst, out.name(), comm.size(), Spmd.launchedByMpi() ? "MPI processes" : "ranks (threads)",
                mib, mib / ((t1 - t0) / 1e9), mib / ((t2 - t1) / 1e9), readPath, a.hints().get("jpio_array_data"));
    }
}
