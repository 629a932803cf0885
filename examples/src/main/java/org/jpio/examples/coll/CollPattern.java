package org.jpio.examples.coll;

import java.util.Arrays;
import java.util.List;
import org.jpio.io.ElementType;
import org.jpio.view.DataRep;
import org.jpio.view.Darray;
import org.jpio.view.Datatype;
import org.jpio.view.Dims;
import org.jpio.view.Distribution;
import org.jpio.view.FileView;
import org.jpio.view.Order;

/**
 * How {@code bench coll}'s array is spread over the ranks: a 3-D darray, BLOCK (coll_perf's pattern), CYCLIC
 * or BLOCK-CYCLIC with a distribution argument in every dimension on the MPI_Dims_create grid; or the
 * interleaved pattern of issue 23, a 1-D array of which each rank owns blocks of {@code block} elements
 * round robin over the ranks (filetype contiguous(block) resized to ranks*block elements, displacement
 * rank*block elements). The C peer {@code mpi_coll_perf} builds the same view from {@link #peerArgs}.
 */
public record CollPattern(String kind, int block) {
    static final List<String> KINDS = List.of("block", "cyclic", "block-cyclic", "interleaved"); // before BLOCK: its constructor reads it
    public static final CollPattern BLOCK = new CollPattern("block", 0);

    public CollPattern {
        if (!KINDS.contains(kind)) throw new IllegalArgumentException("pattern=" + kind + " (known: " + String.join(", ", KINDS) + ")");
        if (kind.equals("cyclic")) block = 1;
        if (kind.equals("block")) block = 0;
        if (block < 0 || (block < 1 && !kind.equals("block")))
            throw new IllegalArgumentException("pattern=" + kind + " block=" + block + " must be a positive number of elements");
    }

    public boolean interleaved() { return kind.equals("interleaved"); }

    /** The name in the rows: block, cyclic, block-cyclic(16), interleaved(B=256). */
    public String label() {
        return switch (kind) {
            case "block", "cyclic" -> kind;
            case "block-cyclic" -> "block-cyclic(" + block + ")";
            default -> "interleaved(B=" + block + ")";
        };
    }

    /** The C peer's flags for this pattern (none for BLOCK). */
    List<String> peerArgs() {
        return switch (kind) {
            case "block" -> List.of();
            case "interleaved" -> List.of("--interleaved", Integer.toString(block));
            default -> List.of("--cyclic", Integer.toString(block));
        };
    }

    /**
     * One dimension of a rank's share: of {@code g} indices, dealt in blocks of {@code k} round robin over
     * {@code p} ranks, this rank being the {@code c}-th: MPI's darray rule, BLOCK being one block of ceil(g/p).
     */
    record Axis(long g, long p, long c, long k) {
        /** How many indices the rank owns. */
        long len() {
            long q = g / (p * k), r = g % (p * k);
            return q * k + Math.min(k, Math.max(0, r - c * k));
        }

        /** The global index of the rank's i-th index (ascending, as the darray's local array holds them). */
        long global(long i) { return ((i / k) * p + c) * k + i % k; }
    }

    /** This rank's three axes (the interleaved pattern: rows of ranks*block elements, of which the rank owns one block each). */
    Axis[] axes(int n, int rank, int[] dims) {
        if (interleaved()) {
            long rowLen = (long) n * block, rows = dims[0] / rowLen;
            if (dims[0] % rowLen != 0)
                throw new IllegalArgumentException("interleaved: " + dims[0] + " elements do not split into rows of ranks*block=" + n + "*" + block
                        + " (choose --total a multiple of " + rowLen + " elements)");
            return new Axis[] {new Axis(1, 1, 0, 1), new Axis(rows, 1, 0, rows), new Axis(rowLen, n, rank, block)};
        }
        int[] psizes = Dims.create(n, new int[3]);
        Axis[] a = new Axis[3];
        for (int d = 2, rest = rank; d >= 0; d--) {
            long k = kind.equals("block") ? (dims[d] + (long) psizes[d] - 1) / psizes[d] : block;
            a[d] = new Axis(dims[d], psizes[d], rest % psizes[d], k);
            rest /= psizes[d];
        }
        return a;
    }

    /** The rank's view of the file. */
    FileView view(int n, int rank, int[] dims, ElementType type) {
        Datatype t = Datatype.of(type);
        if (interleaved()) {
            Datatype ft = Datatype.resized(0, (long) n * block * type.size(), Datatype.contiguous(block, t));
            return new FileView((long) rank * block * type.size(), type, ft, DataRep.NATIVE);
        }
        Distribution[] dist = new Distribution[3];
        int[] dargs = new int[3];
        Arrays.fill(dist, kind.equals("block") ? Distribution.BLOCK : Distribution.CYCLIC);
        Arrays.fill(dargs, kind.equals("block") ? Darray.DFLT_DARG : block);
        return new FileView(0, type, Datatype.darray(n, rank, dims, dist, dargs, Dims.create(n, new int[3]), Order.C, t), DataRep.NATIVE);
    }
}
